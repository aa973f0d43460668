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

/** The detail the service sent with its step (`next_action[next_action.type]`), if it sent one. */
function detailOf(next: NextAction | null | undefined): Readonly<Record<string, unknown>> | undefined {
  const detail = next && (next as unknown as Record<string, unknown>)[next.type];
  return detail && typeof detail === 'object' ? (detail as Record<string, unknown>) : undefined;
}

/**
 * The step the service asks of the payer (`next_action`, an extension). A service that does not
 * send it, or a step without its detail (one the contract does not know: its detail is not read),
 * gets the push — what every wallet did before; null while pending says the payer has done their
 * part (a code taken, the operator still answering). Any other step is the service's, by its name:
 * what this page knows of it (an answer on its way, refused) stays while it is the same step.
 */
export function stepOf(next: NextAction | null | undefined, known?: Step): Step {
  if (next === null) return { type: 'wait' };
  // `a && a.b` rather than `a?.b` here and below: cheaper once lowered to the engine floor.
  const name = next ? next.type : '';
  const detail = name !== 'approve_on_phone' && detailOf(next);
  if (detail) {
    const same = known && known.type === 'step' && known.name === name ? known : null;
    return { type: 'step', name, detail, sending: !!same && same.sending, refused: same ? same.refused : null };
  }
  const push = next && next.type === 'approve_on_phone' && next.approve_on_phone;
  return { type: 'push', ussd: (push && push.ussd_code) || null };
}

/** When the step stops being possible, as the service says. */
const expiryOf = (next: NextAction | null | undefined) => {
  const detail = detailOf(next);
  return time(detail && (detail.expires_at as string | undefined));
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
