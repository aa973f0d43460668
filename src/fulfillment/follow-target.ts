// What `follow` takes (a session or an intent as created, or their ids), and the record of the
// payment it starts: when its first read is due, and how long it is followed before it is overdue.
import type { Metadata, PaymentIntent, Session } from '../api';
import type { Pace } from './schedule';
import type { FollowedPayment } from './types';

/** What `follow` takes: a session or an intent as created, or their ids. */
export type FollowTarget =
  | Pick<Session, 'id' | 'paymentIntentId' | 'expiresAt' | 'metadata'>
  | Pick<PaymentIntent, 'intent_id' | 'metadata'>
  | { intentId: string; sessionId?: string | null; metadata?: Metadata | null; deadline?: Date | number };

/** The record of a payment followed from `at` on, with the key `key` (its fingerprint). */
export function followedPayment(
  target: FollowTarget,
  at: number,
  { pace, windowMs, key }: { pace: Pace; windowMs: number; key: string },
): FollowedPayment {
  let payment: Pick<FollowedPayment, 'intentId' | 'sessionId' | 'metadata' | 'deadline'>;
  if ('paymentIntentId' in target) {
    const ends = Date.parse(target.expiresAt);
    payment = {
      intentId: target.paymentIntentId,
      sessionId: target.id,
      metadata: target.metadata,
      deadline: ends + pace.approvalWindowMs + 60_000,
    };
  } else if ('intent_id' in target) {
    payment = { intentId: target.intent_id, sessionId: null, metadata: target.metadata, deadline: at + windowMs };
  } else {
    const deadline = target.deadline === undefined ? at + windowMs : Number(target.deadline);
    payment = {
      intentId: target.intentId,
      sessionId: target.sessionId ?? null,
      metadata: target.metadata ?? null,
      deadline,
    };
  }
  if (!/^pi_\S+$/.test(payment.intentId))
    throw new TypeError(`follow() needs a payment intent id (pi_…), not ${JSON.stringify(payment.intentId)}.`);
  return {
    ...payment,
    followedWith: key,
    foundWith: null,
    followedAt: at,
    // First look once a payer could have approved: sooner would only find it open.
    nextCheckAt: at + pace.idleMs,
    checks: 0,
    failures: 0,
    notFound: null,
    intent: null,
    outcome: null,
    deliveries: {},
    handlerFailures: 0,
    lastError: null,
  };
}
