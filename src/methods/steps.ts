// The seam of an approval step: what the service asks of the payer after the confirm, beyond the
// push (`next_action`), is a step named as the service names it (`next_action.type`: `enter_otp`,
// `open_wallet`). The checkout knows none by name: a step's script (dist/steps/<name>.js, built from
// src/methods/<method>/steps/<name>.entry.ts) is fetched only when the service asks for that step —
// as the languages are — so widget.js and the hosted page carry none of them (src/parts/load.ts).
// A step's script brings its heading and component with their messages in every language; the page
// lends it Preact and the helpers it shares (StepLib, ./step-lib.ts), so both render with one Preact.
import type { FunctionComponent } from 'preact';
import type { CheckoutModel } from '../checkout/model';
import type { Attempt } from '../checkout/screens';
import type { Lang } from '../i18n';
import type { fillText } from '../i18n/fill';
import type { StepLib } from './step-lib';

export type { StepAnswer } from '../checkout/send';
export type { StepLib };

export interface StepProps {
  model: CheckoutModel;
  attempt: Attempt;
  lang: Lang;
  /** The amount as the payer reads it ("5 000 F CFA"). */
  amount: string;
  /** The wallet's name ("Orange Money"). */
  wallet: string;
  /** Where the checkout's files are ('' for this page's origin): a step loads its parts from there. */
  base: string;
}

export type StepFactory = (lib: StepLib) => FunctionComponent<StepProps>;

/** The one way every text of the checkout is filled in (src/i18n/fill.ts): lent to a step, by the page (StepLib) and by the server. */
export type FillText = typeof fillText;

/** What a step's script brings: registered under the service's name for the step (./register-step.ts). */
export interface StepPart {
  /** The waiting screen's heading while the step is asked, filled in by the text filler lent. */
  heading(lang: Lang, wallet: string, fillText: FillText): string;
  /** Its component, made once with what the page lends. */
  make: StepFactory;
  /**
   * What the payer answers in the step is the approval itself (a one-time code typed here): the
   * waiting screen then offers no "I approved — check now" beside it, which would mean nothing.
   */
  approvesHere?: true;
  /**
   * The step's wallet pays without the number typed (Wave approves in its app): the waiting screen
   * then says how to pay with another operator, never "Wrong number?".
   */
  takesNoNumber?: true;
}

/** A QR code's modules: `get(x, y)` is true for a dark one. */
export interface QrCode {
  size: number;
  get(x: number, y: number): boolean;
}

/**
 * What the page without JavaScript (src/server/plain-status.ts) shows while the step is asked: the
 * step's HTML renderer, server code kept in the step's folder and listed in ./step-registry.ts.
 */
export interface StepPage {
  /** The status page's heading (the same as the step's script's: StepPart's). */
  heading: StepPart['heading'];
  /** The status page's content under its heading (HTML). */
  html(props: StepPageProps): string;
  /** Seconds between the page's reloads; 0: none (a reload would take away what the payer types). */
  refresh: number;
  /** A step the payer answers in its form: what the form carries, which the server sends to the service. */
  answer?: StepPageAnswer;
}

/** How the page without JavaScript (src/server/plain-answer.ts) sends a step's answer, typed in its form. */
export interface StepPageAnswer {
  /** The service's endpoint for the answer, under the intent's: `POST /v1/payment-intents/{id}/<path>`. */
  path: string;
  /**
   * The answer the posted form carries, as the endpoint takes it (the server adds the client
   * secret), or why it is none (`refused`: said on the step's form again, as StepPageProps' `refused`).
   */
  read(
    form: URLSearchParams,
    detail: Readonly<Record<string, unknown>>,
  ): { answer: Readonly<Record<string, string>> } | { refused: string };
}

export interface StepPageProps {
  lang: Lang;
  /** What the service sent with the step (`next_action[name]`), as the contract reads it. */
  detail: Readonly<Record<string, unknown>>;
  wallet: string;
  /** The amount, the number paying (masked), as the payer reads them. */
  amount: string;
  phone: string;
  /** The page's escaping of a text for HTML. */
  esc(text: string): string;
  /** The one way a text is filled in, as the page lends it to the step's script. */
  fillText: FillText;
  /** Where a form of the step posts the payer's answer, and its hidden fields (HTML). */
  form: { action: string; hidden: string };
  /** Why the payer's last answer was not taken: 'short' (not the step's length), else the service's error code. */
  refused: string | null;
  /** "Check now": the link that reads the payment again (HTML). */
  check: string;
  /** The payer's browser as it names itself (User-Agent): a chat app's own browser may open no app link. */
  userAgent: string;
  /** The payment's page in full, with nothing secret in it: where the payer continues in another browser. */
  resume: string;
}
