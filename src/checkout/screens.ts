// What the payer can be shown: a closed set of screens. `name` is also the root element's
// data-state attribute, for merchants' styling and for tests.
import type { Message } from '../i18n';
import type { MethodView } from '../methods';

/**
 * What the payer does to approve the attempt, as the service's `next_action` says (an extension).
 * Two are built in: approve the operator's push with their PIN — also what a service that says
 * nothing gets — and wait, once the payer has done their part. Any other is a step the checkout
 * knows only by the service's name for it (`next_action.type`), whose script (src/methods/steps.ts)
 * reads its `detail` and shows it.
 */
export type Step =
  | { type: 'push'; ussd: string | null }
  | {
      type: 'step';
      /** The service's name for the step (`enter_otp`, `open_wallet`): its script's name too. */
      name: string;
      /** What the service sent with it (`next_action[name]`), as the contract reads it. */
      detail: Readonly<Record<string, unknown>>;
      /** An answer of the payer's (a code typed) is on its way to the service. */
      sending: boolean;
      /**
       * Why the last answer was not taken: the service's error code, which the step explains
       * (the one-time code's `otp_invalid`: wrong; any other: refused), or the kind of failure when
       * no code came with it ('network' and 'timeout': no answer; 'http', 'invalid_response': an
       * answer that says nothing). A refusal that ends the attempt (an expired code) is not here:
       * its attempt has ended (./transition).
       */
      refused: string | null;
    }
  /** The payer has done their part (a code taken): the operator is still answering. */
  | { type: 'wait' };

export interface Attempt {
  /** What paid, as the payer sees it (the wallet, the number masked); null if the service does not say. */
  method: MethodView | null;
  /** Its charge, once the service has named it: a read of another attempt is not this one. */
  chargeId: string | null;
  startedAt: number;
  /** When the operator stops taking an approval, as the service says (ms since the epoch); null: it does not say. */
  expiresAt: number | null;
  step: Step;
}

export interface ReceiptDetails {
  amount: number;
  currency: string;
  method: MethodView | null;
  reference: string | null;
  date: string;
  /** Paid by someone else, through the link this page handed on: the receipt says so, and shows no number. */
  byOther?: boolean;
}

export type ErrorKind =
  | 'network'
  | 'server'
  | 'invalidResponse'
  | 'notFound'
  /** The intent this page was following is no longer found. */
  | 'lost'
  | 'badLink'
  | 'badSecret'
  | 'expired'
  | 'canceled'
  /** The service canceled the intent after as many attempts as it allows. */
  | 'tooManyAttempts'
  /** A session link on a service that cannot show sessions (no GET /v1/sessions/{id}). */
  | 'sessionUnavailable'
  | 'unknownStatus'
  | 'confirmUnknown';

export type Screen =
  | { name: 'loading' }
  | { name: 'form'; notice?: Message }
  /** A confirm is on its way, for the attempt this page starts. */
  | { name: 'confirming'; attempt: Attempt }
  | { name: 'pending'; attempt: Attempt }
  | { name: 'unknown'; attempt: Attempt }
  /**
   * The payer handed the payment on to someone else (a link they sent, docs/decisions.md "Someone
   * else pays"): the page follows the intent until it is paid, by whichever phone.
   */
  | { name: 'shared' }
  /**
   * An attempt this page did not start is under way — on the payer's phone, seen from a relative's
   * page; on the relative's, seen from a payer's tab that lost the race to pay (docs/decisions.md
   * "Someone else pays"): nothing of it is shown (its number, its step, why it fails); the page
   * follows it to the receipt, or to the form once it has ended without paying.
   */
  | { name: 'elsewhere' }
  | { name: 'succeeded'; receipt: ReceiptDetails }
  | {
      name: 'failed';
      reason: string;
      /**
       * The attempt, when this page learned of its end from the service's refusal of an answer
       * (an expired code) rather than from a read of the intent, which follows and may fail.
       */
      ended?: Attempt;
      /** A read since, that failed: the screen says so beside its ways on, and offers to check again. */
      error?: ErrorKind;
    }
  /** The payer left a checkout that has no return address (a widget): it says so, and can come back. */
  | { name: 'canceled' }
  | { name: 'error'; error: ErrorKind; recovery: 'reload' | 'check' | null };
