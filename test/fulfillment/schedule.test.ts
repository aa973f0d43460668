// @vitest-environment node
// The pace of following, as pure functions: what a read means, when the next one comes.
import { describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../../src/api/types';
import { backoff, DEFAULT_PACE, nextCheck, outcomeOf } from '../../src/fulfillment/schedule';
import type { FollowedPayment } from '../../src/fulfillment/types';

const NOW = Date.UTC(2026, 10, 2, 9);
const middle = () => 0.5;
const intent = (fields: Partial<PaymentIntent>) =>
  ({
    status: 'requires_payment_method',
    cancellation_reason: null,
    approval_expires_at: null,
    ...fields,
  }) as PaymentIntent;
const payment = (fields: Partial<FollowedPayment>): FollowedPayment => ({
  intentId: 'pi_1',
  sessionId: null,
  metadata: null,
  followedWith: 'k1',
  foundWith: 'k1',
  followedAt: NOW,
  deadline: NOW + 3_600_000,
  nextCheckAt: NOW,
  checks: 1,
  failures: 0,
  intent: intent({}),
  outcome: null,
  deliveries: {},
  handlerFailures: 0,
  lastError: null,
  ...fields,
});

describe('outcomeOf', () => {
  it.each([
    ['succeeded', null, 'paid'],
    ['canceled', 'expired', 'expired'],
    ['canceled', 'too_many_attempts', 'failed'],
    ['pending', null, null],
    ['requires_payment_method', null, null],
    // A status this version does not know: not an end, followed until it is one or overdue.
    ['on_hold', null, null],
  ])('%s (%s) is %s', (status, reason, outcome) => {
    expect(
      outcomeOf(
        intent({
          status: status as PaymentIntent['status'],
          cancellation_reason: reason as PaymentIntent['cancellation_reason'],
        }),
      ),
    ).toBe(outcome);
  });
});

describe('nextCheck', () => {
  it('looks again within 5 s while an approval is awaited, and right after the approval window closes if that is sooner', () => {
    expect(nextCheck(payment({ intent: intent({ status: 'pending' }) }), NOW, DEFAULT_PACE, middle)).toBe(NOW + 5000);
    const closing = intent({ status: 'pending', approval_expires_at: new Date(NOW + 2000).toISOString() });
    expect(nextCheck(payment({ intent: closing }), NOW, DEFAULT_PACE, middle)).toBe(NOW + 3000);
  });

  it('while nobody pays, waits 15 s, doubling with each read, at most 5 min', () => {
    const waits = [1, 2, 3, 4, 5, 6, 9].map(
      (checks) => nextCheck(payment({ checks }), NOW, DEFAULT_PACE, middle) - NOW,
    );
    expect(waits).toEqual([15_000, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000]);
  });

  it('never looks later than the deadline, then every 15 min once it has passed', () => {
    expect(nextCheck(payment({ checks: 9, deadline: NOW + 1000 }), NOW, DEFAULT_PACE, middle)).toBe(NOW + 1000);
    expect(nextCheck(payment({ deadline: NOW }), NOW, DEFAULT_PACE, middle)).toBe(NOW + 900_000);
  });

  it('spreads payments followed together by ±10 %', () => {
    expect(nextCheck(payment({ checks: 2 }), NOW, DEFAULT_PACE, () => 0) - NOW).toBe(27_000);
    expect(nextCheck(payment({ checks: 2 }), NOW, DEFAULT_PACE, () => 1) - NOW).toBe(33_000);
  });
});

describe('backoff', () => {
  it('waits 2 s after a failed read, doubling, at most 5 min', () => {
    expect([1, 2, 3, 8, 9, 30].map((failures) => backoff(failures, NOW, DEFAULT_PACE, middle) - NOW)).toEqual([
      2000, 4000, 8000, 256_000, 300_000, 300_000,
    ]);
  });
});
