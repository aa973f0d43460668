// @vitest-environment node
// A lasting receipt link's token (src/server/receipt-token.ts): it opens to the page id it was
// sealed for, under the same keys on any instance, and to nothing else — not altered, not under
// another server's key, not with the id readable in it.
import { describe, expect, it } from 'vitest';
import { createReceiptTokens, RECEIPT_TOKEN } from '../../src/server/receipt-token';

const key = (fill: string) => Buffer.from(fill.repeat(32).slice(0, 32));

describe('receipt tokens', () => {
  it('open to the id they were sealed for, on another instance with the same key, and hide it', () => {
    const one = createReceiptTokens({ keys: [key('a')] });
    const other = createReceiptTokens({ keys: [key('a')] });
    const token = one.seal('pi_Abc123');
    expect(token).toMatch(RECEIPT_TOKEN);
    expect(token).not.toContain('Abc123');
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('pi_');
    expect(other.open(token)).toBe('pi_Abc123');
    expect(one.open(one.seal('cs_Xyz'))).toBe('cs_Xyz');
    // Each sealing is new: two links of one payment do not show they are the same one.
    expect(one.seal('pi_Abc123')).not.toBe(token);
  });

  it('refuse a token altered anywhere, one of another key, and anything not a token', () => {
    const tokens = createReceiptTokens({ keys: [key('a')] });
    const token = tokens.seal('pi_Abc123');
    const bytes = Buffer.from(token, 'base64url');
    for (let at = 0; at < bytes.length; at++) {
      const altered = Buffer.from(bytes);
      altered[at] = (altered[at] ?? 0) ^ 1;
      expect(tokens.open(altered.toString('base64url'))).toBeNull();
    }
    expect(tokens.open(token.slice(0, -2))).toBeNull();
    // Every character counts, the last one's unused bits too: one address per token.
    for (const at of [0, token.length - 1])
      for (const c of 'ABCDabcd01_-')
        if (c !== token[at]) expect(tokens.open(`${token.slice(0, at)}${c}${token.slice(at + 1)}`)).toBeNull();
    expect(createReceiptTokens({ keys: [key('b')] }).open(token)).toBeNull();
    expect(createReceiptTokens().open(token)).toBeNull();
    for (const junk of ['', 'pi_Abc123', '../../etc/passwd', 'A'.repeat(400), `${token}=`])
      expect(tokens.open(junk)).toBeNull();
  });

  it('seal another payment only as another token: one cannot be turned into the other', () => {
    const tokens = createReceiptTokens({ keys: [key('a')] });
    const mine = tokens.seal('pi_Mine1');
    const theirs = tokens.seal('pi_Them2');
    expect(tokens.open(mine)).toBe('pi_Mine1');
    // The same key stream under another nonce: splicing one token's nonce onto another's body opens nothing.
    const spliced = Buffer.concat([
      Buffer.from(theirs, 'base64url').subarray(0, 12),
      Buffer.from(mine, 'base64url').subarray(12),
    ]);
    expect(tokens.open(spliced.toString('base64url'))).toBeNull();
    expect(() => tokens.seal('not an id')).toThrow(RangeError);
  });

  it('roll keys: a new key opens old links before it seals, and a retired key voids its links', () => {
    const before = createReceiptTokens({ keys: [key('a')] });
    const old = before.seal('pi_Abc123');
    const rolling = createReceiptTokens({ keys: [key('b'), key('a')] });
    expect(rolling.open(old)).toBe('pi_Abc123');
    const fresh = rolling.seal('pi_Abc123');
    expect(before.open(fresh)).toBeNull();
    expect(createReceiptTokens({ keys: [key('b')] }).open(old)).toBeNull();
    expect(createReceiptTokens({ keys: [key('b')] }).open(fresh)).toBe('pi_Abc123');
  });
});
