// @vitest-environment node
// `momo-checkout-sandbox replay <evt_id>`: the event delivered again, with the same id, to one
// endpoint or to each that takes it; one line per attempt made.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api';
import { runEventCommand } from '../../../src/cli/events/command';
import { commandBed, KEY } from './bed';

describe('replay', () => {
  it('delivers an event again to the endpoint named, the same id in its webhook-id', async () => {
    const t = commandBed();
    const hooks = createClient({ baseUrl: 'http://sandbox.test', token: KEY, fetch: t.io.fetch });
    const register = (url: string) => hooks.createWebhookEndpoint({ url });
    const a = await register('http://127.0.0.1:3999/a');
    await register('http://127.0.0.1:3999/b');
    const intent = await t.merchant.createIntent({ amount: 700, currency: 'xaf' });
    await t.emit('payment_intent.pending', intent);
    expect(t.received).toHaveLength(2);

    expect(await runEventCommand('replay', ['evt_bed1', '--endpoint', a.id], t.io)).toBe(0);
    expect(t.out).toEqual([expect.stringMatching(/payment_intent\.pending {2}evt_bed1 {2}attempt 2 {2}succeeded/)]);
    expect(t.received.map((r) => [r.url, r.headers.get('webhook-id')]).slice(2)).toEqual([
      ['http://127.0.0.1:3999/a', 'evt_bed1'],
    ]);

    expect(await runEventCommand('replay', ['evt_bed1'], t.io)).toBe(0);
    expect(t.received).toHaveLength(5);
  });

  it('says so for an unknown event (exit 1) and refuses what is not an event id (exit 2)', async () => {
    const t = commandBed();
    expect(await runEventCommand('replay', ['evt_nope'], t.io)).toBe(1);
    expect(t.err.at(-1)).toContain('no event evt_nope');
    expect(await runEventCommand('replay', ['pi_123'], t.io)).toBe(2);
    expect(await runEventCommand('replay', ['evt_1', '--endpoint', 'x'], t.io)).toBe(2);
  });
});
