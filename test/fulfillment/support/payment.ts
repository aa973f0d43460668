// What a store is handed and gives back, for the stores' own tests (file-store, postgres-store).
import type { FollowedPayment } from '../../../src/fulfillment';

/**
 * A payment as `follow()` hands it to its store (src/fulfillment/fulfillment.ts): followed with the
 * key `k1`, found by no read yet, never checked; `fields` change what a test needs.
 */
export const followedPayment = (fields: Partial<FollowedPayment> = {}): FollowedPayment => ({
  intentId: 'pi_1',
  sessionId: null,
  metadata: { order: 'CMD-1' },
  followedWith: 'k1',
  foundWith: null,
  followedAt: 0,
  deadline: 1e13,
  nextCheckAt: 0,
  checks: 0,
  failures: 0,
  notFound: null,
  intent: null,
  outcome: null,
  deliveries: {},
  handlerFailures: 0,
  lastError: null,
  ...fields,
});

/** The intent ids of the payments a claim took, sorted. */
export const claimedIds = (claimed: readonly { payment: FollowedPayment }[]): string[] =>
  claimed.map((c) => c.payment.intentId).sort();
