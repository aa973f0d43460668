// What a payment method brings to the checkout. The model and the screens know a method only
// through this: a method is its folder (src/methods/<type>/) and its line in ./index.ts (the
// registry, the model's side), ./views.ts (the form's) and ./screen-views.ts (the screens after
// the form), which the compiler holds to the registry's keys.
import type { FunctionComponent } from 'preact';
import type { PaymentIntentView, PaymentMethodData, WalletHealthView } from '../api/types';
import type { FieldError, Rules } from '../checkout/validation';
import type { Translate } from '../i18n';

/** What an intent read says its latest attempt paid with. */
export type PaidWith = NonNullable<PaymentIntentView['payment_method']>;

export interface PaymentMethod<Values extends { [K in keyof Values]: string }, View> {
  /** Its `payment_method_data.type`. */
  type: PaymentMethodData['type'];
  /** Its fields, empty or defaulted. */
  initial(defaultCountry?: string): Values;
  /**
   * Once the intent's currency is known, the fields to change (made as the payer's own edits)
   * where the method depends on it — mobile money is paid in the currency of the wallet's country;
   * none when the values can pay in it.
   */
  payIn(values: Values, currency: string, preferred: readonly (string | undefined)[]): Partial<Values>;
  /**
   * The values once the payer has typed `raw` in `field`: formatted as typed, completed where
   * the method can tell (`filled`: the fields the checkout filled in, not the payer); `currency`:
   * the intent's, once read (null before), which the values must be able to pay in; `health`:
   * the wallets not up, as the intent's read said (extension; none: every one is up), which the
   * method does not choose for the payer.
   */
  edit(
    values: Values,
    field: keyof Values,
    raw: string,
    filled: ReadonlySet<string>,
    currency: string | null,
    health?: readonly WalletHealthView[],
  ): { values: Values; filled: ReadonlySet<string> };
  rules: Rules<Values>;
  /** `payment_method_data` for values its rules pass. */
  data(values: Values): PaymentMethodData | undefined;
  /** The field a refused field of the confirm body (a dotted path) is, and what to say under it. */
  refusal(path: string, values: Values): [keyof Values, FieldError] | undefined;
  /**
   * Whether the operator may refuse these values so soon after an attempt that paid with `paid`
   * ended (Orange Money turns down the same amount from the same number within minutes).
   */
  refusesRepeat(values: Values, paid: PaidWith, endedAt: number, now: number): boolean;
  /** An attempt as the payer sees it: from the form that starts it, or from an intent read (null if it lacks the method's detail). */
  view(values: Values): View;
  viewOfIntent(paid: PaidWith): View | null;
}

/** What the form gives a method's fields. */
export interface FieldsProps<Values> {
  values: Values;
  /** The intent's currency; null until it is read (every choice is offered meanwhile). */
  currency: string | null;
  /** The messages to show now, by field. */
  errors: Partial<Record<keyof Values, FieldError>>;
  /** The fields the checkout filled in for the payer (a wallet detected from the number). */
  filled: ReadonlySet<string>;
  /** Extension: the wallets not up, as the intent's read said (absent: nothing is said of any). */
  health?: readonly WalletHealthView[] | undefined;
  onValue(field: keyof Values, value: string): void;
  onLeave(field: keyof Values): void;
}

/** How the screens show a method. */
export interface MethodViews<Values, View> {
  /** Its fields on the form. */
  Fields: FunctionComponent<FieldsProps<Values>>;
  /** What pays, by name ("MTN MoMo"). */
  label(view: View): string;
}

/**
 * How a method shows on the screens after the form (the hosted page fetches them as a part of their
 * own, src/hosted/screens.part.ts): apart from MethodViews, so that the page's first load carries none of it.
 */
export interface MethodScreenViews<View> {
  /** What the payer does while an attempt awaits their approval of the push (`ussd`: the code to dial the service gave, if any). */
  Instructions: FunctionComponent<{ view: View; amount: string; ussd: string | null }>;
  /**
   * What the payer can do when the push has not come after a while (shown once the wait is over;
   * its own region announces it politely): `now` is the model's clock.
   */
  Rescue?: FunctionComponent<{
    view: View;
    ussd: string | null;
    startedAt: number;
    expiresAt: number | null;
    now: () => number;
  }>;
  /** The receipt's rows about what paid: [label, value]. */
  receipt(view: View, t: Translate): [string, string][];
  /** The words of "send a new request", to the same details. */
  resend(view: View, t: Translate): string;
  /**
   * Whether `paid` (an intent's attempt, as the service masks it) is `view`'s, the form's: the same
   * wallet, the same number. Another is another phone's, shown as such (src/checkout/send.ts).
   */
  paidFrom(view: View, paid: PaidWith): boolean;
}
