// @vitest-environment node
// `momo-checkout-sandbox listen` against a stub of the contract: it registers the endpoint with
// the types and faults asked, prints its secret in one parseable line first, then one line per
// delivery attempt as the service made it (faults named), and deletes the endpoint when stopped.
import { describe, expect, it, vi } from 'vitest';
import { verifyWebhook } from '../../../src/api';
import { runEventCommand } from '../../../src/cli/events/command';
import { commandBed } from './bed';

describe('listen', () => {
  it('registers, prints the secret line, each delivery (a bad signature then the good one), and deletes the endpoint on stop', async () => {
    const t = commandBed();
    const running = runEventCommand(
      'listen',
      [
        '--forward-to',
        'http://127.0.0.1:3999/webhooks',
        '--events',
        'payment_intent.succeeded',
        '--fault',
        'bad_signature',
      ],
      t.io,
    );
    await vi.waitFor(() => expect(t.out[0]).toMatch(/^MOMO_WEBHOOK_SECRET=whsec_\S+$/));
    const secret = (t.out[0] as string).slice('MOMO_WEBHOOK_SECRET='.length);
    expect(t.stub.endpoints()).toMatchObject([
      {
        url: 'http://127.0.0.1:3999/webhooks',
        enabledEvents: ['payment_intent.succeeded'],
        faults: ['bad_signature'],
        secret,
      },
    ]);
    const intent = await t.merchant.createIntent({ amount: 700, currency: 'xaf' });
    await t.emit('payment_intent.pending', intent); // not a type it asked for: no delivery to it
    await t.emit('payment_intent.succeeded', { ...intent, status: 'succeeded' });
    await vi.waitFor(() => expect(t.out).toHaveLength(3));
    expect(t.out[1]).toMatch(
      /payment_intent\.succeeded {2}evt_bed2 {2}attempt 1 {2}succeeded \(HTTP 200\) fault=bad_signature$/,
    );
    expect(t.out[2]).toMatch(/payment_intent\.succeeded {2}evt_bed2 {2}attempt 2 {2}succeeded \(HTTP 200\)$/);
    // The printed secret is the one that signs: the good delivery verifies with it, the faulty one not.
    const [bad, good] = t.received;
    const badText = await (bad as Request).text();
    expect(() => verifyWebhook(secret, badText, (bad as Request).headers)).toThrow(/no signature/);
    expect(verifyWebhook(secret, await (good as Request).text(), (good as Request).headers).id).toBe('evt_bed2');

    t.stop.abort();
    expect(await running).toBe(0);
    expect(t.stub.endpoints()).toEqual([]);
    expect(t.err.at(-1)).toMatch(/^Deleted endpoint we_/);
  });

  it('leaves the events before it alone, and goes on when the service fails for a while', async () => {
    const t = commandBed();
    const intent = await t.merchant.createIntent({ amount: 700, currency: 'xaf' });
    await t.emit('payment_intent.pending', intent);
    let down = false;
    const io = {
      ...t.io,
      fetch: (request: Request) =>
        down ? Promise.reject(new TypeError('fetch failed')) : (t.io.fetch?.(request) as Promise<Response>),
    };
    const running = runEventCommand('listen', ['--forward-to', 'http://127.0.0.1:3999/hooks'], io);
    await vi.waitFor(() => expect(t.out).toHaveLength(1));
    down = true;
    // The client tries a read again after a pauseUntilStopped before it gives up: a bound, not a speed.
    await vi.waitFor(() => expect(t.err.some((line) => /Could not reach/.test(line))).toBe(true), { timeout: 30_000 });
    down = false;
    await t.emit('payment_intent.succeeded', { ...intent, status: 'succeeded' });
    await vi.waitFor(() => expect(t.out).toHaveLength(2));
    expect(t.out[1]).toContain('evt_bed2');
    t.stop.abort();
    expect(await running).toBe(0);
  });

  it('says plainly that a service without the extension has no events (exit 1), and refuses a bad command line (exit 2)', async () => {
    const t = commandBed({ absent: true });
    expect(await runEventCommand('listen', ['--forward-to', 'http://127.0.0.1:3999/hooks'], t.io)).toBe(1);
    expect(t.err.join('\n')).toContain('no webhook endpoints or events');
    expect(t.out).toEqual([]);
    for (const args of [
      [],
      ['--forward-to', 'ftp://x'],
      ['--forward-to', 'http://x/h', '--fault', 'slow'],
      ['--forward-to', 'http://x/h', '--events', 'payment_intent.paid'],
      ['--forward-to', 'http://x/h', '--key', 'sk_live_real'],
      ['--forward-to', 'http://x/h', '--late-ms', '0'],
    ])
      expect(await runEventCommand('listen', args, t.io), args.join(' ')).toBe(2);
    expect(t.stub.requests.filter((r) => r.startsWith('POST'))).toEqual([]);
  });
});
