// The one place that turns what the service says about an intent into a screen. Pure: no I/O,
// no clock of its own, so every case is a plain unit test.
import type { PaymentIntentView as PaymentIntent } from '../api/types';
import { methodOf } from '../methods';
import { DEFAULT_APPROVAL_WINDOW_MS } from './constants';
import type { Attempt, ErrorKind, Receipt, Screen } from './screens';

/** What the intent says paid, as this checkout shows it; null for a method it does not know. */
function methodOfIntent(intent: PaymentIntent) {
  const paid = intent.payment_method;
  return (paid && methodOf(paid.type)?.viewOfIntent(paid)) ?? null;
}

export function attemptFromIntent(intent: PaymentIntent, fallback?: Attempt): Attempt {
  const startedAt = Date.parse(intent.updated_at);
  const expires = intent.approval_expires_at ? Date.parse(intent.approval_expires_at) : NaN;
  return {
    // The details as this page showed them while starting the attempt, when it did.
    method: fallback?.method ?? methodOfIntent(intent),
    startedAt: fallback?.startedAt ?? startedAt,
    expiresAt: Number.isFinite(expires) ? expires : (fallback?.expiresAt ?? startedAt + DEFAULT_APPROVAL_WINDOW_MS),
  };
}

export function receiptFromIntent(intent: PaymentIntent, attempt?: Attempt): Receipt {
  const charge = intent.event.charges.find((c) => c.charge_id === intent.charge_id);
  return {
    amount: intent.amount,
    currency: intent.currency,
    // The number as this page showed it while waiting, when it is the one that paid.
    method: attempt?.method ?? methodOfIntent(intent),
    reference: intent.charge_id,
    date: charge?.updated_at ?? intent.updated_at,
  };
}

/** What a canceled intent's reason (decision, README) tells the payer; any other: canceled. */
const CANCELLATIONS: Readonly<Record<string, ErrorKind>> = { expired: 'expired', too_many_attempts: 'tooManyAttempts' };

/**
 * The screen for an intent as read from the service. `attempt` is what this page knows of the
 * attempt it started (masked number, start time), used in preference to the intent's summary.
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
      return { name: 'error', error: CANCELLATIONS[intent.cancellation_reason ?? ''] ?? 'canceled', recovery: null };
    default:
      // A status this page does not know: never guess "failed" or "paid".
      return { name: 'error', error: 'unknownStatus', recovery: 'check' };
  }
}
