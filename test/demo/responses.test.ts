// @vitest-environment node
// The demo shop's HTTP (src/demo/responses.ts): its pages under a CSP that names only where its
// forms and the widget go, never cached; a form post from another site refused; a form past its
// size, or not a form, read as none.
import { describe, expect, it } from 'vitest';
import { html } from '../../src/demo/html';
import { isSameSiteFormPost, readForm, shopPageResponse } from '../../src/demo/responses';

const post = (headers: Record<string, string>, body?: string) =>
  new Request('http://shop.test/demo/checkout', { method: 'POST', headers, body });

describe('shopPageResponse', () => {
  it('with a real service elsewhere, its CSP lets the widget call it and the form go to its hosted page', () => {
    const page = shopPageResponse({ apiBaseUrl: 'https://api.example/v1', checkoutBase: 'https://pay.example' });
    const res = page(200, html`<p>hi</p>`, new Request('http://shop.test/demo'));
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self' https://api.example");
    expect(csp).toContain("form-action 'self' https://pay.example");
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('with the in-process sandbox, only itself; HEAD without a body', async () => {
    const page = shopPageResponse({ apiBaseUrl: undefined, checkoutBase: '' });
    const res = page(200, html`<p>hi</p>`, new Request('http://shop.test/demo', { method: 'HEAD' }));
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self';");
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self';");
    expect(await res.text()).toBe('');
  });
});

describe('form posts', () => {
  it('from the shop itself pass; from another site, refused', () => {
    expect(isSameSiteFormPost(post({ 'sec-fetch-site': 'same-origin' }), 'http://shop.test')).toBe(true);
    expect(isSameSiteFormPost(post({ 'sec-fetch-site': 'cross-site' }), 'http://shop.test')).toBe(false);
    expect(isSameSiteFormPost(post({ origin: 'https://evil.example' }), 'http://shop.test')).toBe(false);
    expect(isSameSiteFormPost(post({ origin: 'null' }), 'http://shop.test')).toBe(true);
  });

  it('a form is read; past 4 KiB, or not a form, it is none', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await readForm(post(form, 'order=CMD-1')))?.get('order')).toBe('CMD-1');
    expect(await readForm(post(form, `order=${'x'.repeat(5000)}`))).toBeNull();
    expect(await readForm(post({ 'content-type': 'application/json' }, '{}'))).toBeNull();
  });
});
