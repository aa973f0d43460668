// @vitest-environment node
// `momo-checkout-sandbox trigger <type>` against the sandbox's payments and a stub of the events:
// it makes what produces the event with the documented test numbers and prints the event's id on
// stdout — that event's, about what it made, not another of the same type.
import { describe, expect, it } from 'vitest';
import { runEventCommand } from '../../../src/cli/events/command';
import { RECIPES } from '../../../src/cli/events/trigger';
import { commandBed } from './bed';

describe('trigger', () => {
  it.each([
    ['payment_intent.succeeded', 'succeeded'],
    ['payment_intent.pending', 'pending'],
    ['payment_intent.payment_failed', 'requires_payment_method'],
  ] as const)('makes %s with its test number and prints its event id', async (type, status) => {
    const t = commandBed();
    await t.register();
    // Another event of the same type, about another payment, is there first.
    const other = await t.merchant.createIntent({ amount: 500, currency: 'xaf' });
    await t.emit(type, { ...other, status });
    expect(await runEventCommand('trigger', [type], t.io)).toBe(0);
    expect(t.out).toHaveLength(1);
    const event = await t.merchant.listIntents({ perPage: 1 }).then(async ({ data }) => {
      const made = data[0];
      if (!made) throw new Error('no intent made');
      expect(made.status).toBe(status);
      return (await t.stub.fetch(new Request(`http://sandbox.test/v1/events/${t.out[0]}`))).json();
    });
    expect(event).toMatchObject({ type, data: { object: { status } } });
    expect(event.data.object.intent_id).not.toBe(other.intent_id);
  });

  it('pays a session for checkout.session.completed, and sends a remittance for remittance.succeeded', async () => {
    const t = commandBed();
    await t.register();
    expect(await runEventCommand('trigger', ['checkout.session.completed'], t.io)).toBe(0);
    expect(await runEventCommand('trigger', ['remittance.succeeded'], t.io)).toBe(0);
    expect(t.out).toEqual([expect.stringMatching(/^evt_/), expect.stringMatching(/^evt_/)]);
    expect(t.err[0]).toMatch(/^Made: session cs_\S+ paid\.$/);
    expect(t.err[1]).toMatch(/^Made: remittance rem_\S+ to 242061234593\.$/);
  });

  it('says so when no event comes in time, or the service keeps none (exit 1); refuses an unknown type (exit 2)', async () => {
    const quiet = commandBed({ emitting: false });
    await quiet.register();
    expect(await runEventCommand('trigger', ['payment_intent.succeeded', '--wait-s', '0'], quiet.io)).toBe(1);
    expect(quiet.err.at(-1)).toMatch(/no payment_intent\.succeeded event about pi_\S+ within 0 s/);
    const absent = commandBed({ absent: true });
    expect(await runEventCommand('trigger', ['payment_intent.succeeded'], absent.io)).toBe(1);
    expect(absent.err.at(-1)).toContain('no webhook endpoints or events');
    expect(absent.out).toEqual([]);
    expect(await runEventCommand('trigger', ['payment_intent.paid'], absent.io)).toBe(2);
    expect(await runEventCommand('trigger', [], absent.io)).toBe(2);
  });

  it('makes nothing for a key without an endpoint (the sandbox would make no event), and says which types it never sends', async () => {
    const t = commandBed();
    expect(await runEventCommand('trigger', ['payment_intent.succeeded'], t.io)).toBe(1);
    expect(t.err.at(-1)).toMatch(/no webhook endpoint.*listen --forward-to/);
    expect((await t.merchant.listIntents()).data).toEqual([]);
    await t.register();
    expect(await runEventCommand('trigger', ['remittance.failed'], t.io)).toBe(1);
    expect(t.err.at(-1)).toContain('never sent by it');
    expect(t.out).toEqual([]);
  });

  it('has a way to make every event type of the contract, or says why not', () => {
    expect(Object.keys(RECIPES).sort()).toEqual(
      [
        'checkout.session.completed',
        'checkout.session.expired',
        'disbursement.failed',
        'disbursement.succeeded',
        'payment_intent.canceled',
        'payment_intent.payment_failed',
        'payment_intent.pending',
        'payment_intent.succeeded',
        'remittance.failed',
        'remittance.succeeded',
      ].sort(),
    );
  });
});
