// The one place that turns what the service says about an intent into a screen. Pure: no I/O,
// no clock of its own, so every case is a plain unit test.
import type { NextAction, PaymentIntentView as PaymentIntent } from '../api/types';
import { methodOf } from '../methods';
import type { Attempt, ErrorKind, ReceiptDetails, Screen, Step } from './screens';

/** What the intent says paid, as this checkout shows it; null for a method it does not know. */
function methodOfIntent(intent: PaymentIntent) {
  const paid = intent.payment_method;
  const method = paid && methodOf(paid.type);
  return (method && method.viewOfIntent(paid)) || null;
}

const time = (text: string | null | undefined) => (text ? Date.parse(text) : NaN);

/**
 * The wallet's launch address the service sent (`open_wallet.url`), if it is one a page may open:
 * an http(s) address, never a `javascript:` or other link. Any other: null, and the step says to
 * approve in the wallet's app, without a link.
 */
export const launchUrl = (url: string): string | null => (/^https?:\/\/\S+$/.test(url) ? url : null);

/**
 * The step the service asks of the payer (`next_action`, an extension). A service that does not
 * send it, or a step this page does not know, gets the push — what every wallet did before; the
 * wallet's app with a launch address it will not open, the app step without a link (never the
 * push: that wallet sends no prompt); null while pending says the payer has done their part (a
 * code taken, the operator still answering).
 */
export function stepOf(next: NextAction | null | undefined, known?: Step): Step {
  if (next === null) return { type: 'wait' };
  // `a && a.b` rather than `a?.b` here and below: cheaper once lowered to the engine floor.
  const otp = next && next.type === 'enter_otp' && next.enter_otp;
  const knownOtp = known && known.type === 'otp' ? known : null;
  if (otp)
    return {
      type: 'otp',
      dial: otp.dial_code,
      length: otp.length,
      sending: !!knownOtp && knownOtp.sending,
      refused: knownOtp ? knownOtp.refused : null,
    };
  const wallet = next && next.type === 'open_wallet' && next.open_wallet;
  if (wallet) return { type: 'app', url: launchUrl(wallet.url) };
  const push = next && next.type === 'approve_on_phone' && next.approve_on_phone;
  return { type: 'push', ussd: (push && push.ussd_code) || null };
}

/** When the step stops being possible, as the service says. */
const expiryOf = (next: NextAction | null | undefined) => {
  const step = next && (next.enter_otp || next.open_wallet || next.approve_on_phone);
  return time(step && step.expires_at);
};

/**
 * The attempt an intent read shows. `known` is what this page knows of it (the details it showed
 * while starting it, the code it is sending), used only while the read is of that same attempt.
 */
export function attemptFromIntent(intent: PaymentIntent, known?: Attempt): Attempt {
  const same = known && (known.chargeId === null || known.chargeId === intent.charge_id) ? known : undefined;
  const expires = [time(intent.approval_expires_at), expiryOf(intent.next_action)].find(Number.isFinite);
  const { method, startedAt, expiresAt, step }: Partial<Attempt> = same || {};
  return {
    // The details as this page showed them while starting the attempt, when it did.
    method: method ?? methodOfIntent(intent),
    chargeId: intent.charge_id,
    startedAt: startedAt ?? Date.parse(intent.updated_at),
    expiresAt: expires || expiresAt || null,
    step: stepOf(intent.next_action, step),
  };
}

/** The attempt a confirm's answer starts: what the page sent, and what the service asks next. */
export function attemptFromAnswer(
  started: Attempt,
  answer: { id: string; next_action?: NextAction | null | undefined },
): Attempt {
  const expires = expiryOf(answer.next_action);
  return {
    ...started,
    chargeId: answer.id,
    expiresAt: Number.isFinite(expires) ? expires : started.expiresAt,
    step: stepOf(answer.next_action, started.step),
  };
}

export function receiptFromIntent(intent: PaymentIntent, attempt?: Attempt): ReceiptDetails {
  const charge = intent.event.charges.find((c) => c.charge_id === intent.charge_id);
  return {
    amount: intent.amount,
    currency: intent.currency,
    // The number as this page showed it while waiting, when it is the one that paid.
    method:
      (attempt && (attempt.chargeId === null || attempt.chargeId === intent.charge_id) && attempt.method) ||
      methodOfIntent(intent),
    reference: intent.charge_id,
    date: (charge && charge.updated_at) || intent.updated_at,
  };
}

/** What a canceled intent's reason (decision: docs/decisions.md) tells the payer; any other: canceled. */
const CANCELLATIONS: Readonly<Record<string, ErrorKind>> = { expired: 'expired', too_many_attempts: 'tooManyAttempts' };

/**
 * The screen for an intent as read from the service. `attempt` is what this page knows of the
 * attempt it follows (masked number, start time, the code it sends), used in preference to the
 * intent's summary of that same attempt.
 */
export function screenForIntent(intent: PaymentIntent, attempt?: Attempt): Screen {
  switch (intent.status) {
    case 'succeeded':
      return { name: 'succeeded', receipt: receiptFromIntent(intent, attempt) };
    case 'pending':
      return { name: 'pending', attempt: attemptFromIntent(intent, attempt) };
    case 'requires_payment_method': {
      const error = intent.last_payment_error;
      return error ? { name: 'failed', reason: error.code } : { name: 'form' };
    }
    case 'canceled':
      return { name: 'error', error: CANCELLATIONS[intent.cancellation_reason || ''] || 'canceled', recovery: null };
    default:
      // A status this page does not know: never guess "failed" or "paid".
      return { name: 'error', error: 'unknownStatus', recovery: 'check' };
  }
}
