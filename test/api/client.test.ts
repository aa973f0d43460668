// @vitest-environment node
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import {
  confirmResultSchema,
  disbursementSchema,
  paymentIntentSchema,
  publicSessionSchema,
  remittanceCreatedSchema,
  remittanceListSchema,
  sessionSchema,
} from '../../src/api/schemas';
import { createSandbox } from '../../src/sandbox';
import { numberFor } from '../support/checkout-bed';
import { createFakeTime } from '../support/fake-time';
import { failure } from '../support/failure';
import { BASE, momo, payer, setup, TOKEN } from './helpers';

describe('client › every operation against the sandbox', () => {
  it('creates, reads and confirms an intent', async () => {
    const { merchant, browser, advance } = setup();
    const created = await merchant.createIntent({ amount: 5000, currency: 'xaf', metadata: { order: '1' } });
    expect(paymentIntentSchema.safeParse(created).success).toBe(true);
    expect(created.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    const read = await browser.getIntent(created.intent_id);
    expect(read.client_secret).toBe(created.client_secret);
    expect(read.status).toBe('requires_payment_method');
    const result = await browser.confirmIntent(created.intent_id, {
      client_secret: created.client_secret!,
      ...payer,
      payment_method_data: momo(),
    });
    expect(confirmResultSchema.safeParse(result).success).toBe(true);
    expect(result).toMatchObject({ intentId: created.intent_id, status: 'pending', amount: 5000, currency: 'xaf' });
    advance(5000);
    const paid = await browser.getIntent(created.intent_id);
    expect(paid.status).toBe('succeeded');
    expect(paid.event.charges.map((c) => c.type)).toEqual(['charge.success']);
    expect(paid.event.payouts[0]).toMatchObject({ type: 'payout.succeeded', amount: 5000 });
    const payout = paid.event.payouts[0]!;
    expect(payout.amount_captured).toBe(payout.amount - payout.amount_fee);
  });

  it('creates remittances and lists them page by page', async () => {
    const { merchant } = setup();
    for (let i = 1; i <= 12; i++) {
      const created = await merchant.createRemittance({
        amount: String(1000 * i),
        first_name: 'Paul',
        last_name: 'Okemba',
        currency: 'xaf',
        metadata: { n: i },
        payment_method_data: momo(),
      });
      expect(remittanceCreatedSchema.safeParse(created).success).toBe(true);
      expect(created).toMatchObject({ amount: 1000 * i, status: 'processing', object: 'remittance' });
    }
    const first = await merchant.listRemittances();
    expect(remittanceListSchema.safeParse(first).success).toBe(true);
    expect(first.meta).toMatchObject({ total: 12, perPage: 10, currentPage: 1, lastPage: 2, nextPageUrl: '/?page=2' });
    const second = await merchant.listRemittances({ page: 2 });
    expect(second.data).toHaveLength(2);
    const big = await merchant.listRemittances({ perPage: 100 });
    expect(new Set(big.data.map((r) => r.id)).size).toBe(12);
  });

  it('creates a disbursement', async () => {
    const { merchant } = setup();
    const created = await merchant.createDisbursement({
      amount: '2500',
      first_name: 'Paul',
      last_name: 'Okemba',
      currency: 'xaf',
      payment_method_data: momo(),
    });
    expect(disbursementSchema.safeParse(created).success).toBe(true);
    expect(created).toMatchObject({
      object: 'disbursement',
      amount: 2500,
      status: 'processing',
      phone: numberFor('approved_after_delay').msisdn,
    });
  });

  it('creates a session whose public view carries no secret', async () => {
    const { merchant, browser } = setup();
    const session = await merchant.createSession({
      total: 3000,
      currency: 'xaf',
      accountId: 'acct_1',
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/ko',
      metadata: {},
      items: [{ productId: 'prt_1', quantity: 3, price: 1000, productName: 'Beignets' }],
    });
    expect(sessionSchema.safeParse(session).success).toBe(true);
    expect(session.url).toBe(`${BASE}/pay/${session.id}#${session.clientSecret}`);
    const seen = await browser.getSession(session.id);
    expect(publicSessionSchema.safeParse(seen).success).toBe(true);
    expect(JSON.stringify(seen)).not.toContain(session.clientSecret);
  });

  it('creates a session of a chosen lifetime (expiresAt, an extension) that ends then', async () => {
    const { merchant, browser, advance } = setup();
    const session = await merchant.createSession({
      total: 1000,
      currency: 'xaf',
      accountId: 'acct_1',
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/ko',
      metadata: {},
      items: [{ productId: 'prt_1', quantity: 1, price: 1000, productName: 'Beignets' }],
      expiresAt: '2026-11-02T10:15:00+01:00',
    });
    expect(session.expiresAt).toBe('2026-11-02T10:15:00.000+01:00');
    advance(15 * 60_000);
    expect((await browser.getSession(session.id)).status).toBe('expired');
    expect(await browser.getIntent(session.paymentIntentId)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'expired',
    });
  });

  it('sends the token only as a header and the client secret only in the body', async () => {
    const { merchant, browser, calls } = setup();
    const intent = await merchant.createIntent({ amount: 100, currency: 'xaf' });
    await browser.confirmIntent(
      intent.intent_id,
      { client_secret: intent.client_secret!, ...payer, payment_method_data: momo() },
      { idempotencyKey: 'k1' },
    );
    expect(calls[0]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(calls[1]?.headers.get('authorization')).toBeNull();
    expect(calls[1]?.headers.get('idempotency-key')).toBe('k1');
    for (const call of calls) expect(call.url).not.toContain('secret');
  });
});

describe('client › retries', () => {
  it('retries a read through transient failures, 0.4 s then 1.2 s later (± a quarter)', async () => {
    const { merchant } = setup();
    const intent = await merchant.createIntent({ amount: 100, currency: 'xaf' });
    const time = createFakeTime();
    let calls = 0;
    const client = createClient({
      baseUrl: BASE,
      clock: time.clock,
      fetch: async () => (++calls < 3 ? new Response('busy', { status: 503 }) : Response.json(intent)),
    });
    const read = client.getIntent(intent.intent_id);
    await time.advance(299);
    expect(calls).toBe(1);
    await time.advance(201);
    expect(calls).toBe(2);
    await time.advance(699);
    expect(calls).toBe(2);
    await time.advance(801);
    expect(calls).toBe(3);
    expect((await read).intent_id).toBe(intent.intent_id);
  });

  it('waits as long as the service asks with Retry-After before reading again', async () => {
    const time = createFakeTime();
    let calls = 0;
    const client = createClient({
      baseUrl: BASE,
      clock: time.clock,
      readRetries: 1,
      fetch: async () => {
        calls += 1;
        return new Response('{}', { status: 429, headers: { 'Retry-After': '10' } });
      },
    });
    const read = failure(client.getIntent('pi_x'));
    await time.advance(7_499);
    expect(calls).toBe(1);
    await time.advance(5_001);
    expect(calls).toBe(2);
    expect(await read).toMatchObject({ status: 429, retryAfter: 10 });
  });

  it('never sends a confirm twice, whatever the failure', async () => {
    for (const answer of [() => new Response('busy', { status: 503 }), () => Promise.reject(new TypeError('reset'))]) {
      let calls = 0;
      const client = createClient({
        baseUrl: BASE,
        readRetries: 5,
        fetch: async () => {
          calls += 1;
          return answer();
        },
      });
      await failure(client.confirmIntent('pi_1', { client_secret: 's', ...payer, payment_method_data: momo() }));
      expect(calls).toBe(1);
    }
  });

  it('does not retry a refused read', async () => {
    let calls = 0;
    const client = createClient({
      baseUrl: BASE,
      fetch: async () => {
        calls += 1;
        return Response.json({ error: { code: 'not_found', message: 'No such intent', field: null } }, { status: 404 });
      },
    });
    expect(await failure(client.getIntent('pi_1'))).toMatchObject({ status: 404, code: 'not_found' });
    expect(calls).toBe(1);
  });
});

describe('client › over real HTTP', () => {
  it('talks to the sandbox on a port like any merchant server would', async () => {
    const sandbox = createSandbox({ env: {} });
    const server = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const merchant = createClient({ baseUrl: `http://127.0.0.1:${port}`, token: TOKEN });
      const intent = await merchant.createIntent({ amount: 4200, currency: 'xaf' });
      const result = await createClient({ baseUrl: `http://127.0.0.1:${port}` }).confirmIntent(intent.intent_id, {
        client_secret: intent.client_secret!,
        ...payer,
        payment_method_data: momo('approved_at_once'),
      });
      expect(result.status).toBe('succeeded');
      const list = await merchant.listRemittances();
      expect(list.meta.total).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
