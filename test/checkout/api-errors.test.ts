// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { errorKind, failure, refusedField } from '../../src/checkout/api-errors';

const http = (status: number, field?: string) => new ApiError('http', `answered ${status}`, { status, field });

describe('errorKind', () => {
  it.each([
    [new ApiError('network', 'reset'), 'network'],
    [new ApiError('timeout', 'slow'), 'network'],
    [new ApiError('aborted', 'gone'), 'network'],
    [new ApiError('invalid_response', 'html'), 'invalidResponse'],
    [http(404), 'notFound'],
    [http(401), 'badSecret'],
    [http(403), 'badSecret'],
    [http(400), 'server'],
    [http(429), 'server'],
    [http(500), 'server'],
    [http(503), 'server'],
    [new TypeError('a bug, not an answer'), 'invalidResponse'],
  ] as const)('%s reads as %s', (error, kind) => {
    expect(errorKind(error)).toBe(kind);
  });
});

describe('failure', () => {
  it('offers the way forward it is given for what may pass', () => {
    expect(failure(http(503), 'reload')).toEqual({ type: 'fail', error: 'server', recovery: 'reload' });
    expect(failure(new ApiError('network', 'x'), 'check')).toEqual({
      type: 'fail',
      error: 'network',
      recovery: 'check',
    });
  });

  it('offers a check when none is given: no error screen is a dead end unless nothing can help', () => {
    expect(failure(new ApiError('invalid_response', 'x'), null)).toEqual({
      type: 'fail',
      error: 'invalidResponse',
      recovery: 'check',
    });
  });

  it('offers nothing for an unknown payment or a refused secret: trying again cannot change them', () => {
    expect(failure(http(404), 'reload')).toEqual({ type: 'fail', error: 'notFound', recovery: null });
    expect(failure(http(401), 'check')).toEqual({ type: 'fail', error: 'badSecret', recovery: null });
  });
});

describe('refusedField', () => {
  it('names the field of the request a 400 answer refused', () => {
    expect(refusedField(http(400, 'payment_method_data.momo.msisdn'))).toBe('payment_method_data.momo.msisdn');
  });

  it('names nothing for any other answer', () => {
    for (const error of [
      http(400),
      http(409, 'first_name'),
      http(500, 'first_name'),
      new ApiError('network', 'x'),
      new Error('first_name'),
    ]) {
      expect(refusedField(error)).toBeUndefined();
    }
  });
});
