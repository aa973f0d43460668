// @vitest-environment node
// src/server/compress.ts: which encoding an answer is sent in.
import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../src/server/compress';

describe('negotiateEncoding', () => {
  const all = ['identity', 'br', 'gzip'] as const;
  it.each([
    [null, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=1.0, gzip;q=1.0', 'br'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['*, br;q=0', 'gzip'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['br;q=bogus, gzip', 'gzip'],
    ['br;q=2, gzip', 'gzip'],
  ] as const)('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header, all)).toBe(expected);
  });

  it('only picks what is available', () => {
    expect(negotiateEncoding('br, gzip', ['identity', 'gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['identity'])).toBe('identity');
  });
});
