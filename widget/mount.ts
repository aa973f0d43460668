import { attachFrame } from './frame';
import { attach } from './instance';
import type { MomoCheckoutHandle, MomoCheckoutOptions } from './types';

const mounted = new WeakMap<ShadowRoot, MomoCheckoutHandle>();

/**
 * Renders the checkout into `target`'s (open) shadow root — or, `isolated`, a frame of the checkout's
 * origin holding it; mounting again replaces the first one.
 */
export function mount(target: Element | string, options: MomoCheckoutOptions): MomoCheckoutHandle {
  const element = typeof target === 'string' ? document.querySelector(target) : target;
  if (!element) throw new Error(`momo-checkout: no element matches ${JSON.stringify(target)}.`);
  let root = element.shadowRoot;
  if (!root) {
    try {
      root = element.attachShadow({ mode: 'open' });
    } catch (cause) {
      throw new Error(`momo-checkout: cannot mount into <${element.localName}>; use a <div>.`, { cause });
    }
  }
  mounted.get(root)?.destroy();
  const { setLang, destroy } = options.isolated ? attachFrame(root, options) : attach(root, options);
  const handle = { setLang, destroy };
  mounted.set(root, handle);
  return handle;
}
