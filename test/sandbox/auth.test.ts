// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { paymentIntentSchema, remittanceListSchema } from '../../src/api/schemas';
import { merchantToken } from '../../src/sandbox/auth';
import { createdStatus, expectError, expectJson, sessionBody, setup, transferBody } from './helpers';

const MERCHANT_ENDPOINTS: [string, string, unknown][] = [
  ['GET', '/v1/remittance', undefined],
  ['POST', '/v1/remittance', transferBody()],
  ['POST', '/v1/disbursement', transferBody()],
  ['POST', '/v1/sessions', sessionBody()],
  ['POST', '/v1/payment-intents', { amount: 100, currency: 'xaf' }],
];

const BAD_AUTHORIZATIONS: [string, string | null][] = [
  ['no Authorization header', null],
  ['an empty header', ''],
  ['another scheme', 'Basic c2tfdGVzdF94Og=='],
  ['a bare token', 'sk_test_abc'],
  ['a live key', 'Bearer sk_live_abc'],
  ['a publishable key', 'Bearer pk_test_abc'],
  ['the prefix alone', 'Bearer sk_test_'],
  ['an empty bearer', 'Bearer '],
  ['a token with spaces', 'Bearer sk_test_a b'],
  ['a prefix in the wrong case', 'Bearer SK_TEST_abc'],
];

describe('merchant authentication', () => {
  describe.each(MERCHANT_ENDPOINTS)('%s %s', (method, path, body) => {
    it.each(BAD_AUTHORIZATIONS)('refuses %s with 401 unauthorized', async (_label, authorization) => {
      const { call, newIntent } = setup();
      const headers: Record<string, string> = authorization === null ? {} : { Authorization: authorization };
      await expectError(await call(method, path, { token: null, headers, body }), 401, 'unauthorized');
      expect((await newIntent()).id).toBe(1);
    });

    it('accepts any sk_test_ token', async () => {
      const { call } = setup();
      const response = await call(method, path, { token: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc', body });
      expect(response.status).toBe(method === 'GET' ? 200 : createdStatus(path));
    });
  });

  it('accepts the scheme in any case, as HTTP allows', async () => {
    const { call } = setup();
    const response = await call('GET', '/v1/remittance', {
      token: null,
      headers: { Authorization: 'bearer sk_test_x' },
    });
    await expectJson(response, 200, remittanceListSchema);
  });

  it('needs no token to read an intent or a session', async () => {
    const { call, newIntent } = setup();
    const intent = await newIntent();
    await expectJson(
      await call('GET', `/v1/payment-intents/${intent.intent_id}`, { token: null }),
      200,
      paymentIntentSchema,
    );
  });

  it('never echoes the token in an error', async () => {
    const { call } = setup();
    const response = await call('GET', '/v1/remittance', { token: 'sk_live_very_secret_value' });
    expect(await response.text()).not.toContain('very_secret_value');
  });
});

describe('merchantToken', () => {
  it('returns the token of a well-formed header and null otherwise', () => {
    expect(merchantToken('Bearer sk_test_abc')).toBe('sk_test_abc');
    expect(merchantToken('Bearer sk_test')).toBeNull();
    expect(merchantToken(undefined)).toBeNull();
    expect(merchantToken('Bearer sk_tesX_abc')).toBeNull();
  });
});
