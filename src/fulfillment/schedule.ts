// The pace of following, as pure functions of a payment and the clock: what a read of the intent
// means, and when to read it again. Tested on their own (test/fulfillment/schedule.test.ts).
import type { PaymentIntent } from '../api';
import type { FollowedPayment } from './types';

export interface Pace {
  /** While an approval is awaited on the payer's phone: approvals take seconds to a minute. */
  pendingMs: number;
  /** While nobody is paying: starts here, doubles each read, up to `idleMaxMs`. */
  idleMs: number;
  idleMaxMs: number;
  /** After the window, still followed (never dropped), this slowly. */
  overdueMs: number;
  /** Back-off after a failed read (the service is down or refusing): doubles up to `backoffMaxMs`. */
  backoffMs: number;
  backoffMaxMs: number;
  /** How long a payment's approval may take past its session's end (the service's approval window). */
  approvalWindowMs: number;
  /** How long the service must keep saying it does not know a payment before it is reported lost. */
  lostAfterMs: number;
}

export const DEFAULT_PACE: Pace = {
  pendingMs: 5_000,
  idleMs: 15_000,
  idleMaxMs: 5 * 60_000,
  overdueMs: 15 * 60_000,
  backoffMs: 2_000,
  backoffMaxMs: 5 * 60_000,
  approvalWindowMs: 5 * 60_000,
  lostAfterMs: 60 * 60_000,
};

/** How long a payment without a session is followed before it is reported overdue. */
export const DEFAULT_WINDOW_MS = 60 * 60_000;

/** The end a read shows, or null while the payment may still be paid. */
export function outcomeOf(intent: PaymentIntent): 'paid' | 'failed' | 'expired' | null {
  if (intent.status === 'succeeded') return 'paid';
  if (intent.status !== 'canceled') return null;
  return intent.cancellation_reason === 'expired' ? 'expired' : 'failed';
}

/** ±10 % so that payments followed together spread out instead of coming back together. */
const jitter = (ms: number, random: () => number) => Math.round(ms * (0.9 + random() * 0.2));

/** When to read again an open payment just read at `now` (its `checks` already counted). */
export function nextCheck(
  payment: FollowedPayment,
  now: number,
  pace: Pace,
  random: () => number = Math.random,
): number {
  if (now >= payment.deadline) return now + jitter(pace.overdueMs, random);
  const intent = payment.intent;
  let wait: number;
  if (intent?.status === 'pending') {
    wait = pace.pendingMs;
    // The approval window's end is when its answer is surest to be there.
    const closes = intent.approval_expires_at ? Date.parse(intent.approval_expires_at) : Number.NaN;
    if (Number.isFinite(closes) && closes > now) wait = Math.min(wait, closes - now + 1000);
  } else {
    wait = Math.min(pace.idleMaxMs, pace.idleMs * 2 ** Math.min(20, Math.max(0, payment.checks - 1)));
  }
  // Never past the deadline: that read decides whether the payment is overdue.
  return Math.min(now + jitter(wait, random), payment.deadline);
}

/** When to read again after a read that failed at `now` (its `failures` already counted). */
export const backoff = (failures: number, now: number, pace: Pace, random: () => number = Math.random): number =>
  now + jitter(Math.min(pace.backoffMaxMs, pace.backoffMs * 2 ** Math.min(20, failures - 1)), random);
