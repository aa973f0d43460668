// Every change of screen, as one pure function: the screen now × what happened → the next screen.
// The model's parts say what happened (a read landed, the payer pressed pay, a code was refused)
// and outcome.dispatch is the one writer of the screen; what may follow what is answered here
// alone, and test/checkout/transition.test.ts walks every screen with every event.
import type { PaymentIntentView as PaymentIntent } from '../api/types';
import type { Message } from '../i18n';
import { DEADLINE_GRACE_MS, DEFAULT_APPROVAL_WINDOW_MS } from './constants';
import type { Attempt, ErrorKind, ReceiptDetails, Screen } from './screens';
import { screenForIntent } from './status';

export type CheckoutEvent =
  /** The intent (and its session) are read anew: the first load, "try again", back from a cancel. */
  | { type: 'load' }
  /** The link cannot be paid here: wrong, another intent's, a session the service cannot show, ended. */
  | { type: 'refuse'; error: 'badLink' | 'badSecret' | 'sessionUnavailable' | 'expired' }
  /**
   * A read of the intent landed; `known` is what this page knows of the attempt it shows, `now` the
   * clock; `theirs`: the attempt it shows is another phone's, not this page's to show.
   */
  | { type: 'read'; intent: PaymentIntent; known?: Attempt | undefined; now: number; theirs?: boolean }
  /** A call failed, with no screen of its own to go to. */
  | { type: 'fail'; error: ErrorKind; recovery: 'reload' | 'check' | null }
  /** The payer pressed pay with a form its rules pass: the attempt this page starts. */
  | { type: 'submit'; attempt: Attempt }
  /** The form again, with a word: fix the fields, wait N seconds, no charge has reached us yet. */
  | { type: 'notice'; notice: Message }
  /** The service answered a confirm or a code: paid… */
  | { type: 'paid'; receipt: ReceiptDetails }
  /** …or an attempt that awaits the payer. */
  | { type: 'await'; attempt: Attempt }
  /** The payer's answer to a step (a one-time code) is on its way to the service. */
  | { type: 'send' }
  /**
   * The answer was not taken: the service's error code (a wrong code…), else the kind of failure
   * (./screens); `ends`: a refusal the step says ends the attempt (its window has passed).
   */
  | { type: 'refused'; why: string; ends?: boolean }
  /** The intent this page showed is no longer found. */
  | { type: 'lost' }
  /** The payer leaves. */
  | { type: 'cancel' }
  /** After a failure, the form again ("change the number"); after a hand-off, "I'll pay myself". */
  | { type: 'edit' }
  /** The payer hands the payment on to someone else, who pays it on their own phone: this page follows it. */
  | { type: 'share' };

/** Until when an attempt is followed: its window as the service says, else MTN's five minutes, plus a grace. */
export const followUntil = (attempt: Attempt) =>
  (attempt.expiresAt || attempt.startedAt + DEFAULT_APPROVAL_WINDOW_MS) + DEADLINE_GRACE_MS;

/** The attempt a screen follows, if any. */
export const attemptOf = (screen: Screen): Attempt | undefined =>
  screen.name === 'confirming' || screen.name === 'pending' || screen.name === 'unknown' ? screen.attempt : undefined;

/**
 * The screen after `event`, or `screen` itself (the same object) when the event changes nothing
 * there: a second click while a confirm is on its way, a read landing after the payer left, a
 * late read once paid.
 */
export function transition(screen: Screen, event: CheckoutEvent): Screen {
  const { name } = screen;
  // Paid is final; a payer who left is not brought back by what was on its way.
  const settled = name === 'succeeded' || name === 'canceled';
  switch (event.type) {
    case 'load':
      return name === 'loading' || name === 'error' || name === 'canceled' ? { name: 'loading' } : screen;
    case 'refuse':
      return name === 'loading' ? { name: 'error', error: event.error, recovery: null } : screen;
    case 'read': {
      if (settled) return screen;
      const next = screenForIntent(event.intent, event.known);
      // Handed on, or a read of another phone's attempt (its failure's reason dropped: outcome.apply):
      // paid is the receipt, without the number the other phone paid from. Handed on, an end is said,
      // and anything else (an attempt of theirs under way or failed) leaves the page following;
      // another phone's attempt under way is `elsewhere`, whatever else it comes to is shown.
      if (name === 'shared' || event.theirs)
        return next.name === 'succeeded'
          ? { name: 'succeeded', receipt: { ...next.receipt, method: null, byOther: true } }
          : name === 'shared'
            ? next.name === 'error'
              ? next
              : screen
            : next.name === 'pending'
              ? { name: 'elsewhere' }
              : next;
      // The form is still the form: a notice on it stays.
      if (next.name === 'form' && name === 'form') return screen;
      // Past the approval window and its grace, an unanswered attempt is "still verifying", never
      // "failed": the operator may yet report it approved.
      if (next.name === 'pending' && event.now > followUntil(next.attempt))
        return { name: 'unknown', attempt: next.attempt };
      return next;
    }
    case 'fail':
      if (settled) return screen;
      // A read after an attempt ended that fails: the attempt's screen stays, with its new request,
      // and says what went wrong.
      return name === 'failed'
        ? { ...screen, error: event.error }
        : { name: 'error', error: event.error, recovery: event.recovery };
    case 'submit':
      return name === 'form' ? { name: 'confirming', attempt: event.attempt } : screen;
    case 'notice':
      return name === 'form' || name === 'confirming' ? { name: 'form', notice: event.notice } : screen;
    case 'paid':
      return name === 'confirming' || name === 'pending' ? { name: 'succeeded', receipt: event.receipt } : screen;
    case 'await':
      return name === 'confirming' || name === 'pending' ? { name: 'pending', attempt: event.attempt } : screen;
    case 'send':
    case 'refused': {
      if (screen.name !== 'pending') return screen;
      const { step } = screen.attempt;
      if (step.type !== 'step' || step.sending === (event.type === 'send')) return screen;
      const refused = event.type === 'refused' ? event.why : null;
      // Too late: the attempt's window has passed and it has ended, as the service says — no answer
      // can pay it now, whatever the read that follows finds (or fails to).
      if (event.type === 'refused' && event.ends)
        return { name: 'failed', reason: 'approval_timeout', ended: screen.attempt };
      return { name: 'pending', attempt: { ...screen.attempt, step: { ...step, sending: !refused, refused } } };
    }
    case 'lost':
      return settled ? screen : { name: 'error', error: 'lost', recovery: 'check' };
    case 'cancel':
      // While the intent is read or a confirm is on its way, leaving is not offered: the merchant
      // would hear "canceled" of a payment that may yet start.
      return settled || name === 'loading' || name === 'confirming' ? screen : { name: 'canceled' };
    case 'edit':
      return name === 'failed' || name === 'shared' ? { name: 'form' } : screen;
    case 'share':
      return name === 'form' || name === 'failed' ? { name: 'shared' } : screen;
  }
}
