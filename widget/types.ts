// The widget's public types. They stand alone (no import from src/) so the declarations shipped to
// merchants describe the whole contract in a few lines.

/** What the merchant learns of an outcome: never the client secret, never the payer's number. */
export interface MomoCheckoutEventDetail {
  /** The payment intent, `pi_…`. */
  intentId: string;
  status: 'succeeded' | 'failed' | 'canceled';
  /** The operator charge (receipt reference) where one exists, else null. */
  chargeId: string | null;
}

export interface MomoCheckoutOptions {
  /** The payment intent to pay, `pi_…`. */
  intentId: string;
  /** Its client secret, `pi_…_secret_…`, from the merchant's server. */
  clientSecret: string;
  /** `fr` or `en`; default: the browser's language. */
  lang?: string;
  /** The payment service, e.g. `https://checkout.example.com`; default: where the widget was loaded from. */
  apiBase?: string;
  onSucceeded?(detail: MomoCheckoutEventDetail): void;
  onFailed?(detail: MomoCheckoutEventDetail): void;
  /** The payer chose to leave (cancel link; in the modal also Escape or the close button). */
  onCancel?(detail: MomoCheckoutEventDetail): void;
}

export interface MomoCheckoutHandle {
  /** Switches the language (`fr`, `en`) without restarting. */
  setLang(lang: string): void;
  /** Stops following the payment and removes the checkout; no callback is called afterwards. */
  destroy(): void;
}

/** The element's events, for `addEventListener` typing. */
export interface MomoCheckoutEventMap {
  succeeded: CustomEvent<MomoCheckoutEventDetail>;
  failed: CustomEvent<MomoCheckoutEventDetail>;
  canceled: CustomEvent<MomoCheckoutEventDetail>;
}
