// The script-tag build (dist/widget.js): defines <momo-checkout> and the one global, MomoCheckout.
import { setScriptUrl } from './config';
import { define } from './element';

export { mount } from './mount';
export { open } from './modal';

// Only a classic script knows its own address, and only while it first runs: the API is there.
setScriptUrl((document.currentScript as HTMLScriptElement | null)?.src);
define();
