// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { STEPS } from '../../src/methods/step-registry';
import { createSandbox } from '../../src/sandbox';
import { SandboxError, ERROR_CODES, ERROR_STATUS } from '../../src/sandbox/errors';
import { OPERATIONS } from '../../src/sandbox/openapi/operations';
import { BASE, expectError, setup, TOKEN } from './helpers';

describe('ERROR_CODES', () => {
  it('is the closed set of the brief, each with its HTTP status', () => {
    expect([...ERROR_CODES]).toEqual([
      'invalid_json',
      'invalid_request',
      'unsupported_media_type',
      'body_too_large',
      'unauthorized',
      'invalid_client_secret',
      'browser_origin_forbidden',
      'not_found',
      'payment_in_progress',
      'payment_already_succeeded',
      'payment_intent_canceled',
      'too_many_attempts',
      'payment_link_inactive',
      'otp_invalid',
      'otp_expired',
      'otp_not_expected',
      'idempotency_key_reused',
      'rate_limited',
      'internal_error',
      'capacity_exceeded',
      'storage_unavailable',
    ]);
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    expect(new SandboxError('not_found', 'Gone.').toBody()).toEqual({
      error: { code: 'not_found', message: 'Gone.', field: null },
    });
  });
});

describe('the codes a step answers with', () => {
  it('are in the one set, and in the OpenAPI document’s errors of the step’s endpoint', () => {
    const endpoints = Object.entries(STEPS).flatMap(([name, { sandbox }]) =>
      sandbox.endpoint ? [[name, sandbox.endpoint] as const] : [],
    );
    expect(endpoints.map(([name]) => name)).toEqual(['enter_otp']);
    for (const [name, endpoint] of endpoints) {
      const malformed = endpoint.read({});
      const codes = [endpoint.notExpected.code, endpoint.expired.code, 'code' in malformed ? malformed.code : null];
      const operation = OPERATIONS.find((op) => op.path === `/v1/payment-intents/{id}/${endpoint.path}`);
      for (const code of codes) {
        expect(ERROR_CODES, `${name}: ${code}`).toContain(code);
        expect(operation?.errors, `${name}: ${code}`).toContain(code);
      }
    }
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/'],
    ['GET', '/v1'],
    ['GET', '/v2/remittance'],
    ['GET', '/v1/charges'],
    ['DELETE', '/v1/remittance'],
    ['PUT', '/v1/payment-intents/pi_x'],
    ['GET', '/v1/disbursement'],
    ['GET', '/v1/payment-intents/pi_x/confirm'],
    ['OPTIONS', '/v1/nothing'],
  ])('%s %s answers 404 not_found in the error shape', async (method, path) => {
    const { call } = setup();
    await expectError(await call(method, path), 404, 'not_found');
  });
});

describe('uncaught exceptions', () => {
  function failing() {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sandbox = createSandbox({
      env: {},
      now: () => {
        throw new Error('clock broke near sk_test_leaky and pi_abc_secret_def');
      },
    });
    return { sandbox, log };
  }

  it('answers 500 internal_error with no internal detail', async () => {
    const { sandbox } = failing();
    const response = await sandbox.fetch(
      new Request(`${BASE}/v1/remittance`, { headers: { Authorization: `Bearer ${TOKEN}` } }),
    );
    const text = await response.clone().text();
    const error = await expectError(response, 500, 'internal_error');
    expect(error.message).not.toMatch(/clock|Error|at /);
    expect(text).not.toContain('sk_test_');
  });

  it('logs the error to stderr without tokens or secrets', async () => {
    const { sandbox, log } = failing();
    await sandbox.fetch(new Request(`${BASE}/v1/remittance`, { headers: { Authorization: `Bearer ${TOKEN}` } }));
    expect(log).toHaveBeenCalledTimes(1);
    const logged = log.mock.calls.flat().join(' ');
    expect(logged).toContain('clock broke');
    expect(logged).not.toContain('sk_test_leaky');
    expect(logged).not.toContain('pi_abc_secret_def');
  });
});

describe('response headers', () => {
  it('are JSON in UTF-8 and no-store on successes and errors alike', async () => {
    const { call, newIntent } = setup();
    const intent = await newIntent();
    const responses = await Promise.all([
      call('GET', `/v1/payment-intents/${intent.intent_id}`),
      call('GET', '/v1/remittance'),
      call('GET', '/nowhere'),
      call('POST', '/v1/remittance', { raw: 'x', headers: { 'Content-Type': 'text/plain' } }),
    ]);
    for (const response of responses) {
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
