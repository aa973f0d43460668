// @vitest-environment node
// Payment links through the sandbox's HTTP interface (extension, issue 31): created with a fixed
// amount or bounds, each opening a payer's own intent, closed by its limit, its expiry or its
// deactivation, and kept across a restart like every record.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  paymentLinkListSchema,
  paymentLinkOpenedSchema,
  paymentLinkSchema,
  publicPaymentLinkSchema,
} from '../../../src/api/schemas/payment-links';
import { APPROVAL_MS, BASE, confirmBody, expectError, expectJson, setup, testNumber } from '../helpers';
import { open, stateDirs } from '../support/state';

const newDir = stateDirs();
const paid = testNumber('approved_after_delay');

const fixed = { amount: 2500, currency: 'xaf', description: 'Pagne wax, 6 yards' };

async function create(context: ReturnType<typeof setup>, body: Record<string, unknown> = fixed) {
  return expectJson(await context.call('POST', '/v1/payment-links', { body }), 201, paymentLinkSchema);
}

async function openOne(context: ReturnType<typeof setup>, id: string, body: Record<string, unknown> = {}) {
  return expectJson(
    await context.call('POST', `/v1/payment-links/${id}/intents`, { token: null, body }),
    201,
    paymentLinkOpenedSchema,
  );
}

/** Confirms the opened intent with the sandbox's success number and lets it settle. */
async function pay(context: ReturnType<typeof setup>, opened: { url: string; paymentIntentId: string }) {
  const secret = opened.url.split('#')[1] as string;
  const res = await context.call('POST', `/v1/payment-intents/${opened.paymentIntentId}/confirm`, {
    token: null,
    body: confirmBody(secret, paid),
  });
  return res;
}

describe('POST /v1/payment-links', () => {
  it('creates a link whose public address holds no secret, with its QR page', async () => {
    const context = setup();
    const link = await create(context);
    expect(link.id).toMatch(/^plink_/);
    expect(link.url).toBe(`${BASE}/l/${link.id}`);
    expect(link.qrUrl).toBe(`${BASE}/l/${link.id}/qr`);
    expect(link.url).not.toMatch(/secret|#/);
    expect(link).toMatchObject({
      status: 'active',
      amount: 2500,
      amountMin: null,
      paymentsCount: 0,
      maxPayments: null,
    });
  });

  it('takes bounds for an amount the payer chooses, and refuses a mix or bounds upside down, naming the field', async () => {
    const context = setup();
    const link = await create(context, { amountMin: 500, amountMax: 20000, currency: 'xof', description: 'Dons' });
    expect(link).toMatchObject({ amount: null, amountMin: 500, amountMax: 20000, currency: 'xof' });
    const both = await context.call('POST', '/v1/payment-links', { body: { ...fixed, amountMin: 100 } });
    await expectError(both, 400, 'invalid_request', 'amountMin');
    const upsideDown = { amountMin: 900, amountMax: 100, currency: 'xaf', description: 'x' };
    await expectError(
      await context.call('POST', '/v1/payment-links', { body: upsideDown }),
      400,
      'invalid_request',
      'amountMax',
    );
    const none = { currency: 'xaf', description: 'x' };
    await expectError(
      await context.call('POST', '/v1/payment-links', { body: none }),
      400,
      'invalid_request',
      'amountMin',
    );
    const euro = { ...fixed, currency: 'eur' };
    await expectError(
      await context.call('POST', '/v1/payment-links', { body: euro }),
      400,
      'invalid_request',
      'currency',
    );
  });

  it('needs a secret key', async () => {
    const context = setup();
    await expectError(
      await context.call('POST', '/v1/payment-links', { token: null, body: fixed }),
      401,
      'unauthorized',
    );
  });
});

describe('opening a link', () => {
  it('gives each opening an intent of its own, and charges none until it is paid', async () => {
    const context = setup();
    const link = await create(context);
    const first = await openOne(context, link.id);
    const second = await openOne(context, link.id);
    expect(first.paymentIntentId).not.toBe(second.paymentIntentId);
    expect(first.url).toMatch(new RegExp(`^${BASE}/pay/${first.paymentIntentId}#pi_`));
    const intent = await context.readIntent(first.paymentIntentId);
    expect(intent).toMatchObject({ amount: 2500, currency: 'xaf', status: 'requires_payment_method' });
    expect((await pay(context, first)).status).toBe(200);
    context.clock.advance(APPROVAL_MS + 1000);
    expect((await context.readIntent(first.paymentIntentId)).status).toBe('succeeded');
    expect((await context.readIntent(second.paymentIntentId)).status).toBe('requires_payment_method');
    const read = await expectJson(await context.call('GET', `/v1/payment-links/${link.id}`), 200, paymentLinkSchema);
    expect(read.paymentsCount).toBe(1);
  });

  it('asks the payer for an amount within the bounds', async () => {
    const context = setup();
    const link = await create(context, { amountMin: 1000, amountMax: 5000, currency: 'xaf', description: 'Tontine' });
    const path = `/v1/payment-links/${link.id}/intents`;
    await expectError(await context.call('POST', path, { token: null, body: {} }), 400, 'invalid_request', 'amount');
    await expectError(
      await context.call('POST', path, { token: null, body: { amount: 999 } }),
      400,
      'invalid_request',
      'amount',
    );
    await expectError(
      await context.call('POST', path, { token: null, body: { amount: 5001 } }),
      400,
      'invalid_request',
      'amount',
    );
    const opened = await openOne(context, link.id, { amount: 5000 });
    expect((await context.readIntent(opened.paymentIntentId)).amount).toBe(5000);
  });

  it('closes at its limit of succeeded payments, and never lets two payers take its last place', async () => {
    const context = setup();
    const link = await create(context, { ...fixed, maxPayments: 1 });
    const first = await openOne(context, link.id);
    const second = await openOne(context, link.id);
    expect((await pay(context, first)).status).toBe(200);
    // The first payer's attempt is under way: the second cannot pay the same last place.
    await expectError(await pay(context, second), 409, 'payment_link_inactive');
    context.clock.advance(APPROVAL_MS + 1000);
    const full = await expectJson(
      await context.call('GET', `/v1/payment-links/${link.id}`, { token: null }),
      200,
      publicPaymentLinkSchema,
    );
    expect(full).toMatchObject({ status: 'full', paymentsCount: 1 });
    expect(full).not.toHaveProperty('metadata');
    await expectError(
      await context.call('POST', `/v1/payment-links/${link.id}/intents`, { token: null, body: {} }),
      409,
      'payment_link_inactive',
    );
  });

  it('closes at its expiry, and once deactivated', async () => {
    const context = setup();
    const expiring = await create(context, {
      ...fixed,
      expiresAt: new Date(context.clock.now() + 120_000).toISOString(),
    });
    const forever = await create(context);
    context.clock.advance(120_000);
    await expectError(
      await context.call('POST', `/v1/payment-links/${expiring.id}/intents`, { token: null, body: {} }),
      409,
      'payment_link_inactive',
    );
    const opened = await openOne(context, forever.id);
    const off = await expectJson(
      await context.call('POST', `/v1/payment-links/${forever.id}/deactivate`),
      200,
      paymentLinkSchema,
    );
    expect(off.status).toBe('inactive');
    await expectError(
      await context.call('POST', `/v1/payment-links/${forever.id}/intents`, { token: null, body: {} }),
      409,
      'payment_link_inactive',
    );
    // An intent opened before is not paid once the merchant closed the link.
    await expectError(await pay(context, opened), 409, 'payment_link_inactive');
    const list = await expectJson(
      await context.call('GET', '/v1/payment-links?status=expired'),
      200,
      paymentLinkListSchema,
    );
    expect(list.data.map((link) => link.id)).toEqual([expiring.id]);
  });

  it("is the merchant's own: another key neither lists, reads with metadata, nor deactivates it", async () => {
    const context = setup();
    const link = await create(context, { ...fixed, metadata: { stall: 'B12' } });
    const other = 'sk_test_someone_else';
    await expectError(await context.call('GET', `/v1/payment-links/${link.id}`, { token: other }), 404, 'not_found');
    await expectError(
      await context.call('POST', `/v1/payment-links/${link.id}/deactivate`, { token: other }),
      404,
      'not_found',
    );
    const list = await expectJson(
      await context.call('GET', '/v1/payment-links', { token: other }),
      200,
      paymentLinkListSchema,
    );
    expect(list.data).toEqual([]);
  });
});

describe('across a restart', () => {
  it('keeps links, their deactivation and their payments', async () => {
    const dir = newDir();
    const clock = { time: Date.UTC(2025, 2, 10, 9) };
    let { sandbox, call } = open(dir, clock);
    const made = await call('POST', '/v1/payment-links', { ...fixed, maxPayments: 3 });
    const link = paymentLinkSchema.parse(await made.json());
    const off = paymentLinkSchema.parse(await (await call('POST', '/v1/payment-links', fixed)).json());
    await call('POST', `/v1/payment-links/${off.id}/deactivate`);
    const opened = paymentLinkOpenedSchema.parse(
      await (await call('POST', `/v1/payment-links/${link.id}/intents`, {}, null)).json(),
    );
    const secret = opened.url.split('#')[1] as string;
    expect(
      (await call('POST', `/v1/payment-intents/${opened.paymentIntentId}/confirm`, confirmBody(secret, paid), null))
        .status,
    ).toBe(200);
    await sandbox.close();
    clock.time += APPROVAL_MS + 1000;
    ({ sandbox, call } = open(dir, clock));
    const read = paymentLinkSchema.parse(await (await call('GET', `/v1/payment-links/${link.id}`)).json());
    expect(read).toMatchObject({ status: 'active', paymentsCount: 1, maxPayments: 3 });
    expect(paymentLinkSchema.parse(await (await call('GET', `/v1/payment-links/${off.id}`)).json()).status).toBe(
      'inactive',
    );
    await sandbox.close();
  });

  it('refuses to start on a damaged link line, naming the file', async () => {
    const dir = newDir();
    const { sandbox, call } = open(dir);
    expect((await call('POST', '/v1/payment-links', fixed)).status).toBe(201);
    await sandbox.close();
    const journal = readdirSync(dir)
      .filter((name) => /^journal-\d+\.jsonl$/.test(name))
      .sort()
      .at(-1) as string;
    const path = join(dir, journal);
    writeFileSync(path, readFileSync(path, 'utf8').replace('Pagne wax', 'Pagne WAX'));
    expect(() => open(dir)).toThrow(/damaged \(journal-\d+\.jsonl: .*checksum/);
  });
});
