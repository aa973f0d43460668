// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { remittanceListSchema } from '../../src/api/schemas';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../src/sandbox/json';
import {
  BASE,
  confirmBody,
  createdStatus,
  expectError,
  expectJson,
  sessionBody,
  setup,
  testNumber,
  TOKEN,
  transferBody,
} from './helpers';

const POSTS: [string, unknown][] = [
  ['/v1/remittance', transferBody()],
  ['/v1/disbursement', transferBody()],
  ['/v1/sessions', sessionBody()],
  ['/v1/payment-intents', { amount: 100, currency: 'xaf' }],
];

/** A body that arrives in pieces, with no Content-Length: only counting the bytes can stop it. */
function streamed(text: string, chunk = 1024): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
}

describe('bad input on merchant POSTs', () => {
  describe.each(POSTS)('POST %s', (path) => {
    it.each(['{', '{"amount": 1,}', "{'a':1}", 'undefined', ''])(
      'refuses the malformed JSON %j with 400 invalid_json',
      async (raw) => {
        const { call } = setup();
        await expectError(
          await call('POST', path, { raw, headers: { 'Content-Type': 'application/json' } }),
          400,
          'invalid_json',
        );
      },
    );

    it.each([
      ['no Content-Type', null],
      ['text/plain', 'text/plain'],
      ['form encoding', 'application/x-www-form-urlencoded'],
      ['another charset', 'application/json; charset=iso-8859-1'],
      ['a json look-alike', 'application/jsonx'],
    ])('refuses %s with 415 unsupported_media_type', async (_label, type) => {
      const { sandbox } = setup();
      const headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` };
      if (type !== null) headers['Content-Type'] = type;
      // A stream body, so that fetch adds no Content-Type of its own.
      const request = new Request(`${BASE}${path}`, {
        method: 'POST',
        headers,
        body: new Blob(['{}']).stream(),
        duplex: 'half',
      } as RequestInit);
      expect(request.headers.get('content-type')).toBe(type);
      await expectError(await sandbox.fetch(request), 415, 'unsupported_media_type');
    });

    it('accepts application/json with charset=utf-8', async () => {
      const { call } = setup();
      const response = await call('POST', path, {
        body: POSTS.find(([p]) => p === path)?.[1],
        headers: { 'Content-Type': 'application/json; charset=UTF-8' },
      });
      expect(response.status).toBe(createdStatus(path));
    });

    it('refuses a "__proto__" key with 400 rather than silently dropping it', async () => {
      const { call } = setup();
      const body = { ...(POSTS.find(([p]) => p === path)?.[1] as object), metadata: { ok: 'y' } };
      const raw = JSON.stringify(body).replace('"metadata":{', '"metadata":{"__proto__":"x",');
      const error = await expectError(
        await call('POST', path, { raw, headers: { 'Content-Type': 'application/json' } }),
        400,
        'invalid_request',
      );
      expect(error.message).toContain('__proto__');
    });

    it('refuses metadata nested 2 650 arrays deep with 400 before any work (it overflowed the stack: 500)', async () => {
      const { call, sandbox } = setup();
      const before = sandbox.stats();
      const deep = `${'['.repeat(2650)}${']'.repeat(2650)}`;
      const raw = JSON.stringify({
        ...(POSTS.find(([p]) => p === path)?.[1] as object),
        metadata: { deep: 0 },
      }).replace('"deep":0', `"deep":${deep}`);
      for (const headers of [{}, { 'Idempotency-Key': 'deep-1' }] as Record<string, string>[]) {
        const error = await expectError(
          await call('POST', path, { raw, headers: { 'Content-Type': 'application/json', ...headers } }),
          400,
          'invalid_request',
        );
        expect(error.message).toBe('The request body must not nest objects and arrays deeper than 16 levels.');
      }
      expect(sandbox.stats()).toEqual(before);
    });

    it.each([
      ['an array', []],
      ['a string', 'hello'],
      ['null', null],
      ['a number', 3],
    ])('refuses %s as body with 400 invalid_request', async (_label, body) => {
      const { call } = setup();
      const error = await expectError(
        await call('POST', path, { raw: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
        400,
        'invalid_request',
      );
      expect(error.message).toBe('The request body must be a JSON object.');
    });
  });
});

describe('an upload cut off on its way', () => {
  it('is answered 400 and logged as what it is: one line, no stack, not an internal error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { sandbox } = setup();
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"amount": 10'));
      },
    });
    const request = new Request(`${BASE}/v1/remittance`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    const error = await expectError(await sandbox.fetch(request), 400, 'invalid_request');
    expect(error.message).toBe('The request body was cut off before its end.');
    expect(errors).not.toHaveBeenCalled();
    expect(warnings.mock.calls).toEqual([
      ['[sandbox] POST /v1/remittance: the client stopped sending the request body'],
    ]);
  });
});

describe('nesting depth', () => {
  it('counts only brackets outside strings, escaped quotes included, and allows exactly 16 levels', () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ a: '['.repeat(100), b: '\\"{{{{' }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: '\\', b: [[1]] }), 2)).toBe(true);
  });
});

describe('bad input on confirm', () => {
  it('refuses malformed JSON with 400 invalid_json and a wrong Content-Type with 415', async () => {
    const { newIntent, call, readIntent } = setup();
    const intent = await newIntent();
    const path = `/v1/payment-intents/${intent.intent_id}/confirm`;
    await expectError(
      await call('POST', path, {
        token: null,
        raw: '{"client_secret":',
        headers: { 'Content-Type': 'application/json' },
      }),
      400,
      'invalid_json',
    );
    const body = JSON.stringify(confirmBody(intent.client_secret, testNumber('approved_at_once')));
    await expectError(
      await call('POST', path, { token: null, raw: body, headers: { 'Content-Type': 'text/plain' } }),
      415,
      'unsupported_media_type',
    );
    expect((await readIntent(intent.intent_id)).event.charges).toEqual([]);
  });

  it('refuses a body that is not UTF-8 with 400 invalid_json', async () => {
    const { newIntent, call } = setup();
    const intent = await newIntent();
    const raw = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    await expectError(
      await call('POST', `/v1/payment-intents/${intent.intent_id}/confirm`, {
        token: null,
        raw,
        headers: { 'Content-Type': 'application/json' },
      }),
      400,
      'invalid_json',
    );
  });
});

describe('body size', () => {
  it('refuses a declared Content-Length over maxBodyBytes with 413 before reading', async () => {
    const { sandbox } = setup({ maxBodyBytes: 100 });
    const request = new Request(`${BASE}/v1/payment-intents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', 'Content-Length': '101' },
      body: '{"amount":100,"currency":"xaf"}',
    });
    await expectError(await sandbox.fetch(request), 413, 'body_too_large');
  });

  it('refuses a body whose real size exceeds maxBodyBytes when no length is declared', async () => {
    const { sandbox, newIntent } = setup();
    const huge = JSON.stringify({ amount: 100, currency: 'xaf', description: 'x'.repeat(20_000) });
    const request = new Request(`${BASE}/v1/payment-intents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: streamed(huge),
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();
    await expectError(await sandbox.fetch(request), 413, 'body_too_large');
    expect((await newIntent()).id).toBe(1);
  });

  it('refuses a body larger than its declared Content-Length claims', async () => {
    const { sandbox } = setup({ maxBodyBytes: 200 });
    const request = new Request(`${BASE}/v1/remittance`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', 'Content-Length': '10' },
      body: streamed(JSON.stringify(transferBody({ first_name: 'J'.repeat(300) })), 50),
      duplex: 'half',
    } as RequestInit);
    await expectError(await sandbox.fetch(request), 413, 'body_too_large');
  });

  it('accepts a body of exactly maxBodyBytes', async () => {
    const body = JSON.stringify({ amount: 100, currency: 'xaf', description: '' });
    const padded = body.replace('""', `"${'x'.repeat(16 * 1024 - body.length)}"`);
    expect(new TextEncoder().encode(padded).length).toBe(16 * 1024);
    const { call } = setup();
    const response = await call('POST', '/v1/payment-intents', {
      raw: padded,
      headers: { 'Content-Type': 'application/json' },
    });
    // The description is over its 500-character limit: refused by the schema, not by the size.
    await expectError(response, 400, 'invalid_request', 'description');
  });

  it('limits confirm bodies too', async () => {
    const { newIntent, call } = setup({ maxBodyBytes: 300 });
    const intent = await newIntent();
    const body = confirmBody(intent.client_secret, testNumber('approved_at_once'), { first_name: 'M'.repeat(300) });
    await expectError(
      await call('POST', `/v1/payment-intents/${intent.intent_id}/confirm`, { token: null, body }),
      413,
      'body_too_large',
    );
  });
});

describe('schema failures', () => {
  it.each([
    [
      '/v1/remittance',
      transferBody({
        payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: '06 12 34', operator_name: 'mtn' } },
      }),
      'payment_method_data.momo.msisdn',
    ],
    ['/v1/remittance', transferBody({ currency: 'FCFA' }), 'currency'],
    ['/v1/remittance', transferBody({ metadata: { k: 'v'.repeat(501) } }), 'metadata.k'],
    ['/v1/disbursement', transferBody({ last_name: '' }), 'last_name'],
    [
      '/v1/sessions',
      sessionBody({ items: [{ productId: 'prt_a', quantity: 1, price: -1, productName: 'A' }] }),
      'items.0.price',
    ],
    ['/v1/sessions', sessionBody({ successUrl: 42 }), 'successUrl'],
  ])('POST %s answers 400 with the dotted path %#', async (path, body, field) => {
    const { call } = setup();
    const error = await expectError(await call('POST', path, { body }), 400, 'invalid_request', field);
    expect(error.message).toContain(`\`${field}\``);
  });

  it('changes nothing when a request is refused', async () => {
    const { call } = setup();
    await call('POST', '/v1/remittance', { body: transferBody({ amount: '0' }) });
    await call('POST', '/v1/remittance', { body: transferBody({ currency: 'XAF' }) });
    await call('POST', '/v1/remittance', { raw: '{', headers: { 'Content-Type': 'application/json' } });
    const list = await expectJson(await call('GET', '/v1/remittance'), 200, remittanceListSchema);
    expect(list.meta.total).toBe(0);
  });

  it('names the amount bounds in its message', async () => {
    const { call } = setup();
    const error = await expectError(
      await call('POST', '/v1/remittance', { body: transferBody({ amount: 10_000_001 }) }),
      400,
      'invalid_request',
      'amount',
    );
    expect(error.message).toBe('`amount` must be a whole number from 1 to 10000000.');
  });
});
