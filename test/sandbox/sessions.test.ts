// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { paymentIntentSchema, publicSessionSchema, sessionSchema } from '../../src/api/schemas';
import { APPROVAL_MS, BASE, expectError, expectJson, sessionBody, setup, START, testNumber, TOKEN } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('POST /v1/sessions', () => {
  it('creates an open session with 200 (as the interface documents), its intent and a page url carrying the secret in the fragment', async () => {
    const { call, readIntent } = setup();
    const session = await expectJson(await call('POST', '/v1/sessions', { body: sessionBody() }), 200, sessionSchema);
    expect(session).toMatchObject({
      object: 'checkout_session',
      status: 'open',
      total: 12_500,
      currency: 'xaf',
      accountId: 'acct_shop42',
      successUrl: 'https://shop.example.cg/merci',
      cancelUrl: 'https://shop.example.cg/panier',
      metadata: { orderId: 'CMD-1042' },
      createdAt: '2025-03-10T10:00:00.000+01:00',
      expiresAt: '2025-03-11T10:00:00.000+01:00',
    });
    expect(session.id).toMatch(/^cs_[0-9A-Za-z]{24}$/);
    expect(session.url).toBe(`${BASE}/pay/${session.id}#${session.clientSecret}`);
    const url = new URL(session.url);
    expect(url.hash).toBe(`#${session.clientSecret}`);
    expect(url.pathname + url.search).not.toContain('secret');

    const intent = await readIntent(session.paymentIntentId, TOKEN);
    expect(intent).toMatchObject({
      amount: 12_500,
      currency: 'xaf',
      metadata: { orderId: 'CMD-1042' },
      client_secret: session.clientSecret,
    });
  });

  it('builds the url from checkoutBaseUrl only, whatever Host the request names', async () => {
    const { sandbox } = setup({ checkoutBaseUrl: 'https://pay.example.com' });
    for (const host of ['evil.example', 'pay.example.com.evil.example']) {
      const request = new Request(`http://${host}/v1/sessions`, {
        method: 'POST',
        headers: { Authorization: 'Bearer sk_test_x', 'Content-Type': 'application/json', Host: host },
        body: JSON.stringify(sessionBody()),
      });
      const session = await expectJson(await sandbox.fetch(request), 200, sessionSchema);
      expect(session.url).toBe(`https://pay.example.com/pay/${session.id}#${session.clientSecret}`);
    }
    const { sandbox: unconfigured } = setup({ checkoutBaseUrl: undefined });
    const request = new Request('http://evil.example/v1/sessions', {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_x', 'Content-Type': 'application/json' },
      body: JSON.stringify(sessionBody()),
    });
    expect((await expectJson(await unconfigured.fetch(request), 200, sessionSchema)).url).toMatch(
      /^http:\/\/localhost:3000\/pay\/cs_/,
    );
  });

  it('builds the url from checkoutBaseUrl when given', async () => {
    const { call } = setup({ checkoutBaseUrl: 'https://pay.example.com/' });
    const session = await expectJson(await call('POST', '/v1/sessions', { body: sessionBody() }), 200, sessionSchema);
    expect(session.url.startsWith(`https://pay.example.com/pay/${session.id}#pi_`)).toBe(true);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['protocol-relative', '//evil.example/x'],
    ['relative', '/merci'],
    ['malformed', 'https://'],
    ['ftp:', 'ftp://shop.example.cg/'],
    ['with spaces', 'https://shop.example.cg/a b'],
    ['missing slashes', 'https:shop.example.cg'],
  ])('refuses a %s successUrl and cancelUrl with 400 naming the field', async (_label, bad) => {
    const { call } = setup();
    for (const field of ['successUrl', 'cancelUrl']) {
      const error = await expectError(
        await call('POST', '/v1/sessions', { body: sessionBody({ [field]: bad }) }),
        400,
        'invalid_request',
        field,
      );
      expect(error.message).toContain(field);
    }
  });

  it('accepts plain http return addresses (local shops in development)', async () => {
    const { call } = setup();
    const body = sessionBody({ successUrl: 'http://localhost:3000/ok?order=1#top' });
    expect((await call('POST', '/v1/sessions', { body })).status).toBe(200);
  });

  it('refuses a total that differs from the sum of price × quantity, creating nothing', async () => {
    const { call, newIntent } = setup();
    const error = await expectError(
      await call('POST', '/v1/sessions', { body: sessionBody({ total: 12_000 }) }),
      400,
      'invalid_request',
      'total',
    );
    expect(error.message).toContain('12500');
    // Had the refused session created its intent, the next intent would be number 2.
    expect((await newIntent()).id).toBe(1);
  });

  it.each([
    ['items', { items: [] }],
    ['items.0.productId', { items: [{ productId: 'tshirt', quantity: 1, price: 100, productName: 'T' }] }],
    ['items.0.quantity', { items: [{ productId: 'prt_a', quantity: 0, price: 100, productName: 'T' }] }],
    ['accountId', { accountId: 'shop42' }],
    ['metadata', { metadata: undefined }],
  ])('refuses a bad %s with 400 naming it', async (field, overrides) => {
    const { call } = setup();
    await expectError(
      await call('POST', '/v1/sessions', { body: sessionBody(overrides) }),
      400,
      'invalid_request',
      field,
    );
  });
});

describe('GET /v1/sessions/:id', () => {
  async function created(options = {}) {
    const context = setup(options);
    const session = await expectJson(
      await context.call('POST', '/v1/sessions', { body: sessionBody() }),
      200,
      sessionSchema,
    );
    return { ...context, session };
  }

  it('answers anyone, without a token, never with the secret, the url or the metadata', async () => {
    const { call, session } = await created();
    const response = await call('GET', `/v1/sessions/${session.id}`, { token: null });
    const text = await response.clone().text();
    const read = await expectJson(response, 200, publicSessionSchema);
    expect(text).not.toContain(session.clientSecret);
    expect(text).not.toContain('_secret_');
    expect(text).not.toContain('CMD-1042');
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(
      [
        'id',
        'object',
        'status',
        'paymentIntentId',
        'total',
        'currency',
        'accountId',
        'successUrl',
        'cancelUrl',
        'items',
        'createdAt',
        'expiresAt',
        'merchant',
        'customer',
        'paymentIntent',
      ].sort(),
    );
    expect(read).toMatchObject({
      id: session.id,
      status: 'open',
      paymentIntentId: session.paymentIntentId,
      items: session.items,
    });
    // Its intent, as the intent's own read answers the same reader, but for the secret.
    const { client_secret: secret, ...intent } = await expectJson(
      await call('GET', `/v1/payment-intents/${session.paymentIntentId}`, { token: null }),
      200,
      paymentIntentSchema,
    );
    expect(secret).toBe(session.clientSecret);
    expect(JSON.parse(text).paymentIntent).toEqual(intent);
    // Its owner's token reads no more of it: no metadata, the session's or its intent's.
    const owned = await (await call('GET', `/v1/sessions/${session.id}`)).text();
    expect(owned).not.toContain('CMD-1042');
    expect(owned).not.toContain('_secret_');
  });

  it('turns complete once its intent has succeeded', async () => {
    const { call, confirm, clock, session } = await created();
    await confirm(
      { intent_id: session.paymentIntentId, client_secret: session.clientSecret },
      testNumber('approved_after_delay'),
    );
    clock.advance(APPROVAL_MS - 1);
    expect((await expectJson(await call('GET', `/v1/sessions/${session.id}`), 200, publicSessionSchema)).status).toBe(
      'open',
    );
    clock.advance(1);
    expect((await expectJson(await call('GET', `/v1/sessions/${session.id}`), 200, publicSessionSchema)).status).toBe(
      'complete',
    );
  });

  it('stays open after a failed attempt', async () => {
    const { call, confirm, clock, session } = await created();
    await confirm({ intent_id: session.paymentIntentId, client_secret: session.clientSecret }, testNumber('declined'));
    clock.advance(APPROVAL_MS);
    expect((await expectJson(await call('GET', `/v1/sessions/${session.id}`), 200, publicSessionSchema)).status).toBe(
      'open',
    );
  });

  it('turns expired 24 h after creation unless paid', async () => {
    const { call, clock, session } = await created();
    clock.set(START + DAY_MS - 1);
    expect((await expectJson(await call('GET', `/v1/sessions/${session.id}`), 200, publicSessionSchema)).status).toBe(
      'open',
    );
    clock.set(START + DAY_MS);
    expect((await expectJson(await call('GET', `/v1/sessions/${session.id}`), 200, publicSessionSchema)).status).toBe(
      'expired',
    );
  });

  it('cancels its intent when it expires unpaid: the intent says why, and a confirm is refused', async () => {
    const { confirm, clock, readIntent, session } = await created();
    clock.set(START + DAY_MS);
    const intent = await readIntent(session.paymentIntentId);
    expect(intent).toMatchObject({
      status: 'canceled',
      canceled_at: '2025-03-11T10:00:00.000+01:00',
      cancellation_reason: 'expired',
    });
    expect(intent.updated_at).toBe(intent.canceled_at);
    const pay = { intent_id: session.paymentIntentId, client_secret: session.clientSecret };
    await expectError(await confirm(pay, testNumber('approved_at_once')), 409, 'payment_intent_canceled');
    expect((await readIntent(session.paymentIntentId)).event.charges).toEqual([]);
  });

  it('lets an approval awaited when it expires run its course', async () => {
    const { call, confirm, clock, readIntent, session } = await created();
    const pay = { intent_id: session.paymentIntentId, client_secret: session.clientSecret };
    clock.set(START + DAY_MS - 1000);
    expect((await confirm(pay, testNumber('approved_after_delay'))).status).toBe(200);
    // Past its end, the approval still awaited: open, not expired — `expired` is final.
    clock.advance(APPROVAL_MS - 1);
    expect((await expectJson(await call('GET', `/v1/sessions/${session.id}`), 200, publicSessionSchema)).status).toBe(
      'open',
    );
    clock.advance(1);
    expect((await readIntent(session.paymentIntentId)).status).toBe('succeeded');
    expect((await expectJson(await call('GET', `/v1/sessions/${session.id}`), 200, publicSessionSchema)).status).toBe(
      'complete',
    );
  });

  it('cancels when an attempt awaited at its end fails, at the moment it failed', async () => {
    const { confirm, clock, readIntent, session } = await created();
    const pay = { intent_id: session.paymentIntentId, client_secret: session.clientSecret };
    clock.set(START + DAY_MS - 1000);
    expect((await confirm(pay, testNumber('declined'))).status).toBe(200);
    clock.advance(500);
    expect((await readIntent(session.paymentIntentId)).status).toBe('pending');
    clock.advance(APPROVAL_MS);
    const intent = await readIntent(session.paymentIntentId);
    expect(intent).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'expired',
      last_payment_error: { code: 'payer_declined' },
    });
    expect(intent.canceled_at).toBe(intent.event.charges[0]!.updated_at);
  });

  it('never cancels a bare intent, however old (until the sandbox forgets it, 7 days on)', async () => {
    const { clock, newIntent, readIntent } = setup();
    const intent = await newIntent();
    clock.set(START + 7 * DAY_MS - 1);
    expect(await readIntent(intent.intent_id)).toMatchObject({
      status: 'requires_payment_method',
      canceled_at: null,
      cancellation_reason: null,
    });
  });

  describe('its customer (the payer’s name, e-mail and phone)', () => {
    const customer = { firstName: 'Awa', lastName: 'Nkoulou', email: 'awa@example.cg', phone: '+242061234567' };
    async function withCustomer() {
      const context = setup();
      const session = await expectJson(
        await context.call('POST', '/v1/sessions', { body: sessionBody({ customer }) }),
        200,
        sessionSchema,
      );
      const read = async (token?: string | null) =>
        (await expectJson(await context.call('GET', `/v1/sessions/${session.id}`, { token }), 200, publicSessionSchema))
          .customer;
      return { ...context, session, read };
    }

    it('is read by the hosted page, without a token, while the session can be paid (its form starts filled)', async () => {
      const { read, confirm, clock, session } = await withCustomer();
      expect(await read(null)).toEqual(customer);
      // An attempt declined: still open, the payer may try again with the form.
      await confirm(
        { intent_id: session.paymentIntentId, client_secret: session.clientSecret },
        testNumber('declined'),
      );
      clock.advance(APPROVAL_MS);
      expect(await read(null)).toEqual(customer);
    });

    it('is its owner’s alone once the session is paid: the id in the success page’s address, logs and analytics reads null', async () => {
      const { read, confirm, clock, session, call } = await withCustomer();
      await confirm(
        { intent_id: session.paymentIntentId, client_secret: session.clientSecret },
        testNumber('approved_at_once'),
      );
      clock.advance(APPROVAL_MS);
      const text = await (await call('GET', `/v1/sessions/${session.id}`, { token: null })).text();
      expect(JSON.parse(text)).toMatchObject({ status: 'complete', customer: null });
      for (const value of Object.values(customer)) expect(text).not.toContain(value);
      expect(await read()).toEqual(customer);
      await expectError(
        await call('GET', `/v1/sessions/${session.id}`, { token: 'sk_test_someone_else' }),
        404,
        'not_found',
      );
    });

    it('is its owner’s alone once the session has expired', async () => {
      const { read, clock } = await withCustomer();
      clock.set(START + DAY_MS);
      expect(await read(null)).toBeNull();
      expect(await read()).toEqual(customer);
    });
  });

  it('answers 404 for an unknown session', async () => {
    const { call } = setup();
    await expectError(await call('GET', '/v1/sessions/cs_unknown', { token: null }), 404, 'not_found');
  });
});

describe('POST /v1/sessions › expiresAt (extension: the session lifetime, as Stripe’s expires_at)', () => {
  const MINUTE_MS = 60_000;
  /** 2025-03-10T10:00:00.000+01:00 is START. */
  const at = (ms: number) => new Date(START + ms).toISOString();

  it.each([
    ['60 s from now (the shortest), with Z', at(MINUTE_MS), '2025-03-10T10:01:00.000+01:00'],
    ['24 h from now (the longest), with an offset', '2025-03-11T10:00:00+01:00', '2025-03-11T10:00:00.000+01:00'],
    ['30 minutes, in minutes with another offset', '2025-03-10T11:30+02:00', '2025-03-10T10:30:00.000+01:00'],
  ])('takes %s and ends the session then', async (_label, expiresAt, answered) => {
    const { call } = setup();
    const session = await expectJson(
      await call('POST', '/v1/sessions', { body: sessionBody({ expiresAt }) }),
      200,
      sessionSchema,
    );
    expect(session.expiresAt).toBe(answered);
    expect(
      (await expectJson(await call('GET', `/v1/sessions/${session.id}`, { token: null }), 200, publicSessionSchema))
        .expiresAt,
    ).toBe(answered);
  });

  it('still lasts 24 h without it', async () => {
    const { call } = setup();
    expect(
      (await expectJson(await call('POST', '/v1/sessions', { body: sessionBody() }), 200, sessionSchema)).expiresAt,
    ).toBe('2025-03-11T10:00:00.000+01:00');
  });

  it('cancels the intent when a short session ends, as when a day-long one does; a page then cannot pay', async () => {
    const { call, clock, confirm, readIntent } = setup();
    const session = await expectJson(
      await call('POST', '/v1/sessions', { body: sessionBody({ expiresAt: at(2 * MINUTE_MS) }) }),
      200,
      sessionSchema,
    );
    clock.set(START + 2 * MINUTE_MS - 1);
    expect((await readIntent(session.paymentIntentId)).status).toBe('requires_payment_method');
    expect((await expectJson(await call('GET', `/v1/sessions/${session.id}`), 200, publicSessionSchema)).status).toBe(
      'open',
    );
    clock.advance(1);
    expect((await expectJson(await call('GET', `/v1/sessions/${session.id}`), 200, publicSessionSchema)).status).toBe(
      'expired',
    );
    expect(await readIntent(session.paymentIntentId)).toMatchObject({
      status: 'canceled',
      canceled_at: '2025-03-10T10:02:00.000+01:00',
      cancellation_reason: 'expired',
    });
    const pay = { intent_id: session.paymentIntentId, client_secret: session.clientSecret };
    await expectError(await confirm(pay, testNumber('approved_at_once')), 409, 'payment_intent_canceled');
  });

  it('lets an approval awaited when a short session ends run its course', async () => {
    const { call, clock, confirm, readIntent } = setup();
    const session = await expectJson(
      await call('POST', '/v1/sessions', { body: sessionBody({ expiresAt: at(MINUTE_MS) }) }),
      200,
      sessionSchema,
    );
    clock.set(START + MINUTE_MS - 1000);
    expect(
      (
        await confirm(
          { intent_id: session.paymentIntentId, client_secret: session.clientSecret },
          testNumber('approved_after_delay'),
        )
      ).status,
    ).toBe(200);
    clock.advance(APPROVAL_MS);
    expect((await readIntent(session.paymentIntentId)).status).toBe('succeeded');
  });

  it.each([
    ['59 s from now', at(59_000)],
    ['a millisecond past 24 h', at(DAY_MS + 1)],
    ['in the past', at(-MINUTE_MS)],
    ['now', at(0)],
    ['a date without an offset', '2025-03-10T12:00:00'],
    ['a date alone', '2025-03-10'],
    ['a day that does not exist', '2025-02-30T10:00:00+01:00'],
    ['hour 24', '2025-03-10T24:00:00+01:00'],
    ['a number of seconds', 1741600800],
    ['text', 'in an hour'],
  ])('refuses %s with 400 on expiresAt, creating nothing', async (_label, expiresAt) => {
    const { call, sandbox } = setup();
    const error = await expectError(
      await call('POST', '/v1/sessions', { body: sessionBody({ expiresAt }) }),
      400,
      'invalid_request',
      'expiresAt',
    );
    expect(error.message).toMatch(/^`expiresAt` must be/);
    expect(sandbox.stats()).toMatchObject({ intents: 0, sessions: 0 });
  });

  it('says the window in its refusal', async () => {
    const { call } = setup();
    const error = await expectError(
      await call('POST', '/v1/sessions', { body: sessionBody({ expiresAt: at(DAY_MS + MINUTE_MS) }) }),
      400,
      'invalid_request',
      'expiresAt',
    );
    expect(error.message).toBe(
      '`expiresAt` must be from 60 seconds to 24 hours from now: from 2025-03-10T10:01:00.000+01:00 to 2025-03-11T10:00:00.000+01:00.',
    );
  });

  it('is ignored by a bare service, as any field it does not know: the session lasts 24 h', async () => {
    const { call } = setup({ extensions: false });
    for (const expiresAt of [at(5 * MINUTE_MS), 'in an hour']) {
      const session = await expectJson(
        await call('POST', '/v1/sessions', { body: sessionBody({ expiresAt }) }),
        200,
        sessionSchema,
      );
      expect(session.expiresAt).toBe('2025-03-11T10:00:00.000+01:00');
    }
  });
});
