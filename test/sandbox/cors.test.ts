// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { confirmResultSchema, paymentIntentSchema, publicSessionSchema, sessionSchema } from '../../src/api/schemas';
import { BASE, confirmBody, expectError, expectJson, sessionBody, setup, testNumber, transferBody } from './helpers';

const ORIGIN = { Origin: 'https://shop.example.cg' };

describe('CORS of browser-facing endpoints', () => {
  async function withSession() {
    const context = setup();
    const session = await expectJson(
      await context.call('POST', '/v1/sessions', { body: sessionBody() }),
      200,
      sessionSchema,
    );
    return { ...context, session };
  }

  it('lets any origin read an intent and a session', async () => {
    const { call, session } = await withSession();
    const intent = await call('GET', `/v1/payment-intents/${session.paymentIntentId}`, {
      token: null,
      headers: ORIGIN,
    });
    expect(intent.headers.get('access-control-allow-origin')).toBe('*');
    expect((await expectJson(intent, 200, paymentIntentSchema)).client_secret).toBe(session.clientSecret);
    const read = await call('GET', `/v1/sessions/${session.id}`, { token: null, headers: ORIGIN });
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
    await expectJson(read, 200, publicSessionSchema);
  });

  it('lets any origin confirm, and keeps the header on errors', async () => {
    const { call, session } = await withSession();
    const path = `/v1/payment-intents/${session.paymentIntentId}/confirm`;
    const body = confirmBody(session.clientSecret, testNumber('approved_after_delay'));
    const ok = await call('POST', path, { token: null, headers: ORIGIN, body });
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    await expectJson(ok, 200, confirmResultSchema);
    const refused = await call('POST', path, { token: null, headers: ORIGIN, body: { ...body, client_secret: 'x' } });
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    await expectError(refused, 401, 'invalid_client_secret');
    const missing = await call('GET', '/v1/sessions/cs_nope', { token: null, headers: ORIGIN });
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('sends no CORS header where no CORS is at play: a same-origin page, a server', async () => {
    const { call, session } = await withSession();
    const path = `/v1/payment-intents/${session.paymentIntentId}`;
    // A browser's same-origin GET has no Origin; its POST names the API's own origin.
    const read = await call('GET', path, { token: null });
    const confirmed = await call('POST', `${path}/confirm`, {
      token: null,
      headers: { Origin: BASE },
      body: confirmBody(session.clientSecret, testNumber('approved_after_delay')),
    });
    const sessionRead = await call('GET', `/v1/sessions/${session.id}`, { token: null });
    for (const answer of [read, confirmed, sessionRead]) {
      expect(answer.headers.get('etag')).not.toBeNull();
      expect([...answer.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
    // The same from another origin: the page there may read the answer and its tag.
    const across = await call('GET', path, { token: null, headers: ORIGIN });
    expect(across.headers.get('access-control-allow-origin')).toBe('*');
    expect(across.headers.get('access-control-expose-headers')).toBe('ETag');
  });

  it.each(['/v1/payment-intents/pi_any', '/v1/payment-intents/pi_any/confirm', '/v1/sessions/cs_any'])(
    'answers the preflight of %s with 204 and a two-hour max age',
    async (path) => {
      const { call } = setup();
      const response = await call('OPTIONS', path, {
        token: null,
        headers: {
          ...ORIGIN,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,idempotency-key',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST');
      expect(response.headers.get('access-control-allow-headers')).toBe('Content-Type, Idempotency-Key, If-None-Match');
      expect(response.headers.get('access-control-max-age')).toBe('7200');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toBe('');
    },
  );
});

describe('merchant endpoints and browsers', () => {
  const endpoints: [string, string, unknown][] = [
    ['GET', '/v1/remittance', undefined],
    ['POST', '/v1/remittance', transferBody()],
    ['POST', '/v1/disbursement', transferBody()],
    ['POST', '/v1/sessions', sessionBody()],
    ['POST', '/v1/payment-intents', { amount: 100, currency: 'xaf' }],
  ];

  it.each(endpoints)(
    'refuses %s %s with an Origin header with 403, even with a valid token',
    async (method, path, body) => {
      const { call, newIntent } = setup();
      const response = await call(method, path, { headers: ORIGIN, body });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      await expectError(response, 403, 'browser_origin_forbidden');
      expect((await newIntent()).id).toBe(1);
    },
  );

  it.each(endpoints)('never allows the preflight of %s %s', async (_method, path) => {
    const { call } = setup();
    const response = await call('OPTIONS', path, {
      token: null,
      headers: { ...ORIGIN, 'Access-Control-Request-Method': 'POST' },
    });
    for (const name of response.headers.keys()) expect(name).not.toMatch(/^access-control-/);
    await expectError(response, 403, 'browser_origin_forbidden');
  });

  it('refuses a token on an intent read from a browser', async () => {
    const { call, newIntent } = setup();
    const intent = await newIntent();
    await expectError(
      await call('GET', `/v1/payment-intents/${intent.intent_id}`, { headers: ORIGIN }),
      403,
      'browser_origin_forbidden',
    );
  });
});
