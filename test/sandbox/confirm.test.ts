// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { confirmResultSchema, errorBodySchema } from '../../src/api/schemas';
import { APPROVAL_MS, confirmBody, expectError, expectJson, setup, testNumber } from './helpers';

const approved = testNumber('approved_after_delay');

describe('POST /v1/payment-intents/:id/confirm › client secret', () => {
  it('answers 200 with the confirmed payment result for the right secret, without a token', async () => {
    const { newIntent, confirm } = setup();
    const intent = await newIntent(2500);
    const result = await expectJson(await confirm(intent, approved), 200, confirmResultSchema);
    expect(result).toMatchObject({
      intentId: intent.intent_id,
      amount: 2500,
      currency: 'xaf',
      status: 'pending',
      captured: false,
    });
    expect(result.id).toMatch(/^ch_[0-9A-Za-z]{24}$/);
    expect(result.paymentMethodId).toMatch(/^pm_[0-9A-Za-z]{24}$/);
    expect(result.financialTransactionId).toMatch(/^\d{10}$/);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['wrong', 'pi_x_secret_y'],
    ['not a string', 12345],
  ])('refuses a %s secret with 401 invalid_client_secret', async (_label, secret) => {
    const { newIntent, call, readIntent } = setup();
    const intent = await newIntent();
    const body = { ...confirmBody(intent.client_secret, approved), client_secret: secret };
    const response = await call('POST', `/v1/payment-intents/${intent.intent_id}/confirm`, { token: null, body });
    await expectError(response, 401, 'invalid_client_secret');
    expect((await readIntent(intent.intent_id)).event.charges).toEqual([]);
  });

  it('refuses the secret of another intent', async () => {
    const { newIntent, confirm } = setup();
    const one = await newIntent();
    const other = await newIntent();
    await expectError(
      await confirm({ intent_id: one.intent_id, client_secret: other.client_secret }, approved),
      401,
      'invalid_client_secret',
    );
  });

  it('checks the secret before the body: a bad secret with a bad body is still a 401', async () => {
    const { newIntent, call } = setup();
    const intent = await newIntent();
    const response = await call('POST', `/v1/payment-intents/${intent.intent_id}/confirm`, {
      token: null,
      body: { client_secret: 'nope' },
    });
    await expectError(response, 401, 'invalid_client_secret');
  });

  it('gives the same answer to a wrong secret whatever the intent’s state', async () => {
    const { newIntent, confirm } = setup();
    const fresh = await newIntent();
    const pending = await newIntent();
    const paid = await newIntent();
    await confirm(pending, approved);
    await confirm(paid, testNumber('approved_at_once'));
    const bodies = [];
    for (const intent of [fresh, pending, paid]) {
      const response = await confirm(
        { intent_id: intent.intent_id, client_secret: `${intent.client_secret}x` },
        approved,
      );
      expect(response.status).toBe(401);
      bodies.push(await response.text());
    }
    expect(new Set(bodies).size).toBe(1);
    expect(errorBodySchema.parse(JSON.parse(bodies[0] ?? ''))).toBeTruthy();
  });

  it('answers 404 for an unknown intent', async () => {
    const { newIntent, confirm } = setup();
    const intent = await newIntent();
    await expectError(
      await confirm({ intent_id: 'pi_unknown', client_secret: intent.client_secret }, approved),
      404,
      'not_found',
    );
  });
});

describe('POST /v1/payment-intents/:id/confirm › payment data', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'an unsupported country',
      { country: 'fr', msisdn: '33612345678', operator_name: 'orange' },
      'payment_method_data.momo.country',
    ],
    [
      'a country code that is not two lower-case letters',
      { country: 'CG', msisdn: approved.msisdn, operator_name: 'mtn' },
      'payment_method_data.momo.country',
    ],
    [
      'a number of another country',
      { country: 'cg', msisdn: testNumber('approved_after_delay', 'cm').msisdn, operator_name: 'mtn' },
      'payment_method_data.momo.msisdn',
    ],
    [
      'a number too short',
      { country: 'cg', msisdn: '24206123456', operator_name: 'mtn' },
      'payment_method_data.momo.msisdn',
    ],
    [
      'a number with a +',
      { country: 'cg', msisdn: `+${approved.msisdn}`, operator_name: 'mtn' },
      'payment_method_data.momo.msisdn',
    ],
    [
      'an operator of another country',
      { country: 'cg', msisdn: approved.msisdn, operator_name: 'orange' },
      'payment_method_data.momo.operator_name',
    ],
    ['a missing operator', { country: 'cg', msisdn: approved.msisdn }, 'payment_method_data.momo.operator_name'],
  ];

  it.each(cases)('refuses %s with 400 naming the field', async (_label, momo, field) => {
    const { newIntent, call, readIntent } = setup();
    const intent = await newIntent();
    const body = { ...confirmBody(intent.client_secret, approved), payment_method_data: { type: 'momo', momo } };
    const error = await expectError(
      await call('POST', `/v1/payment-intents/${intent.intent_id}/confirm`, { token: null, body }),
      400,
      'invalid_request',
      field,
    );
    expect(error.message).toContain(field);
    expect((await readIntent(intent.intent_id)).event.charges).toEqual([]);
  });

  it.each([
    ['first_name', { first_name: '   ' }],
    ['last_name', { last_name: undefined }],
    ['receipt_email', { receipt_email: 'not-an-address' }],
    ['payment_method_data.type', { payment_method_data: { type: 'card', momo: approved } }],
  ])('refuses a bad %s with 400 naming it', async (field, extra) => {
    const { newIntent, confirm } = setup();
    const intent = await newIntent();
    await expectError(await confirm(intent, approved, extra as never), 400, 'invalid_request', field);
  });

  it.each(['élodie@exemple.cg', 'awa@exémple.cg', '用户@例子.公司'])(
    'accepts the internationalised receipt address %s (RFC 6531)',
    async (receipt_email) => {
      const { newIntent, confirm } = setup();
      const intent = await newIntent();
      expect((await confirm(intent, approved, { receipt_email })).status).toBe(200);
    },
  );

  it.each(['a@b', 'a..b@c.cg', '.a@c.cg', 'a@-c.cg', 'a b@c.cg', 'a@b@c.cg', `${'é'.repeat(33)}@exemple.cg`])(
    'refuses the receipt address %j with 400 saying what it must be',
    async (receipt_email) => {
      const { newIntent, confirm, readIntent } = setup();
      const intent = await newIntent();
      const error = await expectError(
        await confirm(intent, approved, { receipt_email }),
        400,
        'invalid_request',
        'receipt_email',
      );
      expect(error.message).toBe('`receipt_email` must be a valid e-mail address.');
      expect((await readIntent(intent.intent_id)).event.charges).toEqual([]);
    },
  );

  it('says which field is missing in plain English', async () => {
    const { newIntent, confirm } = setup();
    const intent = await newIntent();
    const error = await expectError(
      await confirm(intent, approved, { receipt_email: undefined } as never),
      400,
      'invalid_request',
      'receipt_email',
    );
    expect(error.message).toBe('`receipt_email` is required.');
  });
});

describe('POST /v1/payment-intents/:id/confirm › state', () => {
  it('refuses a second confirm while an attempt is pending with 409 payment_in_progress, changing nothing', async () => {
    const { newIntent, confirm, readIntent } = setup();
    const intent = await newIntent();
    await confirm(intent, approved);
    const before = await readIntent(intent.intent_id);
    await expectError(await confirm(intent, testNumber('approved_at_once')), 409, 'payment_in_progress');
    expect(await readIntent(intent.intent_id)).toEqual(before);
  });

  it('refuses to confirm a succeeded intent with 409 payment_already_succeeded', async () => {
    const { newIntent, confirm, clock } = setup();
    const intent = await newIntent();
    await confirm(intent, approved);
    clock.advance(APPROVAL_MS);
    await expectError(await confirm(intent, approved), 409, 'payment_already_succeeded');
  });

  it("says an intent cannot be paid before judging the body: a paid intent's 409 even with a bad number", async () => {
    const { newIntent, confirm } = setup();
    const intent = await newIntent();
    await confirm(intent, testNumber('approved_at_once'));
    await expectError(
      await confirm(intent, approved, {
        payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: '242', operator_name: 'mtn' } },
      }),
      409,
      'payment_already_succeeded',
    );
  });

  it('keeps a failed intent payable: a new attempt clears last_payment_error and adds a charge', async () => {
    const { newIntent, confirm, readIntent, clock } = setup();
    const intent = await newIntent();
    const first = await expectJson(await confirm(intent, testNumber('operator_unavailable')), 200, confirmResultSchema);
    expect(first.status).toBe('failed');
    const failed = await readIntent(intent.intent_id);
    expect(failed.status).toBe('requires_payment_method');
    expect(failed.last_payment_error?.code).toBe('operator_unavailable');

    clock.advance(1000);
    const second = await expectJson(
      await confirm(intent, testNumber('approved_after_delay', 'cg', 'airtel')),
      200,
      confirmResultSchema,
    );
    const retrying = await readIntent(intent.intent_id);
    expect(retrying).toMatchObject({ status: 'pending', last_payment_error: null, charge_id: second.id });
    expect(retrying.payment_method?.momo.operator_name).toBe('airtel');
    expect(retrying.event.charges.map((c) => c.type)).toEqual(['charge.failed', 'charge.pending']);
    expect(retrying.event.charges.map((c) => c.id)).toEqual([1, 2]);

    clock.advance(APPROVAL_MS);
    const paid = await readIntent(intent.intent_id);
    expect(paid.status).toBe('succeeded');
    expect(paid.event.charges.map((c) => c.type)).toEqual(['charge.failed', 'charge.success']);
  });

  it('accepts a new attempt once a declined one has failed', async () => {
    const { newIntent, confirm, readIntent, clock } = setup();
    const intent = await newIntent();
    await confirm(intent, testNumber('declined'));
    clock.advance(APPROVAL_MS);
    expect((await readIntent(intent.intent_id)).last_payment_error?.code).toBe('payer_declined');
    const again = await expectJson(await confirm(intent, testNumber('approved_at_once')), 200, confirmResultSchema);
    expect(again.status).toBe('succeeded');
  });

  it('never shows more than the last four digits of the payer’s number', async () => {
    const { newIntent, confirm, call } = setup();
    const intent = await newIntent();
    await confirm(intent, approved);
    const text = await (await call('GET', `/v1/payment-intents/${intent.intent_id}`, { token: null })).text();
    expect(text).not.toContain(approved.msisdn.slice(-6));
    expect(text).toContain(`"msisdn_last4":"${approved.msisdn.slice(-4)}"`);
  });
});

// These hammer one intent from one client, far past the confirm rate limit: it is off here (its own
// behaviour under concurrency is in rate-limit.test.ts).
describe('POST /v1/payment-intents/:id/confirm › concurrency', () => {
  it('starts exactly one attempt out of 200 concurrent confirms', async () => {
    const { newIntent, confirm, readIntent } = setup({ confirmRateLimit: false });
    const intent = await newIntent();
    const responses = await Promise.all(Array.from({ length: 200 }, () => confirm(intent, approved)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    for (const response of responses.filter((r) => r.status === 409))
      await expectError(response, 409, 'payment_in_progress');
    expect((await readIntent(intent.intent_id)).event.charges).toHaveLength(1);
  });

  it('succeeds exactly once out of 200 concurrent confirms of an instant approval', async () => {
    const { newIntent, confirm, readIntent } = setup({ confirmRateLimit: false });
    const intent = await newIntent();
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => confirm(intent, testNumber('approved_at_once'))),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const read = await readIntent(intent.intent_id);
    expect(read.event.charges).toHaveLength(1);
    expect(read.event.payouts).toHaveLength(1);
  });
});

describe('POST /v1/payment-intents/:id/confirm › Idempotency-Key', () => {
  it('replays the first answer, status included, for the same key and body', async () => {
    const { newIntent, confirm, readIntent, clock } = setup();
    const intent = await newIntent();
    const first = await confirm(intent, approved, {}, { 'Idempotency-Key': 'confirm-1' });
    const firstBody = await first.text();
    clock.advance(APPROVAL_MS);
    const again = await confirm(intent, approved, {}, { 'Idempotency-Key': 'confirm-1' });
    expect(again.status).toBe(first.status);
    expect(await again.text()).toBe(firstBody);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await readIntent(intent.intent_id)).event.charges).toHaveLength(1);
  });

  it('refuses the same key with another body with 409 idempotency_key_reused', async () => {
    const { newIntent, confirm, clock, readIntent } = setup();
    const intent = await newIntent();
    await confirm(intent, testNumber('declined'), {}, { 'Idempotency-Key': 'k' });
    clock.advance(APPROVAL_MS);
    const other = testNumber('approved_at_once');
    await expectError(await confirm(intent, other, {}, { 'Idempotency-Key': 'k' }), 409, 'idempotency_key_reused');
    expect((await readIntent(intent.intent_id)).event.charges).toHaveLength(1);
  });

  it('answers 200 to every one of 50 concurrent retries with one key, with one attempt', async () => {
    const { newIntent, confirm, readIntent } = setup({ confirmRateLimit: false });
    const intent = await newIntent();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => confirm(intent, approved, {}, { 'Idempotency-Key': 'same' })),
    );
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([200]));
    const ids = await Promise.all(responses.map(async (r) => confirmResultSchema.parse(await r.json()).id));
    expect(new Set(ids).size).toBe(1);
    expect((await readIntent(intent.intent_id)).event.charges).toHaveLength(1);
  });
});
