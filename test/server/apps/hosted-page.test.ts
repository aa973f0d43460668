// @vitest-environment node
// The hosted page's sub-app (src/server/apps/hosted-page.ts) and what its HTML (index.html) does for a
// payer without JavaScript: sent at once to the plain form this server makes for the payment (what
// is due, the order, a form that pays with one press), while the widget's frame, which has no plain
// form, is answered 204 there — left as it is, never reloading itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { relativeCookie } from '../../../src/server/plain-relative';
import { describe, expect, it } from 'vitest';
import { hostedPageApp } from '../../../src/server/apps/hosted-page';
import { REPO_ROOT } from '../../../src/server/paths';

const PAGE = '<!doctype html><title>page</title>';

function app() {
  return hostedPageApp({
    loadHtml: async () => new Response(PAGE, { headers: { 'Content-Type': 'text/html' } }),
    policy: {},
    // A service that knows no payment: the plain payment's answer is its own "not found" page.
    plain: { api: () => ({ baseUrl: 'https://api.test', fetch: async () => Response.json({}, { status: 404 }) }) },
    // The receipt link's addresses answer for themselves (test/server/receipt-link.test.ts).
    receiptLink: async (req) => new Response(`receipt link ${req.method}`),
  });
}
const get = (path: string, method = 'GET') => app().request(`https://checkout.test${path}`, { method });

describe('the hosted page › without JavaScript', () => {
  it('index.html sends a browser without scripts to the plain form, in its head, at once', () => {
    const html = readFileSync(join(REPO_ROOT, 'index.html'), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    // Only a browser without scripts reads a <noscript> as markup; `?plain=1` replaces the query
    // and drops the fragment, where the secret is: nothing secret is sent.
    expect(head).toMatch(/<noscript><meta http-equiv="refresh" content="0; url=\?plain=1">/);
    // Its links for an engine that does not follow the refresh are styled by the head's <noscript> sheet.
    expect(html).toContain('<noscript><p class="momo-nojs"><a href="?plain=1&amp;lang=fr"');
    expect(head).toMatch(/<noscript>[\s\S]*\.momo-nojs\{[\s\S]*<\/style><\/noscript>/);
  });

  it('answers the refresh’s address with the plain form, the page’s own address with the page', async () => {
    const plain = await get('/pay/pi_abc123?plain=1&lang=fr');
    expect(plain.status).toBe(404);
    expect(plain.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    expect(await plain.text()).toContain('<html lang="fr">');
    const page = await get('/pay/pi_abc123');
    expect(await page.text()).toBe(PAGE);
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'self'/);
  });

  it('marks a relative’s page for its plain pages (its <noscript> refresh drops the query): that payment’s, no other', async () => {
    const page = await get('/pay/pi_abc123?relative');
    expect(await page.text()).toBe(PAGE);
    expect(page.headers.get('set-cookie')).toBe(relativeCookie('pi_abc123', true)); // an https page
    expect((await get('/pay/pi_abc123')).headers.get('set-cookie')).toBeNull();
  });

  it('leaves the widget’s frame as it is (204) where the refresh leads it: no page reloading itself forever', async () => {
    const refreshed = await get('/embed?plain=1');
    expect(refreshed.status).toBe(204);
    expect(await refreshed.text()).toBe('');
    expect(await (await get('/embed')).text()).toBe(PAGE);
    expect((await get('/embed?plain=1', 'POST')).status).toBe(405);
  });

  it('hands a payment’s receipt addresses to the receipt link, and only those', async () => {
    expect(await (await get('/pay/pi_abc123/receipt')).text()).toBe('receipt link GET');
    expect(await (await get('/pay/cs_abc123/receipt-link', 'POST')).text()).toBe('receipt link POST');
    expect(await (await get('/pay/pi_abc123/receipts')).text()).not.toContain('receipt link');
  });
});
