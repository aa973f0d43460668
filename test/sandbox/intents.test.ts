// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { paymentIntentSchema } from '../../src/api/schemas';
import { expectError, expectJson, sessionBody, setup, START, testNumber, transferBody } from './helpers';

describe('POST /v1/payment-intents (sandbox extension)', () => {
  it('creates an intent and answers 201 with the full record including the client secret', async () => {
    const { call } = setup();
    const response = await call('POST', '/v1/payment-intents', {
      body: { amount: 7500, currency: 'xaf', metadata: { orderId: 'A-17' }, description: 'Order A-17' },
    });
    const intent = await expectJson(response, 201, paymentIntentSchema);
    expect(intent).toMatchObject({
      id: 1,
      amount: 7500,
      currency: 'xaf',
      status: 'requires_payment_method',
      metadata: { orderId: 'A-17' },
      description: 'Order A-17',
      payment_method: null,
      last_payment_error: null,
      charge_id: null,
      payout_id: null,
      canceled_at: null,
      cancellation_reason: null,
      live_mode: 0,
      approval_expires_at: null,
      created_at: '2025-03-10T10:00:00.000+01:00',
      updated_at: '2025-03-10T10:00:00.000+01:00',
    });
    expect(intent.intent_id).toMatch(/^pi_[0-9A-Za-z]{24}$/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.intent_id}_secret_[0-9A-Za-z]{24}$`));
    expect(intent.event).toEqual({
      id: 1,
      intent_id: intent.id,
      created_at: intent.created_at,
      updated_at: intent.updated_at,
      charges: [],
      payouts: [],
    });
  });

  it('numbers intents with incrementing integer ids and unique random ids', async () => {
    const { newIntent } = setup();
    const first = await newIntent();
    const second = await newIntent();
    expect([first.id, second.id]).toEqual([1, 2]);
    expect(first.intent_id).not.toBe(second.intent_id);
    expect(first.client_secret).not.toBe(second.client_secret);
  });

  it('counts integer ids per merchant token: they say nothing of other merchants\u2019 volume', async () => {
    const { call, confirm } = setup();
    for (let i = 0; i < 5; i += 1)
      await call('POST', '/v1/payment-intents', { token: 'sk_test_busy_shop', body: { amount: 100, currency: 'xaf' } });
    const other = await expectJson(
      await call('POST', '/v1/payment-intents', {
        token: 'sk_test_quiet_shop',
        body: { amount: 100, currency: 'xaf' },
      }),
      201,
      paymentIntentSchema,
    );
    expect([other.id, other.event.id]).toEqual([1, 1]);
    expect((await confirm(other, testNumber('approved_at_once'))).status).toBe(200);
    const paid = await expectJson(
      await call('GET', `/v1/payment-intents/${other.intent_id}`, { token: null }),
      200,
      paymentIntentSchema,
    );
    expect(paid.event.charges.map((charge) => charge.id)).toEqual([1]);
  });

  it('defaults metadata and description to null', async () => {
    const { newIntent } = setup();
    const intent = await newIntent();
    expect(intent.metadata).toBeNull();
    expect(intent.description).toBeNull();
  });

  it.each([
    ['zero', 0],
    ['negative', -100],
    ['fractional', 10.5],
    ['above 10 000 000', 10_000_001],
    ['non-numeric text', '5 000'],
    ['fractional text', '5000.5'],
  ])('refuses a %s amount with 400 on field amount', async (_label, amount) => {
    const { call } = setup();
    await expectError(
      await call('POST', '/v1/payment-intents', { body: { amount, currency: 'xaf' } }),
      400,
      'invalid_request',
      'amount',
    );
  });

  it('takes the amount as numeric text too, as the transfer endpoints do', async () => {
    const { call } = setup();
    const response = await call('POST', '/v1/payment-intents', { body: { amount: '5000', currency: 'xaf' } });
    expect(response.status).toBe(201);
    expect((await response.json()).amount).toBe(5000);
  });

  it('accepts the largest amount, 10 000 000', async () => {
    const { newIntent } = setup();
    expect((await newIntent(10_000_000)).amount).toBe(10_000_000);
  });

  it('refuses a currency no supported country pays in, before a page could show it', async () => {
    const { call } = setup();
    const error = await expectError(
      await call('POST', '/v1/payment-intents', { body: { amount: 100, currency: 'usd' } }),
      400,
      'invalid_request',
      'currency',
    );
    expect(error.message).toBe('`currency` "usd" is not paid by mobile money here; use "xaf" or "xof".');
    const session = await call('POST', '/v1/sessions', { body: sessionBody({ currency: 'eur' }) });
    await expectError(session, 400, 'invalid_request', 'currency');
    const transfer = await call('POST', '/v1/remittance', { body: transferBody({ currency: 'usd' }) });
    expect((await expectError(transfer, 400, 'invalid_request', 'currency')).message).toBe(
      '`currency` must be "xaf", the currency of country "cg".',
    );
  });

  it('refuses a currency that is not three lower-case letters', async () => {
    const { call } = setup();
    const error = await expectError(
      await call('POST', '/v1/payment-intents', { body: { amount: 100, currency: 'XAF' } }),
      400,
      'invalid_request',
      'currency',
    );
    expect(error.message).toContain('`currency`');
  });
});

describe('GET /v1/payment-intents/:id', () => {
  it('answers a read without a token with the client secret, as the interface documents (a required string)', async () => {
    const { newIntent, readIntent } = setup();
    const created = await newIntent();
    const read = await readIntent(created.intent_id);
    expect(read.client_secret).toBe(created.client_secret);
    // The read adds what only a payer's read carries: the wallets not up (extension; none here).
    expect(read).toEqual({ ...created, availability: [] });
  });

  it('refuses an Authorization header that is not a merchant token with 401', async () => {
    const { newIntent, call } = setup();
    const created = await newIntent();
    await expectError(
      await call('GET', `/v1/payment-intents/${created.intent_id}`, { token: 'sk_live_123' }),
      401,
      'unauthorized',
    );
  });

  it('refuses a merchant token sent from a browser with 403', async () => {
    const { newIntent, call } = setup();
    const created = await newIntent();
    const response = await call('GET', `/v1/payment-intents/${created.intent_id}`, {
      headers: { Origin: 'https://shop.example.cg' },
    });
    await expectError(response, 403, 'browser_origin_forbidden');
  });

  it('answers 404 not_found for an unknown intent', async () => {
    const { call } = setup();
    await expectError(await call('GET', '/v1/payment-intents/pi_doesnotexist', { token: null }), 404, 'not_found');
  });

  it('stamps times in Central Africa time (+01:00)', async () => {
    const { newIntent, clock } = setup();
    clock.set(START + 15 * 3600_000);
    expect((await newIntent()).created_at).toBe('2025-03-11T01:00:00.000+01:00');
  });
});
