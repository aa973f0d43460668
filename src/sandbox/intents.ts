// Payment intents and their attempts. No timers: an attempt's final status is applied lazily, the
// first time the intent is read or written at or after the attempt's `settlesAt`.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Metadata } from '../api/types';
import type { SandboxConfig } from './config';
import { ApiError } from './errors';
import { newClientSecret, newId, numericReference } from './ids';
import type { MomoAccount } from './momo';
import { outcomeFor } from './outcomes';
import type { Attempt, IntentRecord, Store } from './store';

/** The service's fee, 1.5 %, in basis points so that the rounding works on exact integers. */
export const FEE_BASIS_POINTS = 150;

export type IntentStatus = 'requires_payment_method' | 'pending' | 'succeeded' | 'canceled';

export interface NewIntent {
  amount: number;
  currency: string;
  metadata?: Metadata | undefined;
  description?: string | undefined;
  /** The end of the checkout session the intent pays, if any. */
  expiresAt?: number | undefined;
}

export function createIntent(store: Store, input: NewIntent, now: number): IntentRecord {
  const intentId = newId('pi');
  const intent: IntentRecord = {
    id: store.counters.intent.next(),
    intentId,
    clientSecret: newClientSecret(intentId),
    amount: input.amount,
    currency: input.currency,
    metadata: input.metadata ?? null,
    description: input.description ?? null,
    eventId: store.counters.event.next(),
    createdAt: now,
    updatedAt: now,
    attempts: [],
    payout: null,
    expiresAt: input.expiresAt ?? null,
    canceledAt: null,
  };
  store.intents.set(intentId, intent);
  return intent;
}

export const latestAttempt = (intent: IntentRecord): Attempt | undefined => intent.attempts.at(-1);

export function intentStatus(intent: IntentRecord): IntentStatus {
  if (intent.canceledAt !== null) return 'canceled';
  const status = latestAttempt(intent)?.status;
  return status === 'pending' || status === 'succeeded' ? status : 'requires_payment_method';
}

/**
 * Brings the intent up to `now`: the latest attempt's final status, then the end of its session.
 * Call before any read or write.
 */
export function settle(store: Store, intent: IntentRecord, now: number): void {
  settleAttempt(store, intent, now);
  // A session's intent nobody has paid is canceled when the session ends, so a page left open
  // cannot pay for a basket the merchant has let go. An approval still awaited at that moment
  // runs its course: the payer may be confirming on their phone right now.
  if (intent.expiresAt === null || intentStatus(intent) !== 'requires_payment_method') return;
  const endedAt = Math.max(intent.expiresAt, latestAttempt(intent)?.updatedAt ?? 0);
  if (now < endedAt) return;
  intent.canceledAt = endedAt;
  intent.updatedAt = endedAt;
}

function settleAttempt(store: Store, intent: IntentRecord, now: number): void {
  const attempt = latestAttempt(intent);
  if (!attempt || attempt.status !== 'pending' || now < attempt.settlesAt) return;
  // Stamped with the moment it happened, not the moment it was noticed.
  attempt.status = attempt.rule.finalStatus;
  attempt.updatedAt = attempt.settlesAt;
  intent.updatedAt = attempt.settlesAt;
  if (attempt.status === 'succeeded') {
    const fee = Math.round((intent.amount * FEE_BASIS_POINTS) / 10_000);
    intent.payout = {
      recordId: store.counters.payout.next(),
      payoutId: newId('tr'),
      financialTransactionId: numericReference(),
      transactionId: newId('txn'),
      externalId: newId('ext'),
      amount: intent.amount,
      fee,
      createdAt: attempt.settlesAt,
    };
  }
}

/** Throws the 409 that tells why the intent cannot be paid now; brings it up to `now` first. */
export function assertPayable(store: Store, intent: IntentRecord, now: number): void {
  settle(store, intent, now);
  const status = intentStatus(intent);
  if (status === 'succeeded') {
    throw new ApiError('payment_already_succeeded', 'This payment intent has already been paid.');
  }
  if (status === 'pending') {
    throw new ApiError('payment_in_progress', 'A payment attempt is waiting for the payer\u2019s approval; wait for its result.');
  }
  if (status === 'canceled') {
    throw new ApiError('payment_intent_canceled', 'This payment intent was canceled when its checkout session expired.');
  }
}

/**
 * Starts an attempt if the intent is payable. Synchronous on purpose: the state check and the new
 * attempt happen without yielding, so of many concurrent confirms exactly one starts an attempt.
 */
export function startAttempt(store: Store, config: SandboxConfig, intent: IntentRecord, account: MomoAccount, now: number): Attempt {
  assertPayable(store, intent, now);
  const rule = outcomeFor(account.national);
  const attempt: Attempt = {
    recordId: store.counters.charge.next(),
    chargeId: newId('ch'),
    paymentMethodId: newId('pm'),
    financialTransactionId: numericReference(),
    transactionId: newId('txn'),
    externalId: newId('ext'),
    country: account.country,
    operator: account.operator,
    msisdnLast4: account.msisdn.slice(-4),
    rule,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
    settlesAt: now + rule.settlesAfter(config),
    expiresAt: now + config.pendingTimeoutMs,
  };
  intent.attempts.push(attempt);
  intent.updatedAt = now;
  settle(store, intent, now);
  return attempt;
}

const digest = (text: string) => createHash('sha256').update(text).digest();
const DECOY_SECRET = 'pi_decoy_secret_decoy';

/**
 * Compares a presented client secret with the intent's in constant time. Hashing first makes the
 * buffers equal in length whatever was sent; an unknown intent is compared with a decoy so that
 * both paths cost the same.
 */
export function secretMatches(intent: IntentRecord | undefined, presented: unknown): boolean {
  const text = typeof presented === 'string' ? presented : '';
  const equal = timingSafeEqual(digest(intent?.clientSecret ?? DECOY_SECRET), digest(text));
  return equal && intent !== undefined && text.length > 0;
}
