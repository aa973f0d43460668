// The ES module (`import { mount } from 'momo-checkout/widget'`). Importing it touches no window or
// document, so server rendering is safe: the element exists once define() is called.
import { setScriptUrl } from './config';

export { define } from './element';
export { mount } from './mount';
export { open } from './open';
export type * from './types';

// Where this module was loaded from; a merchant's bundle moves it, so bundlers pass apiBase.
setScriptUrl(import.meta.url);
