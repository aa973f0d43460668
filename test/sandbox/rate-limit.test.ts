// @vitest-environment node
// The confirm rate limit: per client and per intent, a sliding window on the sandbox's clock.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import type { SandboxBindings } from '../../src/sandbox';
import { resolveConfig } from '../../src/sandbox/config';
import { SlidingWindow } from '../../src/sandbox/rate-limit';
import { confirmBody, expectError, setup, testNumber } from './helpers';

const declined = testNumber('declined');

/** A confirm as if it came over a socket from `address` (what @hono/node-server passes). */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } }) as unknown as SandboxBindings;

function bed(options: Parameters<typeof setup>[0] = {}) {
  const context = setup(options);
  const send = (
    intent: { intent_id: string; client_secret: string },
    env?: SandboxBindings,
    headers: Record<string, string> = {},
  ) =>
    context.sandbox.fetch(
      context.request('POST', `/v1/payment-intents/${intent.intent_id}/confirm`, {
        token: null,
        headers,
        body: confirmBody(intent.client_secret, declined),
      }),
      env,
    );
  return { ...context, send };
}

describe('confirm rate limit', () => {
  it('allows 10 confirms a minute per client and intent by default, then answers 429 rate_limited with Retry-After', async () => {
    const { newIntent, send, clock } = bed();
    const intent = await newIntent();
    for (let i = 0; i < 10; i += 1) {
      expect([200, 409]).toContain((await send(intent)).status);
      clock.advance(1000);
    }
    // From a merchant's page (the widget): the page may read the refusal.
    const refused = await send(intent, undefined, { Origin: 'https://shop.example.cg' });
    expect(refused.headers.get('retry-after')).toBe('50');
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    const error = await expectError(refused, 429, 'rate_limited');
    expect(error.message).toContain('at most 10 in 60 s');
  });

  it('slides: a slot frees as soon as the oldest confirm is a window old, and Retry-After counts down to it', async () => {
    const { newIntent, send, clock } = bed({ confirmRateLimit: { max: 2, windowMs: 10_000 } });
    const intent = await newIntent();
    await send(intent);
    clock.advance(4000);
    await send(intent);
    clock.advance(1500);
    expect((await send(intent)).headers.get('retry-after')).toBe('5');
    clock.advance(4499);
    expect((await send(intent)).headers.get('retry-after')).toBe('1');
    clock.advance(1);
    expect((await send(intent)).status).not.toBe(429);
    expect((await send(intent)).status).toBe(429);
  });

  it('does not record refused confirms: a client that waits Retry-After gets through', async () => {
    const { newIntent, send, clock } = bed({ confirmRateLimit: { max: 1, windowMs: 5000 } });
    const intent = await newIntent();
    await send(intent);
    for (let i = 0; i < 20; i += 1) expect((await send(intent)).status).toBe(429);
    clock.advance(5000);
    expect((await send(intent)).status).not.toBe(429);
  });

  it('counts per intent and per client address', async () => {
    const { newIntent, send } = bed({ confirmRateLimit: { max: 1, windowMs: 60_000 } });
    const one = await newIntent();
    const two = await newIntent();
    expect((await send(one, from('10.0.0.1'))).status).toBe(200);
    expect((await send(one, from('10.0.0.1'))).status).toBe(429);
    expect((await send(two, from('10.0.0.1'))).status).toBe(200);
    expect((await send(one, from('10.0.0.2'))).status).toBe(409);
    expect((await send(one)).status).toBe(409);
    expect((await send(one)).status).toBe(429);
  });

  it('ignores X-Forwarded-For unless trustProxy is set, then keys on its last entry', async () => {
    const plain = bed({ confirmRateLimit: { max: 1, windowMs: 60_000 } });
    const intent = await plain.newIntent();
    await plain.send(intent, undefined, { 'X-Forwarded-For': '1.1.1.1' });
    expect((await plain.send(intent, undefined, { 'X-Forwarded-For': '2.2.2.2' })).status).toBe(429);

    const proxied = bed({ confirmRateLimit: { max: 1, windowMs: 60_000 }, trustProxy: true });
    const other = await proxied.newIntent();
    await proxied.send(other, from('10.9.9.9'), { 'X-Forwarded-For': 'spoofed, 1.1.1.1' });
    expect((await proxied.send(other, from('10.9.9.9'), { 'X-Forwarded-For': '2.2.2.2' })).status).toBe(409);
    expect((await proxied.send(other, from('10.9.9.9'), { 'X-Forwarded-For': 'other, 1.1.1.1' })).status).toBe(429);
  });

  it('counts only confirms: reads, merchant calls and preflights never use it up', async () => {
    const { newIntent, send, call } = bed({ confirmRateLimit: { max: 1, windowMs: 60_000 } });
    const intent = await newIntent();
    for (let i = 0; i < 30; i += 1) {
      await call('GET', `/v1/payment-intents/${intent.intent_id}`, { token: null });
      await call('OPTIONS', `/v1/payment-intents/${intent.intent_id}/confirm`, { token: null });
    }
    expect((await send(intent)).status).toBe(200);
  });

  it('lets exactly max of 200 concurrent confirms through, and one of them starts the attempt', async () => {
    const { newIntent, send, readIntent, sandbox } = bed();
    const intent = await newIntent();
    const statuses = (await Promise.all(Array.from({ length: 200 }, () => send(intent)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(statuses.filter((s) => s === 429)).toHaveLength(190);
    expect((await readIntent(intent.intent_id)).event.charges).toHaveLength(1);
    expect(sandbox.stats().confirms[intent.intent_id]).toEqual({
      accepted: 1,
      replayed: 0,
      refused: 9,
      rateLimited: 190,
    });
  });

  it('can be turned off', async () => {
    const { newIntent, send } = bed({ confirmRateLimit: false });
    const intent = await newIntent();
    const statuses = await Promise.all(Array.from({ length: 30 }, async () => (await send(intent)).status));
    expect(statuses).not.toContain(429);
  });

  it('keys on the socket’s address over real HTTP, not on the shared in-process key', async () => {
    const { sandbox, newIntent, send } = bed({ confirmRateLimit: { max: 2, windowMs: 60_000 } });
    const server = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const intent = await newIntent();
      const payer = createClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      const body = confirmBody(intent.client_secret, declined);
      await payer.confirmIntent(intent.intent_id, body).catch(() => undefined);
      await payer.confirmIntent(intent.intent_id, body).catch(() => undefined);
      await expect(payer.confirmIntent(intent.intent_id, body)).rejects.toMatchObject({
        status: 429,
        code: 'rate_limited',
        retryAfter: 60,
      });
      expect((await send(intent)).status).toBe(409);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('confirm rate limit › no lockout without the secret', () => {
  const wrong = (intent: { intent_id: string }) => ({
    intent_id: intent.intent_id,
    client_secret: `${intent.intent_id}_secret_wrongwrongwrongwrong1234`,
  });

  it('wrong secrets from the payer’s own address (a shared carrier NAT) never spend the payer’s budget', async () => {
    const { newIntent, send } = bed();
    const intent = await newIntent();
    for (let i = 0; i < 10; i += 1)
      await expectError(await send(wrong(intent), from('100.64.0.7')), 401, 'invalid_client_secret');
    for (let i = 0; i < 40; i += 1) expect((await send(wrong(intent), from('100.64.0.7'))).status).toBe(429);
    expect((await send(intent, from('100.64.0.7'))).status).toBe(200);
  });

  it('throttles wrong secrets per intent across clients: 429 with Retry-After past 10 a minute, while the right secret still pays', async () => {
    const { newIntent, send, clock } = bed();
    const intent = await newIntent();
    const other = await newIntent();
    for (let i = 0; i < 10; i += 1)
      await expectError(await send(wrong(intent), from(`203.0.113.${i}`)), 401, 'invalid_client_secret');
    clock.advance(15_000);
    const refused = await send(wrong(intent), from('198.51.100.1'));
    expect(refused.headers.get('retry-after')).toBe('45');
    expect((await expectError(refused, 429, 'rate_limited')).message).toBe(
      'Too many wrong client secrets for this payment intent (at most 10 in 60 s); retry after 45 s.',
    );
    await expectError(await send(wrong(other), from('198.51.100.1')), 401, 'invalid_client_secret');
    expect((await send(intent, from('198.51.100.1'))).status).toBe(200);
    clock.advance(45_000);
    await expectError(await send(wrong(intent), from('198.51.100.1')), 401, 'invalid_client_secret');
  });

  it('groups IPv6 clients by /64, and reads IPv4-mapped addresses as IPv4', async () => {
    const { newIntent, send } = bed({ confirmRateLimit: { max: 1, windowMs: 60_000 } });
    const intent = await newIntent();
    expect((await send(intent, from('2001:db8:1:2::1'))).status).toBe(200);
    expect((await send(intent, from('2001:0db8:0001:0002:ffff:0:0:9'))).status).toBe(429);
    expect((await send(intent, from('2001:db8:1:3::1'))).status).toBe(409);
    expect((await send(intent, from('10.0.0.1'))).status).toBe(409);
    expect((await send(intent, from('::ffff:10.0.0.1'))).status).toBe(429);
  });
});

describe('SlidingWindow under a flood of distinct keys', () => {
  it('stays fast past 1 000 live keys: a take looks at the keys it forgets and one more, never at every key', () => {
    const window = new SlidingWindow({ max: 10, windowMs: 60_000 });
    // Counted, not timed: each key the window looks at while forgetting (a sweep of every key on
    // every take made 30 000 takes cost seconds, and a timed test depends on the machine).
    class CountingMap<K, V> extends Map<K, V> {
      looked = 0;
      override *[Symbol.iterator](): MapIterator<[K, V]> {
        for (const entry of super.entries()) {
          this.looked += 1;
          yield entry;
        }
      }
    }
    const seen = new CountingMap<string, number[]>();
    Object.assign(window, { seen });
    for (let i = 0; i < 30_000; i += 1) window.take(`client-${i}`, 1_000 + i);
    expect(window.size).toBe(30_000);
    expect(seen.looked).toBeLessThanOrEqual(30_000);
    // And once the window has passed, one take forgets them all, looking at each once.
    seen.looked = 0;
    window.take('late', 1_000 + 30_000 + 60_000);
    expect(window.size).toBe(1);
    expect(seen.looked).toBeLessThanOrEqual(30_001);
  });

  it('holds at most its bound, forgetting the least recently seen keys first', () => {
    const window = new SlidingWindow({ max: 1, windowMs: 60_000 }, 1_000);
    for (let i = 0; i < 5_000; i += 1) window.take(`client-${i}`, 1_000);
    expect(window.size).toBe(1_000);
    expect(window.take('client-4999', 1_001)).toBeGreaterThan(0);
    expect(window.take('client-0', 1_001)).toBe(0);
  });

  it('drops keys whose window has emptied', () => {
    const window = new SlidingWindow({ max: 1, windowMs: 1_000 });
    for (let i = 0; i < 100; i += 1) window.take(`client-${i}`, i);
    window.take('late', 5_000);
    expect(window.size).toBe(1);
  });
});

describe('resolveConfig › confirmRateLimit', () => {
  it('defaults to 10 per 60 000 ms, reads SANDBOX_CONFIRM_RATE_LIMIT, and prefers the option', () => {
    expect(resolveConfig({ env: {} }).confirmRateLimit).toEqual({ max: 10, windowMs: 60_000 });
    expect(resolveConfig({ env: { SANDBOX_CONFIRM_RATE_LIMIT: '3/1000' } }).confirmRateLimit).toEqual({
      max: 3,
      windowMs: 1000,
    });
    expect(resolveConfig({ env: { SANDBOX_CONFIRM_RATE_LIMIT: 'off' } }).confirmRateLimit).toBeNull();
    expect(
      resolveConfig({ env: { SANDBOX_CONFIRM_RATE_LIMIT: 'off' }, confirmRateLimit: { max: 1, windowMs: 1 } })
        .confirmRateLimit,
    ).toEqual({ max: 1, windowMs: 1 });
    expect(resolveConfig({ env: {}, confirmRateLimit: false }).confirmRateLimit).toBeNull();
  });

  it.each([['ten'], ['10'], ['0/1000'], ['10/0'], ['-1/5']])('refuses SANDBOX_CONFIRM_RATE_LIMIT=%s', (value) => {
    expect(() => resolveConfig({ env: { SANDBOX_CONFIRM_RATE_LIMIT: value } })).toThrow(RangeError);
  });

  it('refuses a nonsense option', () => {
    expect(() => resolveConfig({ env: {}, confirmRateLimit: { max: 0, windowMs: 1000 } })).toThrow(/confirmRateLimit/);
    expect(() => resolveConfig({ env: {}, confirmRateLimit: { max: 2.5, windowMs: 1000 } })).toThrow(
      /confirmRateLimit/,
    );
  });
});

describe('list rate limit', () => {
  const LISTS = ['/v1/payment-intents?perPage=100', '/v1/sessions', '/v1/remittance?perPage=5'];

  it('allows 300 list reads a minute per secret key by default, every list together, then 429 rate_limited with Retry-After; other keys and other calls go on', async () => {
    const { call, clock, newIntent } = setup();
    for (let i = 0; i < 300; i += 1) expect((await call('GET', LISTS[i % 3] as string)).status).toBe(200);
    clock.advance(15_000);
    for (const path of LISTS) {
      const refused = await call('GET', path);
      const error = await expectError(refused, 429, 'rate_limited');
      expect(error.message).toBe('Too many list reads with this secret key (at most 300 in 60 s); retry after 45 s.');
      expect(refused.headers.get('retry-after')).toBe('45');
    }
    // Another key lists; the limited key still creates and reads.
    expect((await call('GET', LISTS[0] as string, { token: 'sk_test_other' })).status).toBe(200);
    const intent = await newIntent();
    expect((await call('GET', `/v1/payment-intents/${intent.intent_id}`)).status).toBe(200);
    // A window after the first reads, the key lists again.
    clock.advance(45_000);
    expect((await call('GET', LISTS[0] as string)).status).toBe(200);
  });

  it('does not count refused reads, nor reads without a valid key (401 first)', async () => {
    const { call, clock } = setup({ listRateLimit: { max: 2, windowMs: 1000 } });
    expect((await call('GET', '/v1/payment-intents', { token: null })).status).toBe(401);
    expect((await call('GET', '/v1/payment-intents')).status).toBe(200);
    expect((await call('GET', '/v1/sessions')).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await call('GET', '/v1/payment-intents')).status).toBe(429);
    clock.advance(1000);
    expect((await call('GET', '/v1/payment-intents')).status).toBe(200);
  });

  it('can be turned off (option or SANDBOX_LIST_RATE_LIMIT=off)', async () => {
    for (const options of [{ listRateLimit: false as const }, { env: { SANDBOX_LIST_RATE_LIMIT: 'off' } }]) {
      const { call } = setup(options);
      for (let i = 0; i < 320; i += 1) expect((await call('GET', '/v1/sessions')).status).toBe(200);
    }
  });

  it('defaults to 300 per 60 000 ms, reads SANDBOX_LIST_RATE_LIMIT, prefers the option, and refuses nonsense by name', () => {
    expect(resolveConfig({ env: {} }).listRateLimit).toEqual({ max: 300, windowMs: 60_000 });
    expect(resolveConfig({ env: { SANDBOX_LIST_RATE_LIMIT: '3/1000' } }).listRateLimit).toEqual({
      max: 3,
      windowMs: 1000,
    });
    expect(
      resolveConfig({ env: { SANDBOX_LIST_RATE_LIMIT: 'off' }, listRateLimit: { max: 1, windowMs: 1 } }).listRateLimit,
    ).toEqual({ max: 1, windowMs: 1 });
    expect(() => resolveConfig({ env: { SANDBOX_LIST_RATE_LIMIT: '10' } })).toThrow(/SANDBOX_LIST_RATE_LIMIT/);
    expect(() => resolveConfig({ env: {}, listRateLimit: { max: 0, windowMs: 1000 } })).toThrow(/listRateLimit/);
  });
});
