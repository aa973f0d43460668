// @vitest-environment node
// One read of a followed payment (src/fulfillment/read-intent.ts), against the sandbox: a paid
// intent makes its `paid` delivery due; an open one is read again later; a service that does not
// answer pauses every read and the payment is saved to be tried again, never delivered.
import { describe, expect, it } from 'vitest';
import { keyFingerprint } from '../../src/fulfillment/fulfillment';
import { intentReader } from '../../src/fulfillment/read-intent';
import { DEFAULT_PACE } from '../../src/fulfillment/schedule';
import { ServiceState } from '../../src/fulfillment/service-state';
import type { Claimed, FollowedPayment, FulfillmentStore } from '../../src/fulfillment/types';
import { BASE, bed, TOKEN } from './support/bed';
import { followedPayment } from './support/payment';

function reader(test: ReturnType<typeof bed>) {
  const saved: FollowedPayment[] = [];
  const reported: unknown[] = [];
  const store = { save: async (payment: FollowedPayment) => void saved.push(payment) } as unknown as FulfillmentStore;
  const service = new ServiceState(DEFAULT_PACE);
  const read = intentReader({
    api: { baseUrl: BASE, token: TOKEN, fetch: test.fetch, readRetries: 0 },
    key: keyFingerprint(TOKEN),
    take: async () => undefined,
    now: test.now,
    pace: DEFAULT_PACE,
    store,
    service,
    report: (error) => reported.push(error),
  });
  return { read, saved, reported, service };
}

const claimedOf = (payment: FollowedPayment) => ({ payment, claim: 'c1' }) as unknown as Claimed;

describe('intentReader', () => {
  it('a paid intent: its outcome and its paid delivery due; the service proven', async () => {
    const test = bed();
    const session = await test.newSession('CMD-1');
    await test.pay(session.paymentIntentId, 'approved_at_once');
    const { read, service } = reader(test);
    const payment = followedPayment({ intentId: session.paymentIntentId, followedWith: keyFingerprint(TOKEN) });
    expect(await read(payment, claimedOf(payment))).toBe(true);
    expect(payment).toMatchObject({ outcome: 'paid', deliveries: { paid: 'due' }, checks: 1, failures: 0 });
    expect(service.provenAt).toBe(test.now());
  });

  it('an open intent: no outcome, read again later', async () => {
    const test = bed();
    const session = await test.newSession('CMD-2');
    const { read } = reader(test);
    const payment = followedPayment({ intentId: session.paymentIntentId });
    expect(await read(payment, claimedOf(payment))).toBe(true);
    expect(payment.outcome).toBeNull();
    expect(payment.nextCheckAt).toBeGreaterThan(test.now());
  });

  it('the service down: saved with its failure, every read paused, nothing due', async () => {
    const test = bed();
    const session = await test.newSession('CMD-3');
    await test.pay(session.paymentIntentId, 'approved_at_once');
    test.setDown(true);
    const { read, saved, reported, service } = reader(test);
    const payment = followedPayment({ intentId: session.paymentIntentId });
    expect(await read(payment, claimedOf(payment))).toBe(false);
    expect(saved).toEqual([payment]);
    expect(payment).toMatchObject({ outcome: null, deliveries: {}, failures: 1 });
    expect(reported).toHaveLength(1);
    expect(service.pausedUntil).toBeGreaterThan(test.now());
  });
});
