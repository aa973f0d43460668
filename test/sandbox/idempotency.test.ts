// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  disbursementSchema,
  paymentIntentSchema,
  remittanceCreatedSchema,
  remittanceListSchema,
  sessionSchema,
} from '../../src/api/schemas';
import { expectError, expectJson, sessionBody, setup, transferBody } from './helpers';

const CREATIONS = [
  ['/v1/remittance', transferBody(), transferBody({ amount: '999' }), remittanceCreatedSchema, 201],
  ['/v1/disbursement', transferBody(), transferBody({ first_name: 'Paul' }), disbursementSchema, 201],
  ['/v1/sessions', sessionBody(), sessionBody({ metadata: { orderId: 'other' } }), sessionSchema, 200],
  ['/v1/payment-intents', { amount: 100, currency: 'xaf' }, { amount: 200, currency: 'xaf' }, paymentIntentSchema, 201],
] as const;

describe('Idempotency-Key on merchant creations', () => {
  describe.each(CREATIONS)('POST %s', (path, body, otherBody, schema, status) => {
    it('replays the first answer (same status, same body) for the same key and body', async () => {
      const { call, clock } = setup();
      const headers = { 'Idempotency-Key': 'order-1042' };
      const first = await call('POST', path, { body, headers });
      const firstText = await first.clone().text();
      await expectJson(first, status, schema);
      clock.advance(10_000);
      const replay = await call('POST', path, { body, headers });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await replay.clone().text()).toBe(firstText);
      await expectJson(replay, status, schema);
    });

    it('creates a second record with another key', async () => {
      const { call } = setup();
      const one = await expectJson(
        await call('POST', path, { body, headers: { 'Idempotency-Key': 'a' } }),
        status,
        schema,
      );
      const two = await expectJson(
        await call('POST', path, { body, headers: { 'Idempotency-Key': 'b' } }),
        status,
        schema,
      );
      expect(one.id).not.toEqual(two.id);
    });

    it('refuses the same key with another body with 409 idempotency_key_reused, creating nothing', async () => {
      const { call, newIntent } = setup();
      const headers = { 'Idempotency-Key': 'dup' };
      await call('POST', path, { body, headers });
      await expectError(await call('POST', path, { body: otherBody, headers }), 409, 'idempotency_key_reused');
      const intentsBefore = path === '/v1/payment-intents' || path === '/v1/sessions' ? 1 : 0;
      expect((await newIntent()).id).toBe(intentsBefore + 1);
    });
  });

  it('keeps keys per token: another merchant may use the same key', async () => {
    const { call } = setup();
    const headers = { 'Idempotency-Key': 'k1' };
    const one = await expectJson(
      await call('POST', '/v1/remittance', { body: transferBody(), headers }),
      201,
      remittanceCreatedSchema,
    );
    const two = await expectJson(
      await call('POST', '/v1/remittance', { body: transferBody({ amount: '5' }), headers, token: 'sk_test_other' }),
      201,
      remittanceCreatedSchema,
    );
    expect(one.id).not.toBe(two.id);
    expect(
      (await expectJson(await call('GET', '/v1/remittance'), 200, remittanceListSchema)).data.map((r) => r.id),
    ).toEqual([one.id]);
    expect(
      (
        await expectJson(await call('GET', '/v1/remittance', { token: 'sk_test_other' }), 200, remittanceListSchema)
      ).data.map((r) => r.id),
    ).toEqual([two.id]);
  });

  it('treats the same key on another endpoint as a reuse', async () => {
    const { call } = setup();
    const headers = { 'Idempotency-Key': 'k2' };
    await call('POST', '/v1/remittance', { body: transferBody(), headers });
    await expectError(
      await call('POST', '/v1/disbursement', { body: transferBody(), headers }),
      409,
      'idempotency_key_reused',
    );
  });

  it('ignores the order of keys when comparing bodies', async () => {
    const { call } = setup();
    const headers = { 'Idempotency-Key': 'k3' };
    const first = await expectJson(
      await call('POST', '/v1/payment-intents', {
        raw: '{"amount":100,"currency":"xaf"}',
        headers: { ...headers, 'Content-Type': 'application/json' },
      }),
      201,
      paymentIntentSchema,
    );
    const again = await expectJson(
      await call('POST', '/v1/payment-intents', {
        raw: '{ "currency": "xaf", "amount": 100 }',
        headers: { ...headers, 'Content-Type': 'application/json' },
      }),
      201,
      paymentIntentSchema,
    );
    expect(again.intent_id).toBe(first.intent_id);
  });

  it('forgets a key after 24 hours', async () => {
    const { call, clock } = setup();
    const headers = { 'Idempotency-Key': 'daily' };
    await expectJson(
      await call('POST', '/v1/remittance', { body: transferBody(), headers }),
      201,
      remittanceCreatedSchema,
    );
    clock.advance(24 * 3600_000 - 1);
    await expectError(
      await call('POST', '/v1/remittance', { body: transferBody({ amount: '1' }), headers }),
      409,
      'idempotency_key_reused',
    );
    clock.advance(1);
    await expectJson(
      await call('POST', '/v1/remittance', { body: transferBody({ amount: '1' }), headers }),
      201,
      remittanceCreatedSchema,
    );
  });

  it('does not keep refused requests: the key can be used again once the body is fixed', async () => {
    const { call } = setup();
    const headers = { 'Idempotency-Key': 'k4' };
    await expectError(
      await call('POST', '/v1/remittance', { body: transferBody({ amount: '0' }), headers }),
      400,
      'invalid_request',
      'amount',
    );
    await expectJson(
      await call('POST', '/v1/remittance', { body: transferBody(), headers }),
      201,
      remittanceCreatedSchema,
    );
  });

  it('creates one record for 50 concurrent requests with one key', async () => {
    const { call } = setup();
    const headers = { 'Idempotency-Key': 'burst' };
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/v1/remittance', { body: transferBody(), headers })),
    );
    expect(responses.every((r) => r.status === 201)).toBe(true);
    expect((await expectJson(await call('GET', '/v1/remittance'), 200, remittanceListSchema)).meta.total).toBe(1);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['with a space', 'a b'],
    ['non-ASCII', 'clé'],
  ])('refuses an %s key with 400 invalid_request', async (_label, key) => {
    const { call } = setup();
    const response = await call('POST', '/v1/payment-intents', {
      body: { amount: 1, currency: 'xaf' },
      headers: { 'Idempotency-Key': key },
    });
    await expectError(response, 400, 'invalid_request');
  });
});
