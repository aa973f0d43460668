// @vitest-environment node
// What an intent, a session or a transfer has gone through, read from its records and the clock:
// each change with a key of its own and the time it happened, not the time it was looked at.
import { describe, expect, it } from 'vitest';
import {
  intentMoving,
  intentTransitions,
  sessionTransitions,
  transferTransitions,
} from '../../../src/sandbox/events/transitions';
import { APPROVAL_MS, START } from '../helpers';
import { eventsWorld } from './world';

const summary = (list: { type: string; key: string; at: number }[]) =>
  list.map((t) => [t.type, t.key.split(':')[0], t.at - START]);

/** The session record an intent made with `world.intent(…, { id: 'cs_1', … })` pays. */
const sessionOf = (intent: { intentId: string; owner: string }) => ({
  id: 'cs_1',
  intentId: intent.intentId,
  owner: intent.owner,
  total: 5000,
  currency: 'xaf',
  accountId: 'acct_1',
  successUrl: 'https://shop.test/ok',
  cancelUrl: 'https://shop.test/no',
  metadata: {},
  items: [],
  createdAt: START,
});

describe('transitions', () => {
  it('of an intent: the wait while it is seen, then its end at the moment it happened', () => {
    const world = eventsWorld();
    const intent = world.intent();
    expect(intentTransitions(intent, world.clock.now())).toEqual([]);
    expect(intentMoving(intent)).toBe(false);
    const attempt = world.pay(intent, 'approved_after_delay');
    expect(summary(intentTransitions(intent, world.clock.now()))).toEqual([['payment_intent.pending', 'pending', 0]]);
    expect(intentMoving(intent)).toBe(true);
    // Looked at long after: the success is stamped when it happened, and the wait is no longer seen.
    const later = intentTransitions(intent, START + 10 * APPROVAL_MS);
    expect(summary(later)).toEqual([['payment_intent.succeeded', 'succeeded', APPROVAL_MS]]);
    expect(later[0]?.key).toBe(`succeeded:${attempt.chargeId}`);
    expect(intentMoving(intent)).toBe(false);
  });

  it('of an intent: each failed attempt its own, an attempt refused at once never waited', () => {
    const world = eventsWorld();
    const intent = world.intent();
    world.pay(intent, 'declined');
    world.clock.advance(APPROVAL_MS * 2);
    world.pay(intent, 'operator_unavailable');
    const list = intentTransitions(intent, world.clock.now());
    expect(list.map((t) => t.type)).toEqual(['payment_intent.payment_failed', 'payment_intent.payment_failed']);
    expect(new Set(list.map((t) => t.key)).size).toBe(2);
  });

  it('of a session: expired unpaid at its end, its intent canceled then', () => {
    const world = eventsWorld();
    const expiresAt = START + 60_000;
    const intent = world.intent(undefined, { id: 'cs_1', expiresAt });
    const session = { ...sessionOf(intent), expiresAt };
    expect(intentMoving(intent)).toBe(true);
    expect(sessionTransitions(session, intent, START)).toEqual([]);
    const at = expiresAt + 5000;
    expect(summary(intentTransitions(intent, at))).toEqual([['payment_intent.canceled', 'canceled', 60_000]]);
    expect(summary(sessionTransitions(session, intent, at))).toEqual([['checkout.session.expired', 'expired', 60_000]]);
  });

  it('of a session: an approval awaited at its end runs its course — completed, never expired first', () => {
    for (const [outcome, expected] of [
      ['approved_after_delay', [['checkout.session.completed', 'completed', 58_000 + APPROVAL_MS]]],
      // Declined after the end: expired when the attempt ended unpaid, not before.
      ['declined', [['checkout.session.expired', 'expired', 58_000 + APPROVAL_MS]]],
    ] as const) {
      const world = eventsWorld();
      const expiresAt = START + 60_000;
      const intent = world.intent(undefined, { id: 'cs_1', expiresAt });
      const session = { ...sessionOf(intent), expiresAt };
      world.clock.advance(58_000);
      world.pay(intent, outcome);
      // (Reading the intent's transitions settles it at that moment, as the producer does.)
      const at = (t: number) => {
        intentTransitions(intent, t);
        return sessionTransitions(session, intent, t);
      };
      expect(at(expiresAt + 1), outcome).toEqual([]);
      expect(summary(at(START + 58_000 + APPROVAL_MS)), outcome).toEqual(expected);
    }
  });

  it('of a transfer: its execution, once its time has come', () => {
    const world = eventsWorld();
    const transfer = world.transfer();
    expect(transferTransitions(transfer, transfer.executesAt - 1)).toEqual([]);
    expect(transferTransitions(transfer, transfer.executesAt + 1)).toEqual([
      { type: 'remittance.succeeded', key: 'succeeded', at: transfer.executesAt },
    ]);
  });
});
