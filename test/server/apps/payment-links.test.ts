// @vitest-environment node
// A payment link's public addresses on the hosted page's server (src/server/apps/payment-links.ts),
// over the sandbox in process on a fake clock: reading the page opens nothing; each press of Pay is
// a payment of the payer's own; an amount the payer chooses is checked within the link's bounds in
// their language; a link that takes no more payments says so, with a way on.
import { describe, expect, it } from 'vitest';
import { paymentLinkSchema } from '../../../src/api/schemas/payment-links';
import { typedAmount } from '../../../src/server/apps/payment-links';
import { APPROVAL_MS, confirmBody, testNumber } from '../../sandbox/helpers';
import { linkSetup } from '../link-setup';

const fixed = { amount: 2500, currency: 'xaf', description: 'Pagne wax, 6 yards' };

describe('GET /l/{id}', () => {
  it('shows the merchant, what is sold and the amount, and opens no payment (a preview fetcher reads it too)', async () => {
    const s = await linkSetup();
    const link = await s.create(fixed);
    const res = await s.page(`/l/${link.id}?lang=en`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Pay Chez Mami &quot;Aux &lt;Beignets&gt;&quot;');
    expect(html).toContain('Pay FCFA\u00a02,500');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src|default-src 'none'/);
    expect(html).not.toMatch(/<script/);
    await s.page(`/l/${link.id}`);
    expect(await s.intents()).toEqual([]);
  });

  it('says a link that does not exist does not, in the payer’s language', async () => {
    const s = await linkSetup();
    const res = await s.page('/l/plink_nothing?lang=pt');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Este link de pagamento não existe');
  });
});

describe('POST /l/{id}: Pay', () => {
  it('gives each press a payment of its own; two are two charges only if both are paid', async () => {
    const s = await linkSetup();
    const link = await s.create(fixed);
    const first = await s.press(link.id);
    const second = await s.press(link.id);
    expect(first.status).toBe(303);
    const [a, b] = [first, second].map((res) => res.headers.get('location') as string);
    expect(a).toMatch(/^https:\/\/pay\.example\/pay\/pi_[A-Za-z0-9]+\?lang=fr#pi_[A-Za-z0-9]+_secret_/);
    expect(a).not.toBe(b);
    expect(await s.intents()).toHaveLength(2);
    const [page, secret] = (a as string).split('#') as [string, string];
    const intentId = page.split('/pay/')[1]?.split('?')[0] as string;
    await s.call('POST', `/v1/payment-intents/${intentId}/confirm`, {
      token: null,
      body: confirmBody(secret, testNumber('approved_after_delay')),
    });
    s.clock.advance(APPROVAL_MS + 1000);
    const read = paymentLinkSchema.parse(await (await s.call('GET', `/v1/payment-links/${link.id}`)).json());
    expect(read.paymentsCount).toBe(1);
  });

  it('sends the payer to this server’s hosted page at its public address, whatever address the service gives', async () => {
    const s = await linkSetup(undefined, 'http://127.0.0.1:18100');
    const link = await s.create(fixed);
    const location = (await s.press(link.id, undefined, 'en')).headers.get('location') as string;
    expect(location).toMatch(/^https:\/\/pay\.example\/pay\/pi_[A-Za-z0-9]+\?lang=en#pi_[A-Za-z0-9]+_secret_/);
    const [only] = await s.intents();
    expect(location.split('?')[0]).toBe(`https://pay.example/pay/${only?.intent_id}`);
  });

  it('refuses a press from another site’s page (403, in the payer’s language), making no payment; its own page’s press pays', async () => {
    const s = await linkSetup();
    const link = await s.create(fixed);
    const from = (headers: Record<string, string>) =>
      s.page(`/l/${link.id}?lang=en`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: '',
      });
    const elsewhere: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of elsewhere) {
      const refused = await from(headers);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('This form was not sent from this payment page');
    }
    expect(await s.intents()).toEqual([]);
    const own = await from({ Origin: 'https://pay.example', 'Sec-Fetch-Site': 'same-origin' });
    expect(own.status).toBe(303);
    expect(await s.intents()).toHaveLength(1);
  });

  it('asks the amount first when the payer chooses it, and refuses one outside the bounds in their language', async () => {
    const s = await linkSetup();
    const link = await s.create({ amountMin: 1000, amountMax: 50000, currency: 'xof', description: 'Tontine' });
    const form = await (await s.page(`/l/${link.id}?lang=fr`)).text();
    expect(form).toMatch(/<input id="p-amount" name="amount" inputmode="numeric"/);
    expect(form).toContain('Montant à payer, de 1\u202f000\u00a0F\u202fCFA à 50\u202f000\u00a0F\u202fCFA');
    for (const [lang, typed, words] of [
      ['fr', '999', 'Saisissez un montant entier de'],
      ['en', '50 001', 'Enter a whole amount from'],
      ['es', '5,5', 'Introduzca un importe entero de'],
      ['ar', 'abc', 'أدخل مبلغًا صحيحًا من'],
    ] as const) {
      const refused = await s.press(link.id, { amount: typed }, lang);
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain(words);
      expect(html).toContain('aria-invalid="true"');
    }
    expect(await s.intents()).toEqual([]);
    const taken = await s.press(link.id, { amount: '12 500' });
    expect(taken.status).toBe(303);
    const [only] = await s.intents();
    expect((await s.readIntent(only?.intent_id as string)).amount).toBe(12500);
  });
  it('reads no more of a posted amount than a form can weigh: an endless body opens nothing and is not held', async () => {
    const s = await linkSetup();
    const link = await s.create({ amountMin: 1000, amountMax: 50000, currency: 'xof', description: 'Tontine' });
    const kilobyte = new TextEncoder().encode(`amount=${'1'.repeat(1017)}`);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 64 * 1024) controller.close();
        else controller.enqueue(kilobyte);
      },
    });
    const refused = await s.page(`/l/${link.id}?lang=fr`, {
      method: 'POST',
      body: endless,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      duplex: 'half',
    } as RequestInit);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Saisissez un montant entier de');
    expect(pulled).toBeLessThan(8);
    expect(await s.intents()).toEqual([]);
  });
});

describe('a link that takes no more payments', () => {
  it('says so once expired, with the seller’s contact as a way on, and Pay opens nothing', async () => {
    const s = await linkSetup({ name: 'Chez Mami', support_phone: '+242061234567' });
    const link = await s.create({ ...fixed, expiresAt: new Date(s.clock.now() + 60_000).toISOString() });
    s.clock.advance(60_000);
    const res = await s.page(`/l/${link.id}?lang=en`);
    expect(res.status).toBe(410);
    const html = await res.text();
    expect(html).toContain('This link is no longer accepting payments');
    expect(html).toContain('It expired on');
    expect(html).toContain('href="tel:+242061234567"');
    expect((await s.press(link.id)).status).toBe(410);
    expect(await s.intents()).toEqual([]);
  });

  it('says so once its limit is reached, and when its last place went between the page and the press', async () => {
    const s = await linkSetup();
    const link = await s.create({ ...fixed, maxPayments: 1 });
    const location = (await s.press(link.id)).headers.get('location') as string;
    const [page, secret] = location.split('#') as [string, string];
    const intentId = page.split('/pay/')[1]?.split('?')[0] as string;
    await s.call('POST', `/v1/payment-intents/${intentId}/confirm`, {
      token: null,
      body: confirmBody(secret, testNumber('approved_after_delay')),
    });
    s.clock.advance(APPROVAL_MS + 1000);
    const full = await s.page(`/l/${link.id}?lang=fr`);
    expect(full.status).toBe(410);
    const html = await full.text();
    expect(html).toContain('Ce lien n’accepte plus de paiements');
    expect(html).toContain('Demandez au vendeur un nouveau lien de paiement.');
    expect((await s.page(`/l/${link.id}/qr`)).status).toBe(410);
  });
});

describe('typedAmount', () => {
  it('reads whole francs as payers group them, and nothing with decimals', () => {
    expect(['5000', '5 000', '5.000', '5,000', '5\u202f000', '12 345 678'].map(typedAmount)).toEqual([
      5000, 5000, 5000, 5000, 5000, 12345678,
    ]);
    expect(['5,5', '-5', '1e3', '', '50 00'].map(typedAmount)).toEqual([null, null, null, null, null]);
  });
});
