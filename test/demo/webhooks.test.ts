// @vitest-environment node
// The demo shop's webhook endpoint (issue 32): it registers itself at start, feeds each signed
// delivery to fulfillment's fast path, refuses a forged one, deletes its endpoint on close, and
// against a service without webhook endpoints stays on polling without a word. The service's
// webhook routes are a stub of the contract here (test/support/webhook-stub.ts); the payments are
// the real sandbox's.
import { onTestFinished } from 'vitest';
import { describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/api';
import { createDemo, SANDBOX_SECRET_KEY } from '../../src/demo/app';
import { receiveDelivery } from '../../src/demo/webhooks';
import { createSandbox } from '../../src/sandbox';
import { numberFor } from '../support/checkout-bed';
import { webhookStub } from '../support/webhook-stub';

const SHOP = 'http://shop.test';

function shopWithEvents({ absent = false } = {}) {
  const sandbox = createSandbox({ env: {}, checkoutBaseUrl: SHOP, confirmRateLimit: false });
  /** The demo's answers to the deliveries, as the stub made them. */
  const answers: unknown[] = [];
  const stub = webhookStub({
    absent,
    // The stub reaches the shop's address as the service would: /demo is where the shop is mounted.
    deliver: async (request) => {
      const path = new URL(request.url).pathname.replace(/^\/demo/, '');
      const answer = await demo.app.fetch(new Request(`${SHOP}${path}`, request));
      answers.push(await answer.clone().json());
      return answer;
    },
  });
  const sandboxFetch = (request: Request) =>
    /^\/v1\/(webhook-endpoints|events)/.test(new URL(request.url).pathname)
      ? stub.fetch(request)
      : sandbox.fetch(request);
  const demo = createDemo({ sandboxFetch, shopBaseUrl: SHOP });
  onTestFinished(() => demo.close());
  const merchant = createClient({ baseUrl: SHOP, token: SANDBOX_SECRET_KEY, fetch: sandbox.fetch });
  return { demo, stub, merchant, answers };
}

async function newOrder(demo: ReturnType<typeof createDemo>) {
  const res = await demo.app.fetch(
    new Request(`${SHOP}/intent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({ order: 'CMD-0123456789AB', lang: 'en' }).toString(),
    }),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { intentId: string }).intentId;
}

const ordersPage = async (demo: ReturnType<typeof createDemo>) =>
  (await demo.app.fetch(new Request(`${SHOP}/orders?lang=en`))).text();

describe('the demo shop’s webhook endpoint', () => {
  it('registers itself at start, feeds a signed event to fulfillment (the order woken and paid), and deletes its endpoint on close', async () => {
    const { demo, stub, merchant, answers } = shopWithEvents();
    expect(await demo.webhooks).toBe('registered');
    expect(stub.endpoints().map((e) => [e.url, e.enabledEvents])).toEqual([[`${SHOP}/demo/webhooks`, ['*']]]);

    const intentId = await newOrder(demo);
    const intent = await merchant.getIntent(intentId);
    const number = numberFor('approved_at_once');
    await merchant.confirmIntent(intentId, {
      client_secret: intent.client_secret,
      first_name: 'Awa',
      last_name: 'Ndong',
      receipt_email: 'awa@example.cg',
      payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: number.msisdn, operator_name: 'mtn' } },
    });
    const paid = await merchant.getIntent(intentId);
    const event = await stub.emit({
      id: 'evt_demo1',
      type: 'payment_intent.succeeded',
      timestamp: new Date().toISOString(),
      data: { object: paid },
    });
    expect(stub.deliveriesOf(event.id).map((d) => [d.status, d.httpStatus])).toEqual([['succeeded', 200]]);
    expect(answers).toEqual([{ status: 200, outcome: 'woken', eventId: event.id, intentId }]);
    await vi.waitFor(async () => expect(await ordersPage(demo)).toContain('data-state="paid"'), { timeout: 20_000 });

    await demo.close();
    expect(stub.endpoints()).toEqual([]);
  });

  it('refuses a delivery not signed with its secret (400), and answers 404 before it has one', async () => {
    const { demo, stub } = shopWithEvents();
    await demo.webhooks;
    const forged = await demo.app.fetch(
      new Request(`${SHOP}/webhooks`, {
        method: 'POST',
        headers: {
          'webhook-id': 'evt_x',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,AAAA',
        },
        body: '{}',
      }),
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ outcome: 'refused', reason: 'bad_signature' });
    expect(stub.endpoints()).toHaveLength(1);
    const early = await receiveDelivery(
      new Request(`${SHOP}/webhooks`, { method: 'POST', body: '{}' }),
      { secret: () => undefined },
      () => {
        throw new Error('never asked');
      },
    );
    expect(early.status).toBe(404);
    expect((await demo.app.fetch(new Request(`${SHOP}/webhooks`))).status).toBe(405);
  });

  it('carries on polling, without a word, against a service without webhook endpoints (404)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onTestFinished(() => errors.mockRestore());
    const { demo, stub } = shopWithEvents({ absent: true });
    expect(await demo.webhooks).toBe('absent');
    expect(stub.requests[0]).toMatch(/^GET \/v1\/webhook-endpoints/);
    expect(errors).not.toHaveBeenCalled();
    await newOrder(demo);
    expect(await ordersPage(demo)).toContain('data-state="open"');
  });

  it('registers nothing with a real service: that account’s endpoints are the merchant’s', async () => {
    // The real service is reached with the global fetch: every call to it is seen here.
    const calls = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => Response.json({ error: { code: 'down', message: 'down' } }, { status: 503 }));
    onTestFinished(() => calls.mockRestore());
    const demo = createDemo({
      api: { baseUrl: 'http://service.test', secretKey: 'sk_test_real' },
      sandboxFetch: () => Promise.reject(new Error('not the sandbox')),
      shopBaseUrl: SHOP,
    });
    expect(await demo.webhooks).toBe('off');
    await demo.close();
    const paths = calls.mock.calls.map(([request]) => new URL((request as Request).url).pathname);
    expect(paths.filter((path) => path.startsWith('/v1/webhook-endpoints'))).toEqual([]);
  });

  it('deletes the endpoints an earlier run left at its address before registering', async () => {
    const { demo, stub } = shopWithEvents();
    await demo.webhooks;
    const first = stub.endpoints()[0]?.id;
    // A second shop at the same address, as after a restart without a clean stop.
    const again = createDemo({
      sandboxFetch: stub.fetch,
      shopBaseUrl: SHOP,
    });
    onTestFinished(() => again.close());
    expect(await again.webhooks).toBe('registered');
    expect(stub.endpoints().map((e) => e.id)).not.toContain(first);
    expect(stub.endpoints()).toHaveLength(1);
  });
});
