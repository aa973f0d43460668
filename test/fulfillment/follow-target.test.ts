// @vitest-environment node
// What `follow` takes (src/fulfillment/follow-target.ts): a session is followed until its end plus
// the approval window; an intent, or bare ids, for the window; its first read once a payer could
// have approved; anything but a payment intent's id refused.
import { describe, expect, it } from 'vitest';
import { followedPayment } from '../../src/fulfillment/follow-target';
import { DEFAULT_PACE } from '../../src/fulfillment/schedule';

const context = { pace: DEFAULT_PACE, windowMs: 3_600_000, key: 'k1' };
const at = Date.UTC(2026, 10, 2, 9);

describe('followedPayment', () => {
  it('a session: its intent, until the session ends plus the approval window and a minute', () => {
    const expiresAt = new Date(at + 1_800_000).toISOString();
    const payment = followedPayment(
      { id: 'cs_1', paymentIntentId: 'pi_1', expiresAt, metadata: { order: 'CMD-1' } },
      at,
      context,
    );
    expect(payment).toMatchObject({
      intentId: 'pi_1',
      sessionId: 'cs_1',
      metadata: { order: 'CMD-1' },
      deadline: at + 1_800_000 + DEFAULT_PACE.approvalWindowMs + 60_000,
      followedWith: 'k1',
      foundWith: null,
      nextCheckAt: at + DEFAULT_PACE.idleMs,
      outcome: null,
      deliveries: {},
    });
  });

  it('an intent or its id: for the window, or until the deadline given', () => {
    expect(followedPayment({ intent_id: 'pi_2', metadata: null }, at, context).deadline).toBe(at + 3_600_000);
    expect(followedPayment({ intentId: 'pi_3', deadline: at + 5 }, at, context)).toMatchObject({
      sessionId: null,
      metadata: null,
      deadline: at + 5,
    });
  });

  it('refuses what is not a payment intent’s id', () => {
    expect(() => followedPayment({ intentId: 'cs_1' }, at, context)).toThrow(/pi_/);
  });
});
