// @vitest-environment node
// The plain payment's form (src/server/plain-form.ts), its first render: what a payer without
// JavaScript reads before pressing "Payer" — what is due, to whom, the order — and that one press
// of it pays, the form carrying its token from that first render. A second post of it, or an old
// form, never confirms again; the hosted page's own form (no token, no amount) is asked to be
// checked, calmly. The sandbox in process, on a fake clock.
import { describe, expect, it } from 'vitest';
import { testNumber as number } from '../browser/support/harness';
import { TOKEN } from '../sandbox/helpers';
import { payer, plainSetup, tokenOf } from './plain-setup';

/** A session with an order of two lines, made by the merchant. */
async function newSession(t: ReturnType<typeof plainSetup>) {
  const res = await t.call('POST', '/v1/sessions', {
    token: TOKEN,
    body: {
      total: 5000,
      currency: 'xaf',
      accountId: 'acct_plain',
      successUrl: 'https://shop.test/thanks',
      cancelUrl: 'https://shop.test/cart',
      metadata: { order: 'N-1' },
      items: [
        { productId: 'prt_wax', quantity: 1, price: 4000, productName: 'Pagne wax 6 yards' },
        { productId: 'prt_soap', quantity: 2, price: 500, productName: 'Savon <noir>' },
      ],
    },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; paymentIntentId: string };
}

const confirms = (t: ReturnType<typeof plainSetup>) => t.sent.filter((r) => r.url.endsWith('/confirm'));

describe('the plain form › its first render', () => {
  it('shows the amount, the order (escaped) and "Payer 5 000 FCFA", as payers read amounts', async () => {
    const t = plainSetup();
    const session = await newSession(t);
    const html = await (await t.get(`/pay/${session.id}?plain=1&lang=fr`)).text();
    expect(html).toMatch(/<strong class="amount">5\s000\sFCFA<\/strong> à payer/);
    expect(html).toContain('<p class="small">Votre commande</p><ul class="small">');
    expect(html).toMatch(/<li><bdi>Pagne wax 6 yards<\/bdi> — 1\s×\s4\s000\sFCFA<\/li>/);
    expect(html).toContain('<bdi>Savon &lt;noir&gt;</bdi>');
    expect(html).toMatch(/<button type="submit">Payer 5\s000\sFCFA<\/button>/);
    // In English, the same amount as English readers write it.
    const en = await (await t.get(`/pay/${session.id}?plain=1&lang=en`)).text();
    expect(en).toMatch(/<button type="submit">Pay FCFA\s5,000<\/button>/);
    expect(en).toContain('<p class="small">Your order</p>');
  });

  it('shows an intent’s description where there is no order', async () => {
    const t = plainSetup();
    const created = await t.call('POST', '/v1/payment-intents', {
      body: { amount: 12_500, currency: 'xaf', description: 'Abonnement fibre, décembre' },
    });
    const intent = (await created.json()) as { intent_id: string };
    const html = await (await t.get(`/pay/${intent.intent_id}?plain=1&lang=fr`)).text();
    expect(html).not.toContain('Votre commande');
    expect(html).toContain('<p class="small"><bdi>Abonnement fibre, décembre</bdi></p>');
    expect(html).toMatch(/<button type="submit">Payer 12\s500\sFCFA<\/button>/);
  });

  it('pays with one press: the first render’s form is confirmed as it is, once, even posted again', async () => {
    const t = plainSetup();
    const session = await newSession(t);
    const first = await (await t.get(`/pay/${session.id}?plain=1&lang=fr`)).text();
    const form = { token: tokenOf(first), ...payer(number('approved_after_delay').national) };
    const pressed = await t.post(`/pay/${session.id}`, form);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe(`/pay/${session.id}/status?lang=fr`);
    expect(confirms(t)).toHaveLength(1);
    // Pressed twice, or the page reloaded and its form resent: the status page, no second confirm.
    const again = await t.post(`/pay/${session.id}`, form);
    expect(again.headers.get('location')).toBe(`/pay/${session.id}/status?lang=fr`);
    expect(confirms(t)).toHaveLength(1);
    expect(await t.attempts(session.paymentIntentId)).toBe(1);
  });

  it('refuses a forged token with a true message, nothing sent', async () => {
    const t = plainSetup();
    const session = await newSession(t);
    const res = await t.post(`/pay/${session.id}`, {
      token: '1.0.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      ...payer(number('approved_after_delay').national),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<p class="notice" role="alert">');
    expect(tokenOf(html)).not.toBe('');
    expect(confirms(t)).toHaveLength(0);
  });

  it('asks, calmly, to check the hosted page’s own form (no token, no amount shown): nothing sent', async () => {
    const t = plainSetup();
    const session = await newSession(t);
    const { lang: _, ...fields } = payer(number('approved_after_delay').national);
    const res = await t.post(`/pay/${session.id}`, fields, { Origin: 'null', 'Accept-Language': 'fr' });
    const html = await res.text();
    expect(html).toContain('<p class="info" role="status">Vérifiez le montant');
    expect(html).not.toContain('role="alert"');
    expect(confirms(t)).toHaveLength(0);
  });
});
