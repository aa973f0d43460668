// @vitest-environment node
// One error shape for every 4xx and 5xx, exactly: `{ error: { code, message, field } }` and
// nothing else, whatever went wrong, internal failures included.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../src/sandbox';
import { ERROR_STATUS } from '../../src/sandbox/errors';
import { BASE, sessionBody, setup, setupFaults, START, testNumber, TOKEN, transferBody } from './helpers';
import { send, startChild } from './support/child';

type Context = ReturnType<typeof setupFaults>;
const approved = testNumber('approved_after_delay');
const json = { 'Content-Type': 'application/json' };

const CASES: [ErrorCode, (c: Context) => Promise<Response>][] = [
  ['invalid_json', (c) => c.call('POST', '/v1/remittance', { raw: '{', headers: json })],
  ['invalid_request', (c) => c.call('POST', '/v1/remittance', { body: {} })],
  [
    'unsupported_media_type',
    (c) => c.call('POST', '/v1/remittance', { raw: '{}', headers: { 'Content-Type': 'text/plain' } }),
  ],
  [
    'body_too_large',
    (c) => c.call('POST', '/v1/remittance', { body: transferBody({ first_name: 'x'.repeat(20_000) }) }),
  ],
  ['unauthorized', (c) => c.call('GET', '/v1/remittance', { token: null })],
  [
    'invalid_client_secret',
    async (c) => c.confirm({ ...(await c.newIntent()), client_secret: 'pi_x_secret_y' }, approved),
  ],
  ['browser_origin_forbidden', (c) => c.call('GET', '/v1/remittance', { headers: { Origin: 'https://shop.example' } })],
  ['not_found', (c) => c.call('GET', '/v1/nowhere')],
  [
    'payment_in_progress',
    async (c) => {
      const intent = await c.newIntent();
      await c.confirm(intent, approved);
      return c.confirm(intent, approved);
    },
  ],
  [
    'payment_already_succeeded',
    async (c) => {
      const intent = await c.newIntent();
      await c.confirm(intent, testNumber('approved_at_once'));
      return c.confirm(intent, approved);
    },
  ],
  [
    'payment_intent_canceled',
    async (c) => {
      const session = (await (await c.call('POST', '/v1/sessions', { body: sessionBody() })).json()) as {
        paymentIntentId: string;
        clientSecret: string;
      };
      c.clock.set(START + 24 * 60 * 60 * 1000);
      return c.confirm({ intent_id: session.paymentIntentId, client_secret: session.clientSecret }, approved);
    },
  ],
  [
    'too_many_attempts',
    async (c) => {
      const intent = await c.newIntent();
      for (let i = 0; i < 20; i += 1) {
        await c.confirm(intent, testNumber('operator_unavailable'));
        c.clock.advance(6_001);
      }
      return c.confirm(intent, approved);
    },
  ],
  [
    'payment_link_inactive',
    async (c) => {
      const made = await c.call('POST', '/v1/payment-links', {
        body: { amount: 1000, currency: 'xaf', description: 'Closed' },
      });
      const { id } = (await made.json()) as { id: string };
      await c.call('POST', `/v1/payment-links/${id}/deactivate`);
      return c.call('POST', `/v1/payment-links/${id}/intents`, { token: null, body: {} });
    },
  ],
  [
    'otp_invalid',
    async (c) => {
      const intent = await c.newIntent(5000, 'xof');
      await c.confirm(intent, testNumber('approved_after_delay', 'sn', 'orange'));
      return c.call('POST', `/v1/payment-intents/${intent.intent_id}/otp`, {
        token: null,
        body: { client_secret: intent.client_secret, code: '000000' },
      });
    },
  ],
  [
    'otp_expired',
    async (c) => {
      const intent = await c.newIntent(5000, 'xof');
      await c.confirm(intent, testNumber('approved_after_delay', 'sn', 'orange'));
      c.clock.advance(300_000);
      return c.call('POST', `/v1/payment-intents/${intent.intent_id}/otp`, {
        token: null,
        body: { client_secret: intent.client_secret, code: '123456' },
      });
    },
  ],
  [
    'otp_not_expected',
    async (c) => {
      const intent = await c.newIntent();
      await c.confirm(intent, approved);
      return c.call('POST', `/v1/payment-intents/${intent.intent_id}/otp`, {
        token: null,
        body: { client_secret: intent.client_secret, code: '123456' },
      });
    },
  ],
  [
    'idempotency_key_reused',
    async (c) => {
      const headers = { 'Idempotency-Key': 'k1' };
      await c.call('POST', '/v1/remittance', { body: transferBody(), headers });
      return c.call('POST', '/v1/remittance', { body: transferBody({ amount: '1' }), headers });
    },
  ],
  [
    'rate_limited',
    async (c) => {
      const intent = await c.newIntent();
      for (let i = 0; i < 10; i += 1) await c.confirm(intent, approved);
      return c.confirm(intent, approved);
    },
  ],
  [
    'capacity_exceeded',
    () => {
      const small = setup({ limits: { maxBytes: 4096, maxBytesPerToken: 1024 } });
      return small
        .call('POST', '/v1/remittance', { body: transferBody() })
        .then(() => small.call('POST', '/v1/remittance', { body: transferBody() }));
    },
  ],
  [
    'storage_unavailable',
    async () => {
      // A sandbox whose disk is full (a file-size limit on its process): writes fail, 503.
      const dir = mkdtempSync(join(tmpdir(), 'momo-state-'));
      const child = await startChild(dir, 48);
      try {
        for (;;) {
          const response = await send(child, '/v1/remittance', transferBody());
          if (response.status !== 201)
            return new Response(await response.text(), { status: response.status, headers: response.headers });
        }
      } finally {
        child.process.kill('SIGKILL');
        await child.exited;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  ],
  [
    'internal_error',
    (c) => {
      c.faults.inject({ route: 'GET /v1/remittance', kind: 'throw' });
      return c.call('GET', '/v1/remittance');
    },
  ],
];

describe('error shape', () => {
  it('covers every error code', () => {
    expect(CASES.map(([code]) => code).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each(CASES)(
    '%s is answered with its status in exactly the documented shape',
    async (code, send) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const context = setupFaults({ maxBodyBytes: 4096 });
      const response = await send(context);
      expect(response.status).toBe(ERROR_STATUS[code]);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = JSON.parse(await response.text()) as { error: Record<string, unknown> };
      expect(Object.keys(body)).toEqual(['error']);
      expect(Object.keys(body.error)).toEqual(['code', 'message', 'field']);
      expect(body.error.code).toBe(code);
      expect(body.error.message).toMatch(/^[A-Z`][^\n]+\.$/);
      expect(body.error.field === null || typeof body.error.field === 'string').toBe(true);
    },
    30_000,
  ); // storage_unavailable starts a sandbox in a child process
});

describe('internal errors', () => {
  const INTERNAL = {
    error: {
      code: 'internal_error',
      message: 'The sandbox failed unexpectedly; the request may be retried.',
      field: null,
    },
  };

  it.each(['before', 'after'] as const)(
    'answer exactly the error shape and no detail when a handler throws (%s)',
    async (when) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { call, faults } = setupFaults();
      faults.inject({ route: 'POST /v1/remittance', kind: 'throw', when, message: 'detail at /work/src/secret.ts:1' });
      const response = await call('POST', '/v1/remittance', { body: transferBody() });
      const text = await response.text();
      expect(response.status).toBe(500);
      expect(JSON.parse(text)).toEqual(INTERNAL);
      expect(text).not.toMatch(/Injected|detail|\.ts|at |Error\b/);
    },
  );

  it('log the failure to stderr without any token or client secret', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { sandbox, faults, newIntent } = setupFaults();
    const intent = await newIntent();
    faults.inject({
      route: 'GET /v1/payment-intents/:id',
      kind: 'throw',
      when: 'after',
      message: `${intent.client_secret} Bearer ${TOKEN}`,
    });
    const response = await sandbox.fetch(
      new Request(`${BASE}/v1/payment-intents/${intent.intent_id}`, { headers: { Authorization: `Bearer ${TOKEN}` } }),
    );
    expect(await response.json()).toEqual(INTERNAL);
    expect(log).toHaveBeenCalledTimes(1);
    const logged = log.mock.calls.flat().map(String).join('\n');
    expect(logged).toContain('Injected fault (throw)');
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain(intent.client_secret);
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain('sk_test_');
  });
});
