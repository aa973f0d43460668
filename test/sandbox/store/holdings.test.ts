// @vitest-environment node
// Who holds what (src/sandbox/store/holdings.ts): the plan of what to forget at the whole's bound
// (the largest holder's least recently active first, a profile last, never what is kept or awaited),
// and what was forgotten of each owner, remembered for a bounded number of owners. Through the
// sandbox: the merchant told on its calls (the Momo-Sandbox-Evicted headers).
import { describe, expect, it } from 'vitest';
import { Holdings } from '../../../src/sandbox/store/holdings';
import { Usage } from '../../../src/sandbox/store/usage';
import { setup } from '../helpers';
import { fill, intentBody } from '../support/fill';

describe('store › holdings', () => {
  it('plans from the largest holder, its least recently active first and its profile last, skipping what is kept or awaited', () => {
    const holdings = new Holdings();
    const usage = new Usage({ maxBytes: 1000, maxBytesPerToken: 1000 });
    for (const [owner, key] of [
      ['big', 'm:big'],
      ['big', 'i:1'],
      ['big', 'i:2'],
      ['big', 'i:3'],
      ['small', 'i:9'],
    ] as const) {
      holdings.hold(owner, key);
      usage.add(owner, owner === 'big' ? 100 : 50);
    }
    holdings.hold('big', 'i:1'); // active again: now its most recent
    const plan = holdings.plan(
      250,
      usage,
      new Set(['i:3']),
      (key) => (key.startsWith('m:') ? 100 : 100),
      (key) => key === 'i:2',
    );
    // big holds 400: i:2 awaited, i:3 kept, so i:1 (the only other intent), then its profile, then small's.
    expect(plan).toEqual([
      { key: 'i:1', owner: 'big' },
      { key: 'm:big', owner: 'big' },
      { key: 'i:9', owner: 'small' },
    ]);
    // Nothing changed; and what cannot be made room for is null.
    expect(
      holdings.plan(
        10_000,
        usage,
        new Set(),
        () => 100,
        () => false,
      ),
    ).toBeNull();
    expect(holdings.release('small', 'i:9')).toBe(true);
    expect(holdings.release('big', 'i:1')).toBe(false);
  });

  it('counts what was forgotten per owner with the time of the last, for at most 10 000 owners', () => {
    const holdings = new Holdings();
    expect(holdings.evictedOf('a')).toBeUndefined();
    holdings.noteEvicted('a', 2, 1000);
    holdings.noteEvicted('a', 1, 2000);
    expect(holdings.evictedOf('a')).toEqual({ count: 3, lastAt: 2000 });
    for (let i = 0; i < 10_000; i += 1) holdings.noteEvicted(`o${i}`, 1, 3000);
    // `a`, told of least recently, went first.
    expect(holdings.evictedOf('a')).toBeUndefined();
    expect(holdings.evictedOf('o9999')).toEqual({ count: 1, lastAt: 3000 });
  });

  it('tells the merchant on every call with its key, once records of its were forgotten to make room: how many, and when the last went', async () => {
    const { call, clock } = setup({ limits: { maxBytes: 8 * 1024, maxBytesPerToken: 4 * 1024 } });
    const shop = 'sk_test_real_shop';
    const { made } = await fill(call, shop);
    const before = await call('GET', '/v1/payment-intents', { token: shop });
    expect(before.headers.get('momo-sandbox-evicted')).toBeNull();
    clock.advance(60_000);
    // Made-up tokens fill the rest, then some: the shop, the largest holder, loses its oldest.
    for (let i = 0; i < 3; i += 1) await fill(call, `sk_test_made_up_${i}`, 10);
    const read = await call('GET', `/v1/payment-intents/${made[0]?.intent_id}`, { token: shop });
    expect(read.status).toBe(404);
    const count = Number(read.headers.get('momo-sandbox-evicted'));
    expect(count).toBeGreaterThan(0);
    expect(read.headers.get('momo-sandbox-evicted-last')).toBe('2025-03-10T10:01:00.000+01:00');
    // On any call with its key (a list, a creation, an error), and only with its key.
    for (const response of [
      await call('GET', '/v1/payment-intents', { token: shop }),
      await call('POST', '/v1/payment-intents', { token: shop, body: intentBody }),
      await call('POST', '/v1/payment-intents', { token: shop, body: { amount: -1, currency: 'xaf' } }),
    ]) {
      expect(Number(response.headers.get('momo-sandbox-evicted'))).toBeGreaterThanOrEqual(count);
    }
    const anonymous = await call('GET', `/v1/payment-intents/${made.at(-1)?.intent_id}`, { token: null });
    expect(anonymous.headers.get('momo-sandbox-evicted')).toBeNull();
    const other = await call('GET', '/v1/payment-intents', { token: 'sk_test_nothing_forgotten' });
    expect(other.headers.get('momo-sandbox-evicted')).toBeNull();
  });
});
