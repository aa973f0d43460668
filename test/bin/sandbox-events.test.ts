// @vitest-environment node
// The offline loop end to end (issue 32), against the real sandbox: `listen`, `trigger`, `replay`
// and each delivery fault, with a merchant's server that verifies with the package and fulfils
// through fulfillment's fast path; and the demo shop embedded with the sandbox, fed by events.
// The sandbox retries on its fast schedule (docs/sandbox.md#signed-events) and approves in 300 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, verifyWebhook, type WebhookFault } from '../../src/api';
import { runEventCommand } from '../../src/cli/events/command';
import type { CommandIo } from '../../src/cli/events/options';
import { createFulfillment, type Fulfillment, type FulfillmentEvent, fileStore } from '../../src/fulfillment';
import { SANDBOX_SECRET_KEY } from '../../src/demo/app';
import type { TestOutcome } from '../../src/phone';
import { startCheckoutServer } from '../../src/server/checkout-server';
import { type RunningServer, startSandboxServer } from '../../src/server/sandbox-server';
import { makeDistFixture } from '../server/helpers';
import { numberFor } from '../support/checkout-bed';

const KEY = 'sk_test_e2e_events';
let sandbox: RunningServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'momo-events-e2e-'));
  sandbox = await startSandboxServer({
    port: 0,
    host: '127.0.0.1',
    distDir: dist,
    sandboxOptions: { approvalMs: 300 },
  });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dist, { recursive: true, force: true });
});

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
  });

/** A merchant's server: its webhook route hands each delivery to fulfillment (secret learned from listen). */
async function merchantServer() {
  let secret: string | undefined;
  const paid: FulfillmentEvent[] = [];
  const answers: { id: string | undefined; status: number }[] = [];
  /** Each delivery's type, its intent and when it came, in the order they came. */
  const seen: { type: string; intentId: string | undefined; at: number }[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'momo-events-e2e-shop-'));
  const fulfillment: Fulfillment = createFulfillment({
    api: { baseUrl: sandbox.url, token: KEY },
    store: fileStore(dir, { rescanMs: 0 }),
    handlers: { paid: (event) => void paid.push(event) },
    webhookSecrets: () => secret,
    pace: { idleMs: 60_000, idleMaxMs: 60_000 },
    sweepMs: 0,
  });
  fulfillment.start();
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const result = await fulfillment.receiveEvent(body, req.headers);
    answers.push({ id: req.headers['webhook-id'] as string | undefined, status: result.status });
    const event = JSON.parse(body) as { type: string; data: { object: { intent_id?: string } } };
    seen.push({ type: event.type, intentId: event.data.object.intent_id, at: Date.now() });
    res.writeHead(result.status, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  return {
    url,
    paid,
    answers,
    seen,
    fulfillment,
    setSecret: (value: string) => {
      secret = value;
    },
    async close() {
      await fulfillment.stop();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function io() {
  const out: string[] = [];
  const err: string[] = [];
  const stop = new AbortController();
  const given: CommandIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env: { MOMO_API_BASE: sandbox.url, MOMO_SECRET_KEY: KEY },
    stop: stop.signal,
    pollMs: 50,
  };
  return { io: given, out, err, stop };
}

/** listen with `faults`, a merchant server behind it that knows the secret it printed. */
async function listening(faults: WebhookFault[] = [], extra: string[] = []) {
  const shop = await merchantServer();
  const l = io();
  const args = ['--forward-to', shop.url, ...faults.flatMap((f) => ['--fault', f]), ...extra];
  const running = runEventCommand('listen', args, l.io);
  await vi.waitFor(() => expect(l.out[0]).toMatch(/^MOMO_WEBHOOK_SECRET=whsec_/), { timeout: 10_000 });
  shop.setSecret((l.out[0] as string).slice('MOMO_WEBHOOK_SECRET='.length));
  return {
    shop,
    out: l.out,
    async close() {
      l.stop.abort();
      expect(await running).toBe(0);
      await shop.close();
    },
  };
}

/** trigger's event id, the intent it is about followed first by the merchant's fulfillment. */
async function triggered(type: string): Promise<string> {
  const t = io();
  expect(await runEventCommand('trigger', [type, '--wait-s', '30'], t.io)).toBe(0);
  return t.out[0] as string;
}

/**
 * A payment as a merchant makes one: created, handed to its fulfillment, then confirmed with the
 * Congo MTN test number of `outcome`. Followed before it can make any event, so a delivery that
 * comes early (a busy machine slowing this test, not the sandbox) still finds it followed; a
 * payment `trigger` makes is followed only after its event exists, and a late or held delivery may
 * reach the merchant first, ignored ("not followed"), with no replay behind it.
 */
async function followedThenConfirmed(shop: Awaited<ReturnType<typeof merchantServer>>, outcome: TestOutcome) {
  const client = createClient({ baseUrl: sandbox.url, token: KEY });
  const intent = await client.createIntent({ amount: 1000, currency: 'xaf', metadata: { order: 'E2E-1' } });
  await shop.fulfillment.follow(intent);
  const number = numberFor(outcome);
  await client.confirmIntent(intent.intent_id, {
    client_secret: intent.client_secret,
    first_name: 'Awa',
    last_name: 'Ndong',
    receipt_email: 'awa@example.cg',
    payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: number.msisdn, operator_name: 'mtn' } },
  });
  return intent.intent_id;
}

describe('momo-checkout-sandbox listen / trigger / replay against the sandbox', () => {
  it('delivers a triggered event, signed so that the package verifies it; listen prints the attempt', async () => {
    const l = await listening();
    const id = await triggered('payment_intent.succeeded');
    await vi.waitFor(
      () => expect(l.out.some((line) => line.includes(id) && line.includes('succeeded (HTTP 200)'))).toBe(true),
      {
        timeout: 20_000,
      },
    );
    expect(l.shop.answers).toContainEqual({ id, status: 200 });
    await l.close();
  });

  it.each([
    [
      'duplicate',
      (lines: string[]) => expect(lines.filter((x) => x.includes('HTTP 200')).length).toBeGreaterThanOrEqual(2),
    ],
    ['bad_signature', (lines: string[]) => expect(lines.some((x) => x.includes('HTTP 400'))).toBe(true)],
    ['fail_then_succeed', (lines: string[]) => expect(lines.some((x) => / failed /.test(x))).toBe(true)],
  ] as const)('plays the %s fault, and the merchant’s fulfillment still tells paid once', async (fault, check) => {
    const l = await listening([fault]);
    const client = createClient({ baseUrl: sandbox.url, token: KEY });
    const id = await triggered('payment_intent.succeeded');
    const event = await client.getEvent(id);
    const intentId = 'intent_id' in event.data.object ? event.data.object.intent_id : '';
    await l.shop.fulfillment.follow({ intentId });
    await client.replayEvent(id);
    await vi.waitFor(() => expect(l.shop.paid.map((e) => e.intentId)).toEqual([intentId]), { timeout: 30_000 });
    await vi.waitFor(() => check(l.out.filter((line) => line.includes(id))), { timeout: 30_000 });
    expect(l.shop.paid).toHaveLength(1);
    await l.close();
  });

  it('plays the late fault: no delivery before its delay, then the merchant’s fulfillment tells paid once', async () => {
    const l = await listening(['late'], ['--late-ms', '1500']);
    const client = createClient({ baseUrl: sandbox.url, token: KEY });
    const intentId = await followedThenConfirmed(l.shop, 'approved_at_once');
    await vi.waitFor(() => expect(l.shop.paid.map((e) => e.intentId)).toEqual([intentId]), { timeout: 30_000 });
    const event = (await client.listEvents({ type: 'payment_intent.succeeded' })).data.find(
      (e) => 'intent_id' in e.data.object && e.data.object.intent_id === intentId,
    );
    const first = l.shop.seen.find((x) => x.type === 'payment_intent.succeeded' && x.intentId === intentId);
    expect(event).toBeDefined();
    // A lower bound only: the delivery may come later on a busy machine, never sooner.
    expect((first?.at ?? 0) - Date.parse(event?.timestamp as string)).toBeGreaterThanOrEqual(1500);
    await l.close();
  });

  it('plays the out_of_order fault: an intent’s succeeded reaches the merchant before its pending, paid once', async () => {
    // The held pending waits up to 15 s for a later event of its intent, which then goes first.
    const l = await listening(['out_of_order'], ['--late-ms', '15000']);
    const intentId = await followedThenConfirmed(l.shop, 'approved_after_delay'); // pending, approved in 300 ms
    await vi.waitFor(
      () =>
        expect(l.shop.seen.filter((x) => x.intentId === intentId).map((x) => x.type)).toEqual([
          'payment_intent.succeeded',
          'payment_intent.pending',
        ]),
      { timeout: 30_000 },
    );
    await vi.waitFor(() => expect(l.shop.paid.map((e) => e.intentId)).toEqual([intentId]), { timeout: 30_000 });
    await l.close();
  });

  it('replays an event with its id: the merchant’s server sees the same webhook-id again', async () => {
    const l = await listening();
    const id = await triggered('payment_intent.pending');
    await vi.waitFor(() => expect(l.shop.answers.filter((a) => a.id === id)).toHaveLength(1), { timeout: 20_000 });
    const r = io();
    expect(await runEventCommand('replay', [id], r.io)).toBe(0);
    await vi.waitFor(() => expect(l.shop.answers.filter((a) => a.id === id)).toHaveLength(2), { timeout: 20_000 });
    await l.close();
  });

  it('verifies with the package what the sandbox signs, and refuses it once tampered', async () => {
    const secretHolder = await listening();
    let raw: { body: string; headers: IncomingMessage['headers'] } | undefined;
    const spy = createServer(async (req, res) => {
      raw = { body: await readBody(req), headers: req.headers };
      res.end('ok');
    });
    await new Promise<void>((resolve) => spy.listen(0, '127.0.0.1', resolve));
    const l = io();
    const running = runEventCommand(
      'listen',
      ['--forward-to', `http://127.0.0.1:${(spy.address() as AddressInfo).port}/`],
      l.io,
    );
    await vi.waitFor(() => expect(l.out[0]).toMatch(/^MOMO_WEBHOOK_SECRET=/), { timeout: 10_000 });
    const secret = (l.out[0] as string).slice('MOMO_WEBHOOK_SECRET='.length);
    const id = await triggered('payment_intent.succeeded');
    await vi.waitFor(() => expect(raw?.headers['webhook-id']).toBe(id), { timeout: 20_000 });
    const got = raw as { body: string; headers: IncomingMessage['headers'] };
    expect(verifyWebhook(secret, got.body, got.headers).id).toBe(id);
    expect(() => verifyWebhook(secret, got.body.replace('"amount":', '"amount":1'), got.headers)).toThrow(/signature/);
    l.stop.abort();
    await running;
    await new Promise((resolve) => spy.close(resolve));
    await secretHolder.close();
  });
});

describe('the demo shop, embedded with the sandbox (npm start)', () => {
  it.each([[[]], [['duplicate']], [['late']], [['out_of_order']], [['fail_then_succeed']], [['bad_signature']]] as [
    WebhookFault[],
  ][])(
    'registers /demo/webhooks at start with faults %j; a payment’s events reach it signed and wake its order, paid once',
    async (faults) => {
      const fixture = makeDistFixture();
      const server = await startCheckoutServer({
        port: 0,
        distDir: fixture.distDir,
        sandboxOptions: { approvalMs: 300, webhookRetry: 'fast' },
        demoWebhookFaults: faults,
      });
      try {
        const shop = createClient({ baseUrl: server.url, token: SANDBOX_SECRET_KEY });
        await vi.waitFor(async () => expect((await shop.listWebhookEndpoints()).data).toHaveLength(1), {
          timeout: 10_000,
        });
        const [endpoint] = (await shop.listWebhookEndpoints()).data;
        expect(endpoint?.url).toBe(`${server.url}/demo/webhooks`);
        expect(endpoint?.faults).toEqual(faults);
        const res = await fetch(`${server.url}/demo/intent`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
          body: new URLSearchParams({ order: 'CMD-00000000E2E0', lang: 'en' }).toString(),
        });
        const { intentId } = (await res.json()) as { intentId: string };
        const intent = await shop.getIntent(intentId);
        const number = numberFor('approved_at_once');
        await shop.confirmIntent(intentId, {
          client_secret: intent.client_secret,
          first_name: 'Awa',
          last_name: 'Ndong',
          receipt_email: 'awa@example.cg',
          payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: number.msisdn, operator_name: 'mtn' } },
        });
        await vi.waitFor(
          async () => {
            const [succeeded] = (await shop.listEvents({ type: 'payment_intent.succeeded' })).data;
            expect(succeeded?.data.object).toMatchObject({ intent_id: intentId });
            const attempts = (await shop.listEventDeliveries(succeeded?.id ?? '')).data;
            expect(attempts.map((a) => [a.endpointId, a.status, a.httpStatus])).toContainEqual([
              endpoint?.id,
              'succeeded',
              200,
            ]);
            // The fault asked for was played on this event's deliveries.
            for (const fault of faults) expect(attempts.map((a) => a.fault)).toContain(fault);
          },
          { timeout: 20_000 },
        );
        await vi.waitFor(
          async () =>
            expect(await (await fetch(`${server.url}/demo/orders?lang=en`)).text()).toContain('data-state="paid"'),
          { timeout: 20_000 },
        );
        const orders = await (await fetch(`${server.url}/demo/orders?lang=en`)).text();
        expect(orders.match(/data-state="paid"/g)).toHaveLength(1);
      } finally {
        await server.close();
        fixture.cleanup();
      }
    },
  );
});
