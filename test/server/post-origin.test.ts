// @vitest-environment node
// Whether a form post comes from this server's own page (src/server/post-origin.ts), as the browser
// says it: Sec-Fetch-Site first, then Origin; a browser that says neither is let through.
import { describe, expect, it } from 'vitest';
import { postedFromHere } from '../../src/server/post-origin';

const post = (headers: Record<string, string>) =>
  new Request('http://127.0.0.1:8080/l/plink_1', { method: 'POST', headers });
const PUBLIC = ['https://pay.example'];

describe('postedFromHere', () => {
  it('takes this server’s page, by its own address or its public one, and a resend from history', () => {
    expect(postedFromHere(post({ origin: 'http://127.0.0.1:8080', 'sec-fetch-site': 'same-origin' }), PUBLIC)).toBe(
      true,
    );
    expect(postedFromHere(post({ origin: 'https://pay.example' }), PUBLIC)).toBe(true);
    expect(postedFromHere(post({ 'sec-fetch-site': 'none' }), PUBLIC)).toBe(true);
    expect(postedFromHere(post({ origin: 'null', 'sec-fetch-site': 'same-origin' }), PUBLIC)).toBe(true);
  });

  it('refuses another site’s page, whatever else it says', () => {
    expect(postedFromHere(post({ origin: 'https://evil.example' }), PUBLIC)).toBe(false);
    expect(postedFromHere(post({ 'sec-fetch-site': 'cross-site' }), PUBLIC)).toBe(false);
    expect(postedFromHere(post({ origin: 'https://pay.example', 'sec-fetch-site': 'same-site' }), PUBLIC)).toBe(false);
    expect(postedFromHere(post({ origin: 'null' }), PUBLIC)).toBe(false);
  });

  it('lets through a browser that says neither where it comes from (the link’s page does no more)', () => {
    expect(postedFromHere(post({}), PUBLIC)).toBe(true);
  });
});
