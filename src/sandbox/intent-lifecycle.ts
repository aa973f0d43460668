// Payment intents and their attempts. No timers: an attempt's final status is applied lazily, the
// first time the intent is read or written at or after the attempt's `settlesAt`, stamped with
// that moment; everything it needs (the payout's ids included) was drawn when it started, so the
// same records give the same intent whenever, and however often, they are read.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IntentStatus, Metadata } from '../api/types';
import { approvalAtStart, type PayerStep } from '../methods/momo/sandbox';
import { stepEntry } from '../methods/step-registry';
import { resolutionOf } from './attempt-end';
import type { SandboxConfig } from './config';
import { SandboxError } from './errors';
import { newClientSecret, newId, numericReference } from './ids';
import type { MomoAccount } from './momo';
import { type FailureCode, outcomeFor, ruleOf } from './outcomes';
import { newReference } from './reference';
import type { AttemptRecord, IntentRecord, Owner } from './store/records';
import type { Store } from './store/store';

/** The service's fee, 1.5 %, in basis points so that the rounding works on exact integers. */
const FEE_BASIS_POINTS = 150;

/** Attempts one intent may have: past them, a payer has tried long enough (and each one weighs). */
export const MAX_ATTEMPTS = 20;

export interface NewIntent {
  owner: Owner;
  amount: number;
  currency: string;
  metadata?: Metadata | undefined;
  description?: string | undefined;
  /** The checkout session the intent pays, and when it ends, if any. */
  session?: { id: string; expiresAt: number } | undefined;
}

/** A new intent's record, not yet stored. */
export function newIntent(store: Store, input: NewIntent, now: number): IntentRecord {
  const intentId = newId('pi');
  return {
    id: store.nextIntentId(input.owner),
    intentId,
    owner: input.owner,
    clientSecret: newClientSecret(intentId),
    amount: input.amount,
    currency: input.currency,
    metadata: input.metadata ?? null,
    description: input.description ?? null,
    eventId: store.nextEventId(input.owner),
    createdAt: now,
    updatedAt: now,
    attempts: [],
    sessionId: input.session?.id ?? null,
    expiresAt: input.session?.expiresAt ?? null,
    canceledAt: null,
    cancellationReason: null,
    reference: newReference((canonical) => store.intentByReference(input.owner, canonical) !== undefined),
  };
}

export const latestAttempt = (intent: IntentRecord): AttemptRecord | undefined => intent.attempts.at(-1);

export function intentStatus(intent: IntentRecord): IntentStatus {
  if (intent.canceledAt !== null) return 'canceled';
  const status = latestAttempt(intent)?.status;
  return status === 'pending' || status === 'succeeded' ? status : 'requires_payment_method';
}

/**
 * Brings the intent up to `now`: the latest attempt's final status, then what ends the intent —
 * its session's end, or its last allowed attempt failing. Call before any read or write.
 */
export function settle(intent: IntentRecord, now: number): void {
  settleAttempt(intent, now);
  if (intentStatus(intent) !== 'requires_payment_method') return;
  const latest = latestAttempt(intent);
  if (latest && intent.attempts.length >= MAX_ATTEMPTS) {
    cancel(intent, latest.updatedAt, 'too_many_attempts');
    return;
  }
  // A session's intent nobody has paid is canceled when the session ends, so a page left open
  // cannot pay for a basket the merchant has let go. An approval still awaited at that moment
  // runs its course: the payer may be confirming on their phone right now.
  if (intent.expiresAt === null) return;
  const endedAt = Math.max(intent.expiresAt, latest?.updatedAt ?? 0);
  if (now >= endedAt) cancel(intent, endedAt, 'expired');
}

function cancel(intent: IntentRecord, at: number, reason: NonNullable<IntentRecord['cancellationReason']>): void {
  intent.canceledAt = at;
  intent.cancellationReason = reason;
  intent.updatedAt = at;
}

function settleAttempt(intent: IntentRecord, now: number): void {
  const attempt = latestAttempt(intent);
  if (attempt?.status !== 'pending') return;
  const { at, status, failureCode } = resolutionOf(attempt);
  if (now < at) return;
  // Stamped with the moment it happened, not the moment it was noticed.
  attempt.status = status;
  attempt.failureCode = failureCode;
  attempt.updatedAt = at;
  intent.updatedAt = at;
}

/** Why a failed attempt failed: what settled it, or its outcome's rule (an attempt that failed at once). */
export const failureCodeOf = (attempt: AttemptRecord): FailureCode | null =>
  attempt.status !== 'failed' ? null : (attempt.failureCode ?? ruleOf(attempt.outcome).failureCode);

/** The fee of a payment: 1.5 %, rounded to the currency's unit. */
export const feeOf = (amount: number): number => Math.round((amount * FEE_BASIS_POINTS) / 10_000);

/** Throws the 409 that tells why the intent cannot be paid now; brings it up to `now` first. */
export function assertPayable(intent: IntentRecord, now: number): void {
  settle(intent, now);
  const status = intentStatus(intent);
  if (status === 'succeeded') {
    throw new SandboxError('payment_already_succeeded', 'This payment intent has already been paid.');
  }
  if (status === 'pending') {
    throw new SandboxError(
      'payment_in_progress',
      'A payment attempt is waiting for the payer\u2019s approval; wait for its result.',
    );
  }
  if (intent.cancellationReason === 'too_many_attempts') {
    throw new SandboxError(
      'too_many_attempts',
      `This payment intent has had ${MAX_ATTEMPTS} payment attempts, the most it may have; it is canceled.`,
    );
  }
  if (status === 'canceled') {
    throw new SandboxError(
      'payment_intent_canceled',
      'This payment intent was canceled when its checkout session expired.',
    );
  }
}

/**
 * Starts an attempt if the intent is payable. Synchronous on purpose: the state check and the new
 * attempt happen without yielding, so of many concurrent confirms exactly one starts an attempt.
 */
export function startAttempt(
  store: Store,
  config: SandboxConfig,
  intent: IntentRecord,
  account: MomoAccount,
  now: number,
): AttemptRecord {
  assertPayable(intent, now);
  // A push lost once (96) comes the second time: a new request of the same intent gets through.
  const asked = outcomeFor(account.national);
  const lostBefore = asked.outcome === 'prompt_lost' && intent.attempts.some((a) => a.outcome === 'prompt_lost');
  const rule = lostBefore ? ruleOf('approved_after_delay') : asked;
  const attempt: AttemptRecord = {
    recordId: store.nextChargeId(intent.owner),
    chargeId: newId('ch'),
    paymentMethodId: newId('pm'),
    financialTransactionId: numericReference(),
    transactionId: newId('txn'),
    externalId: newId('ext'),
    country: account.country,
    operator: account.operator,
    msisdnLast4: account.msisdn.slice(-4),
    outcome: rule.outcome,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
    settlesAt: now + rule.settlesAfter(config),
    expiresAt: now + config.pendingTimeoutMs,
    payout: {
      payoutId: newId('tr'),
      financialTransactionId: numericReference(),
      transactionId: newId('txn'),
      externalId: newId('ext'),
    },
  };
  // A code or the wallet's app, where the wallet approves so (extension); not when the operator
  // refuses at once (94): there is nothing to approve.
  const approval =
    rule.confirmStatus === 'failed' ? undefined : approvalAtStart(account.country, account.operator, config.extensions);
  if (approval) attempt.approval = approval;
  stepEntry(approval)?.sandbox.start?.(attempt);
  // Attempts weigh on the merchant's share but are held only to the whole sandbox's bound: a
  // merchant at its bound is still paid.
  store.write([{ kind: 'attempt', intentId: intent.intentId, record: attempt }], intent.owner, 'total');
  intent.updatedAt = now;
  settle(intent, now);
  return attempt;
}

/**
 * Records what the payer did about the latest attempt (a code typed, the wallet page's answer): a
 * journal line of its own, held to the whole sandbox's bound only, like the attempt. Synchronous,
 * as startAttempt is: of two codes sent at once, one is taken first.
 */
export function recordStep(store: Store, intent: IntentRecord, attempt: AttemptRecord, step: PayerStep): void {
  store.write(
    [{ kind: 'step', intentId: intent.intentId, chargeId: attempt.chargeId, record: step }],
    intent.owner,
    'total',
  );
  intent.updatedAt = step.at;
  settle(intent, step.at);
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
