// @vitest-environment node
// When a failed read may mark a payment lost (src/fulfillment/not-found.ts): only the service's own
// `not_found`, said again and again over an hour, by a process whose key and address have found a
// payment; every other 404 is the service (or its address, or the key) being wrong.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api';
import { failureOf, isLost, notFoundError } from '../../src/fulfillment/not-found';

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
