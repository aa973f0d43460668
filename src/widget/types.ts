// The widget's public types. They stand alone (no import from src/ but the table of languages, which
// the declarations shipped to merchants carry along) so those describe the whole contract in a few
// lines, and the `declare global` blocks below type what a page sees: the <momo-checkout> element,
// its events and the MomoCheckout global.
import type { Lang } from '../i18n/languages';

/**
 * A language the checkout speaks, by its code (`fr`, `en`, `ar`, `es`, `pt`: src/i18n/languages.ts),
 * alone or with a region (`fr-CG`, `ar-TD`).
 */
export type MomoCheckoutLang = Lang | `${Lang}-${string}`;

/** What the merchant learns of an outcome: never the client secret, never the payer's number. */
export interface MomoCheckoutEventDetail {
  /** The payment intent, `pi_…`. */
  intentId: string;
  status: 'succeeded' | 'failed' | 'canceled';
  /** The operator charge (receipt reference) where one exists, else null. */
  chargeId: string | null;
}

export type MomoCheckoutCallback = (detail: MomoCheckoutEventDetail) => void;

/** The payer as you know them: the form starts with it, every field still theirs to change. */
export interface MomoCheckoutCustomer {
  firstName?: string | undefined;
  lastName?: string | undefined;
  /** Where the receipt goes. */
  email?: string | undefined;
  /** Their mobile-money number in international form, `+221 77 123 45 00`: its country comes from the calling code. */
  phone?: string | undefined;
}

// Optional options also take `undefined`, so a project with exactOptionalPropertyTypes can pass a
// value it may not have (`lang: user.lang`).
export interface MomoCheckoutOptions {
  /** The payment intent to pay, `pi_…`. */
  intentId: string;
  /** Its client secret, `pi_…_secret_…`, from the merchant's server. */
  clientSecret: string;
  /**
   * `fr` (built in), or another of the languages (fetched from the checkout's origin when asked
   * for), with or without a region; default: the browser's language. The element's attribute takes
   * any text, and one it does not speak is reported in the console.
   */
  lang?: MomoCheckoutLang | undefined;
  /** The payment service, e.g. `https://checkout.example.com`; default: where the widget was loaded from. */
  apiBase?: string | undefined;
  /**
   * The checkout in a frame served by the checkout's origin (`apiBase`), out of reach of this page's
   * scripts: what the payer types cannot be read, nor the amount repainted. Default: false, the
   * checkout in the element's open shadow root (see the trust model in docs/decisions.md).
   */
  isolated?: boolean | undefined;
  /** What you know of the payer: the form starts filled with it (names, e-mail, number), nothing asked twice. */
  customer?: MomoCheckoutCustomer | undefined;
  /** Paid: told once per payment in this tab (a reopened dialog or a reload does not tell it again; another tab may). Confirm it on your server. */
  onSucceeded?: MomoCheckoutCallback | undefined;
  /** The payment can no longer be made: its attempts ran out, its checkout session ended, it was canceled. */
  onFailed?: MomoCheckoutCallback | undefined;
  /** One attempt failed (declined, too little money, not approved in time); the payer may try again on the same checkout. */
  onAttemptFailed?: MomoCheckoutCallback | undefined;
  /** The payer chose to leave (cancel link; in the modal also Escape or the close button). */
  onCancel?: MomoCheckoutCallback | undefined;
}

export interface MomoCheckoutHandle {
  /** Switches the language without restarting. */
  setLang(lang: MomoCheckoutLang): void;
  /** Stops following the payment and removes the checkout; no callback is called afterwards. */
  destroy(): void;
}

/** The element's own events: bubbling and composed, so they also reach the document. */
export interface MomoCheckoutEventMap {
  succeeded: CustomEvent<MomoCheckoutEventDetail>;
  failed: CustomEvent<MomoCheckoutEventDetail>;
  attemptfailed: CustomEvent<MomoCheckoutEventDetail>;
  canceled: CustomEvent<MomoCheckoutEventDetail>;
}

export interface MomoCheckoutElementEventMap extends HTMLElementEventMap, MomoCheckoutEventMap {}

type Listener<E> = (this: MomoCheckoutElement, event: E) => unknown;

/**
 * `<momo-checkout intent="pi_…" client-secret="pi_…_secret_…" lang="fr" api-base="…" isolated>`: configured by
 * its attributes; `addEventListener('succeeded', (event) => event.detail.chargeId)` is typed.
 */
export interface MomoCheckoutElement extends HTMLElement {
  addEventListener<K extends keyof MomoCheckoutElementEventMap>(
    type: K,
    listener: Listener<MomoCheckoutElementEventMap[K]>,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof MomoCheckoutElementEventMap>(
    type: K,
    listener: Listener<MomoCheckoutElementEventMap[K]>,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

/** Called with the widget's API once widget.js has run and the document is parsed. */
export type MomoCheckoutReadyCallback = (checkout: MomoCheckoutApi) => void;

/** `window.MomoCheckout` once widget.js has run. */
export interface MomoCheckoutApi {
  /** Renders the checkout into `target` (an element or a selector); mounting again replaces it. */
  mount(target: Element | string, options: MomoCheckoutOptions): MomoCheckoutHandle;
  /** The checkout in a modal dialog over the page. */
  open(options: MomoCheckoutOptions): MomoCheckoutHandle;
  /** Runs each callback now (after the document is parsed): the same call works before and after load. */
  push(...callbacks: MomoCheckoutReadyCallback[]): void;
}

/**
 * Before widget.js has run, `window.MomoCheckout` is undefined, or the queue a page started:
 * `(window.MomoCheckout = window.MomoCheckout || []).push((checkout) => checkout.mount(…))` works in
 * both cases, and in every browser of the floor (`??=` does not parse before Chrome 85).
 */
export type MomoCheckoutGlobal = MomoCheckoutApi | MomoCheckoutReadyCallback[];

declare global {
  interface HTMLElementTagNameMap {
    'momo-checkout': MomoCheckoutElement;
  }
  // `var`: a global of the page, read as `MomoCheckout` or `window.MomoCheckout`.
  // eslint-disable-next-line no-var
  var MomoCheckout: MomoCheckoutGlobal | undefined;
}
