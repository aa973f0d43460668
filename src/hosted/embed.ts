// The checkout in a frame of the merchant's page: the widget's isolated mode (src/widget/frame.ts is
// the other side). What the payer types stays in this document, out of the merchant page's reach.
// The frame announces itself, takes the intent from its parent once, and from then on speaks only
// to that parent's origin, and only of what the widget's events say: outcomes and its height.
import type { Customer } from '../api/types';
import type { ClientConfig } from '../api/http';
import type { CheckoutEventDetail, CheckoutOptions } from '../checkout/model';
import type { Lang } from '../i18n';

/** Where the frame's page is served (the hosted page's HTML, with headers that let it be framed). */
export const EMBED_PATH = '/embed';

export interface EmbedInit {
  intentId: string;
  clientSecret: string;
  lang: string | undefined;
  /** Whether the merchant listens for a cancel (the cancel link is shown only then). */
  cancel: boolean;
  /** What the merchant knows of the payer: the form starts with it. */
  customer: Customer | undefined;
}

/** The payer's details a parent sent: text fields only, anything else dropped. */
function customerOf(value: unknown): Customer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const given = value as Record<string, unknown>;
  const text = (key: string) => (typeof given[key] === 'string' ? (given[key] as string) : undefined);
  return { firstName: text('firstName'), lastName: text('lastName'), email: text('email'), phone: text('phone') };
}

/** Messages between the frame and its parent all carry `momo: <kind>`. */
export type FrameMessage =
  | { momo: 'ready' }
  // From index.html's inline script: this page's script, or its part, cannot be had or run.
  | { momo: 'stuck' }
  | {
      momo: 'init';
      intentId: string;
      clientSecret: string;
      lang?: string;
      cancel?: boolean;
      customer?: Customer | undefined;
    }
  | { momo: 'lang'; lang: string }
  | { momo: 'event'; type: 'succeeded' | 'failed' | 'attemptfailed' | 'canceled'; detail: CheckoutEventDetail }
  | { momo: 'height'; value: number };

export interface Parent {
  tell(type: 'succeeded' | 'failed' | 'attemptfailed' | 'canceled', detail: CheckoutEventDetail): void;
  /** Calls back with each language the parent asks for later. */
  onLang(callback: (lang: string) => void): void;
}

/**
 * Waits for the parent's `init` (from the window that framed this one, whatever its origin: that
 * is the merchant) and calls back once with it. A page that is not framed waits for nothing:
 * `onInit` is never called.
 */
export function awaitParent(onInit: (init: EmbedInit, parent: Parent) => void): void {
  const parent = window.parent;
  if (parent === window) return;
  let origin: string | undefined;
  let langListener: ((lang: string) => void) | undefined;
  addEventListener('message', (event: MessageEvent<FrameMessage | null>) => {
    const data = event.data;
    if (event.source !== parent || !data || typeof data !== 'object') return;
    // A parent of no origin (a sandboxed page: 'null') could hear nothing back: it gets no checkout.
    if (
      origin === undefined &&
      event.origin !== 'null' &&
      data.momo === 'init' &&
      typeof data.intentId === 'string' &&
      typeof data.clientSecret === 'string'
    ) {
      const parentOrigin = event.origin;
      origin = parentOrigin;
      const post = (message: FrameMessage) => parent.postMessage(message, parentOrigin);
      onInit(
        {
          intentId: data.intentId,
          clientSecret: data.clientSecret,
          lang: typeof data.lang === 'string' ? data.lang : undefined,
          cancel: data.cancel === true,
          customer: customerOf(data.customer),
        },
        {
          tell: (type, detail) => post({ momo: 'event', type, detail }),
          onLang: (callback) => (langListener = callback),
        },
      );
      reportHeight(post);
    } else if (event.origin === origin && data.momo === 'lang' && typeof data.lang === 'string') {
      if (langListener) langListener(data.lang);
    }
  });
  // Nothing secret in it: any origin may hear that a checkout frame is ready.
  parent.postMessage({ momo: 'ready' } satisfies FrameMessage, '*');
}

/** The parent sizes the frame to its content, so the page scrolls, never the frame. */
function reportHeight(post: (message: FrameMessage) => void): void {
  let last = 0;
  const report = () => {
    const value = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (value === last) return;
    last = value;
    post({ momo: 'height', value });
  };
  if (typeof ResizeObserver === 'function') new ResizeObserver(report).observe(document.documentElement);
  else {
    // An engine without ResizeObserver (iOS before 13.4): the height after every change of the
    // page's content or of the frame's width, and once the logo has loaded.
    new MutationObserver(report).observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    addEventListener('resize', report);
    addEventListener('load', report, true);
    report();
  }
}

/**
 * The isolated frame's page once its part has arrived: everything comes from the parent that framed
 * it. `show` renders the checkout (src/hosted/main.tsx), `pickLang` reads the language asked for:
 * the page's own, lent, so that this part carries no second copy of them.
 */
export function startEmbed(
  show: (options: CheckoutOptions, initial: string | null | undefined) => (lang: Lang) => unknown,
  api: ClientConfig,
  defaultCountry: string | undefined,
  pickLang: (requested: string | null | undefined) => Lang,
): void {
  awaitParent((init, parent) => {
    const setLang = show(
      {
        api,
        intentId: init.intentId,
        clientSecret: init.clientSecret,
        customer: init.customer,
        defaultCountry,
        onSucceeded: (detail) => parent.tell('succeeded', detail),
        onFailed: (detail) => parent.tell('failed', detail),
        onAttemptFailed: (detail) => parent.tell('attemptfailed', detail),
        ...(init.cancel ? { onCancel: (detail: CheckoutEventDetail) => parent.tell('canceled', detail) } : {}),
      },
      init.lang,
    );
    parent.onLang((next) => void setLang(pickLang(next)));
  });
}
