// @vitest-environment node
// Deliveries (src/fulfillment/deliver.ts): `done` is committed only under the claim that ran the
// handler. A claim lost while the handler ran (on the file store, only a claim judged by its lease
// can be: another machine's, sharing the folder) leaves the delivery begun, not done, tells
// onError, writes nothing more; the next holder asks isHandled with the same event id.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClaimLostError, type FulfillmentEvent } from '../../src/fulfillment';
import { eventOf } from '../../src/fulfillment/deliver';
import { thisProcess } from '../../src/fulfillment/holder';
import { bed, drain } from './support/bed';
import { followedPayment } from './support/payment';

const MINUTE = 60_000;

describe('a delivery whose claim is lost while its handler runs', () => {
  it('is not marked done: left begun for the next holder, which asks isHandled with the same event id', async () => {
    const t = bed();
    const session = await t.newSession('CMD-1');
    const id = session.paymentIntentId;
    const claimFile = join(t.dir, 'claims', id);
    const errors: unknown[] = [];
    const called: string[] = [];
    const f = t.fulfillment({
      onError: (error) => errors.push(error),
      handlers: {
        paid: (event: FulfillmentEvent) => {
          called.push(event.id);
          // Another machine on the same folder takes the claim over (its lease judged run out there).
          const held = JSON.parse(readFileSync(claimFile, 'utf8')) as object;
          const far = { ...thisProcess, machine: 'linux:another-machine', pid: 1 };
          writeFileSync(claimFile, JSON.stringify({ ...held, claimant: 'far', fence: 1, until: 0, holder: far }));
        },
      },
    });
    await f.follow(session);
    await t.pay(id, 'approved_at_once');
    t.advance(MINUTE);
    await f.runOnce();
    expect(called).toEqual([`${id}:paid`]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ClaimLostError);
    expect((errors[0] as ClaimLostError).message).toContain(`event id ${id}:paid`);
    expect((await f.get(id))?.deliveries.paid).toBe('started');

    // The far claim's lease has run out: the next holder asks isHandled, with the same id.
    const asked: string[] = [];
    const next = t.fulfillment({
      handlers: {
        isHandled: (event) => {
          asked.push(event.id);
          return true;
        },
      },
    });
    t.advance(MINUTE);
    await drain(next);
    expect(asked).toEqual([`${id}:paid`]);
    expect(called).toEqual([`${id}:paid`]);
    expect((await next.get(id))?.deliveries.paid).toBe('done');
  });
});

describe('eventOf', () => {
  it('gives each delivery its id, the same on every call of it: <intent id>:<kind>', () => {
    const payment = followedPayment({ intentId: 'pi_7' });
    expect(eventOf(payment, 'paid').id).toBe('pi_7:paid');
    expect(eventOf({ ...payment, checks: 9 }, 'paid', {}).id).toBe('pi_7:paid');
    expect(eventOf(payment, 'lost')).toMatchObject({ id: 'pi_7:lost', intent: null });
  });
});
