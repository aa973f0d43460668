import { translator } from '../i18n';
import { loadPart } from '../parts/load';
import { langOf, partsBaseOf } from './config';
import { later } from './later';
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
  const before = mounted.get(root);
  if (before) before.destroy();
  let handle: MomoCheckoutHandle;
  try {
    const { setLang, destroy } = options.isolated ? isolated(root, options) : attach(root, options);
    handle = { setLang, destroy };
  } catch (cause) {
    handle = cannotStart(root, options.lang, cause);
  }
  mounted.set(root, handle);
  return handle;
}

// Not in the catalogues, which the hosted page carries too and would never show this from.
const UNSUPPORTED = [
  'Pour payer, mettez à jour votre navigateur ou utilisez-en un autre.',
  'To pay, update your browser or use another one.',
];

/**
 * An engine below the floor (docs/integration.md, "Browsers") that runs widget.js but not the checkout: the
 * payer reads what to do, in their language (French or English: another would be fetched by the
 * very code that failed; French for a payer of neither), never an empty box; the console says why.
 */
function cannotStart(root: ShadowRoot, lang: string | undefined, cause: unknown): MomoCheckoutHandle {
  console.error('momo-checkout:', cause);
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  // biome-ignore lint/style/noNonNullAssertion: two messages, indexed by 0 or 1
  message.textContent = UNSUPPORTED[+(langOf(lang) === 'en')]!;
  root.textContent = '';
  root.append(message);
  return { setLang() {}, destroy: () => message.remove() };
}

/**
 * The isolated mode (./frame.ts) is a part of its own (dist/steps/frame.js), fetched from the
 * checkout's origin beside the frame's own page: widget.js carries it for nobody who never asks.
 */
function isolated(root: ShadowRoot, options: MomoCheckoutOptions): MomoCheckoutHandle {
  const base = partsBaseOf(options.apiBase);
  const lang = langOf(options.lang);
  const context = { origin: new URL(base).origin, lang, t: translator(lang), langOf };
  return later(
    loadPart<typeof import('./frame').attachFrame>('frame', base).then(
      (attachFrame) => () => attachFrame(root, options, context),
    ),
    `the isolated mode, from ${base},`,
  );
}
