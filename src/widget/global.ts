// The script-tag build (dist/widget.js): defines <momo-checkout> and the one global, MomoCheckout.
// A page's inline script may run before this one (with `defer`, always): it queues its calls in
// `window.MomoCheckout = window.MomoCheckout || []`, and they run here, once the document is parsed.
import { setScriptUrl } from './config';
import { define } from './element';
import { open } from './open';
import { mount } from './mount';
import type { MomoCheckoutApi, MomoCheckoutReadyCallback } from './types';

// Where this script came from, where its server did not write it in (./config.ts): only a classic
// script knows, and only while it first runs. Only a real <script> counts: an element the page names
// `currentScript` (<img name="currentScript" src="https://evil.example/…">) replaces
// document.currentScript, and would otherwise take the API, the payer's details and the steps' code.
const script = document.currentScript;
setScriptUrl(script instanceof HTMLScriptElement ? script.src : undefined);
define();

/** A callback that throws is reported as uncaught; the others still run. */
function run(callback: MomoCheckoutReadyCallback, api: MomoCheckoutApi): void {
  try {
    callback(api);
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

// Assigned on window, not left to the build's `var`: a bundler that imports this file
// (`import 'momo-checkout/widget.js'`) keeps top-level names to its module, the page would see none.
const queued = window.MomoCheckout;
if (!queued || Array.isArray(queued)) {
  const api: MomoCheckoutApi = {
    mount,
    open,
    push(...callbacks) {
      // biome-ignore lint/suspicious/useIterableCallbackReturn: run() returns nothing; braces would add 2 bytes to widget.js
      const runAll = () => callbacks.forEach((callback) => run(callback, api));
      // An `async` script may run while the page is still being parsed: its elements may not exist yet.
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', runAll, { once: true });
      else runAll();
    },
  };
  window.MomoCheckout = api;
  if (queued) api.push(...queued);
}

// Types only (nothing is exported at run time): `import type { MomoCheckoutApi } from 'momo-checkout/widget.js'`.
export type {
  MomoCheckoutApi,
  MomoCheckoutElement,
  MomoCheckoutEventDetail,
  MomoCheckoutGlobal,
  MomoCheckoutOptions,
  MomoCheckoutReadyCallback,
} from './types';
