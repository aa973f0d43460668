// @vitest-environment node
// When a failed read may mark a payment lost (src/fulfillment/not-found.ts): only the service's own
// `not_found`, said again and again over an hour, by a process whose key and address have found a
// payment; every other 404 is the service (or its address, or the key) being wrong. And an answer
// about another intent than the one read is a failed read: nothing is delivered from it (issue 28).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api';
import { failureOf, isLost, notFoundError, otherIntentError } from '../../src/fulfillment/not-found';
import { bed, drain } from './support/bed';

const HOUR = 3_600_000;
const http = (status: number, code?: string, bodyText?: string) =>
  new ApiError('http', `The service answered ${status}`, { status, code, bodyText });

describe('failureOf', () => {
  it('takes only the service’s JSON not_found for the payment as “unknown”', () => {
    expect(failureOf(http(404, 'not_found'))).toBe('unknown');
  });

  it('takes a 404 without the service’s error body (a proxy’s HTML page) as the service unreachable', () => {
    expect(failureOf(http(404, undefined, '<html><h1>404 Not Found</h1></html>'))).toBe('unreachable');
    expect(failureOf(http(404, 'no_route'))).toBe('unreachable');
  });

  it('takes a refused key as refused, and the network, time limits, 429 and 5xx as unreachable', () => {
    expect(failureOf(http(401, 'unauthorized'))).toBe('refused');
    expect(failureOf(http(403))).toBe('refused');
    for (const error of [
      new ApiError('network', 'down'),
      new ApiError('timeout', 'slow'),
      http(429),
      http(503),
      http(500),
    ])
      expect(failureOf(error)).toBe('unreachable');
    expect(failureOf(http(400, 'invalid_request'))).toBe('other');
    expect(failureOf(new ApiError('invalid_response', 'not JSON', { status: 200 }))).toBe('other');
    expect(failureOf(new Error('the store failed'))).toBe('other');
  });
});

describe('isLost', () => {
  const run = { since: 0, answers: 3 };
  it('needs three answers over the hour, and a payment found by this process', () => {
    expect(isLost(run, HOUR, 10, HOUR)).toBe(true);
    expect(isLost(run, HOUR - 1, 10, HOUR)).toBe(false);
    expect(isLost({ since: 0, answers: 2 }, 10 * HOUR, 10, HOUR)).toBe(false);
    // Nothing found yet: a wrong key or address, whatever the time.
    expect(isLost({ since: 0, answers: 300 }, 100 * HOUR, null, HOUR)).toBe(false);
  });

  it('says what to check when nothing was ever found, and what is still to come otherwise', () => {
    expect(notFoundError('pi_1', run, null, undefined).message).toMatch(/api\.token.*api\.baseUrl/);
    expect(notFoundError('pi_1', run, 5, undefined).message).toMatch(
      /reported lost once the service has said so 3 times/,
    );
  });
});

describe('an answer about another intent (a misbehaving service, or a proxy mixing answers up)', () => {
  it('is a failed read of the payment’s own: nothing is delivered from it, it is told, and the payment is told paid from its own answer alone', async () => {
    const t = bed();
    const [mine, paidOther] = [await t.newSession('CMD-1'), await t.newSession('CMD-2')];
    await t.pay(paidOther.paymentIntentId, 'approved_at_once');
    let mixedUp = true;
    const errors: unknown[] = [];
    // The proxy answers every read of `mine` with the paid intent of the other session.
    const fetch = async (request: Request) => {
      const url = new URL(request.url);
      if (mixedUp && url.pathname === `/v1/payment-intents/${mine.paymentIntentId}`)
        url.pathname = `/v1/payment-intents/${paidOther.paymentIntentId}`;
      return t.fetch(new Request(url, request));
    };
    const f = t.fulfillment({
      api: { baseUrl: 'http://sandbox.test', token: 'sk_test_fulfil', fetch },
      onError: (error) => errors.push(error),
    });
    await f.follow(mine);
    for (let i = 0; i < 5; i++) {
      t.advance(60_000);
      await drain(f);
    }
    expect(t.calls).toEqual([]);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(errors.every((e) => e instanceof Error && e.message.includes('with another intent'))).toBe(true);
    const kept = await f.get(mine.paymentIntentId);
    expect(kept).toMatchObject({ intent: null, outcome: null, foundWith: null, deliveries: {} });
    expect(kept?.failures).toBeGreaterThanOrEqual(1);
    // The proxy put right: its own answer (unpaid) says nothing is due; paid, it is told once, from its own intent.
    mixedUp = false;
    t.advance(10 * 60_000);
    await drain(f);
    expect(t.calls).toEqual([]);
    await t.pay(mine.paymentIntentId, 'approved_at_once');
    t.advance(10 * 60_000);
    await drain(f);
    expect(t.calls.map((e) => [e.kind, e.intentId, e.intent?.intent_id])).toEqual([
      ['paid', mine.paymentIntentId, mine.paymentIntentId],
    ]);
  });

  it('says which intent was asked for and which answered', () => {
    expect(otherIntentError('pi_asked', 'pi_other').message).toMatch(
      /read of pi_asked with another intent \("pi_other"\)/,
    );
  });
});
