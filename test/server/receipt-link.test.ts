// @vitest-environment node
// How a payer gets a lasting receipt link (src/server/receipt-link.ts): the hosted page and the
// widget with the client secret (from any origin: a merchant's page), the page without JavaScript
// by a redirect; the link never holds the payment's id, and a wrong secret gets nothing.
import { describe, expect, it } from 'vitest';
import { BASE, testNumber } from '../sandbox/helpers';
import { receiptSetup } from './receipt-setup';

describe('the receipt link', () => {
  it('is given for the payment’s own client secret, readable from any origin, and opens its receipt', async () => {
    const t = receiptSetup();
    const intent = await t.newIntent(5000);
    await t.confirm(intent, testNumber('never_approved'));
    const res = await t.askLink(intent.intent_id, intent.client_secret);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${BASE}/receipt/[A-Za-z0-9_-]{40,}$`));
    expect(url).not.toContain(intent.intent_id.slice(3));
    expect(t.receipts.open(url.slice(`${BASE}/receipt/`.length))).toBe(intent.intent_id);
    expect((await t.get(url.slice(BASE.length))).status).toBe(200);
  });

  it('carries the language of the page that asked, and nothing else, beside the token', async () => {
    const t = receiptSetup();
    const intent = await t.newIntent(5000);
    const res = await t.askLink(intent.intent_id, intent.client_secret, 'ar');
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${BASE}/receipt/[A-Za-z0-9_-]{40,}\\?lang=ar$`));
    const token = url.slice(`${BASE}/receipt/`.length).split('?')[0] ?? '';
    expect(t.receipts.open(token)).toBe(intent.intent_id);
    // Opened in a browser that prefers French, it is in Arabic still.
    expect(await (await t.get(url.slice(BASE.length), { 'Accept-Language': 'fr' })).text()).toContain(
      '<html lang="ar" dir="rtl"',
    );
    // A language the checkout does not speak, or anything else, goes nowhere.
    for (const lang of ['xx', 'ar&x=1', '"><', ''])
      expect(
        ((await (await t.askLink(intent.intent_id, intent.client_secret, lang)).json()) as { url: string }).url,
      ).toMatch(/\/receipt\/[A-Za-z0-9_-]+$/);
  });

  it('is refused for another payment’s secret, a made-up one, or none, alike', async () => {
    const t = receiptSetup();
    const [mine, theirs] = [await t.newIntent(5000), await t.newIntent(7000)];
    const forged = `${mine.intent_id}_secret_${'x'.repeat(24)}`;
    for (const secret of [theirs.client_secret, forged, '']) {
      const res = await t.askLink(mine.intent_id, secret);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('/receipt/');
    }
    expect((await t.askLink('pi_Nothere0000', 'pi_Nothere0000_secret_abc')).status).toBe(404);
  });

  it('leads the page without JavaScript to the receipt by a redirect that names no id', async () => {
    const t = receiptSetup();
    const intent = await t.newIntent(5000);
    const res = await t.get(`/pay/${intent.intent_id}/receipt?lang=es`);
    expect(res.status).toBe(303);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const to = res.headers.get('location') ?? '';
    expect(to).toMatch(/^\/receipt\/[A-Za-z0-9_-]{40,}\?lang=es$/);
    expect(to).not.toContain(intent.intent_id);
    expect(await (await t.get(to)).text()).toContain('<html lang="es">');
    // Only a language goes along: anything else in the query is dropped.
    expect((await t.get(`/pay/${intent.intent_id}/receipt?lang=%22%3E`)).headers.get('location')).not.toContain('lang');
  });

  it('reads no more of a posted body than a secret can weigh: a huge one is refused, not held in memory', async () => {
    const t = receiptSetup();
    const intent = await t.newIntent(5000);
    const kilobyte = new TextEncoder().encode('a'.repeat(1024));
    // A stream of 64 MB (a gigabyte would do as well): what is pulled of it is what the server holds.
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 64 * 1024) controller.close();
        else controller.enqueue(kilobyte);
      },
    });
    const post = (body: BodyInit, headers: Record<string, string> = {}) =>
      t.app.request(`${BASE}/pay/${intent.intent_id}/receipt-link`, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        duplex: 'half',
      } as RequestInit);
    const res = await post(endless);
    expect(res.status).toBe(404);
    expect(pulled).toBeLessThan(8);
    // Said by its length first: not read at all.
    const declared = await post(`client_secret=${intent.client_secret}&${'a'.repeat(2048)}`, {
      'Content-Length': '2100',
    });
    expect(declared.status).toBe(404);
    // Within the limit, the secret still opens the link.
    expect((await post(`client_secret=${intent.client_secret}`)).status).toBe(200);
  });

  it('takes a POST for the link and a read for the redirect, nothing else', async () => {
    const t = receiptSetup();
    const intent = await t.newIntent(5000);
    expect((await t.get(`/pay/${intent.intent_id}/receipt-link`)).status).toBe(405);
    const post = await t.app.request(`${BASE}/pay/${intent.intent_id}/receipt`, { method: 'POST' });
    expect(post.status).toBe(405);
  });
});
