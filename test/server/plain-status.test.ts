// @vitest-environment node
// The plain payment's status page (src/server/plain-status.ts) and the steps' HTML in it
// (src/methods/momo/steps/*.page.ts): every code a payer is told to dial is a link their phone's
// dialler opens — `#` written %23, as phones need, or the dialler stops there — on the push's page
// ("no prompt? dial *126#"), the code step's intro and its wrong code's message, in every direction.
import { describe, expect, it } from 'vitest';
import { testNumber as number } from '../browser/support/harness';
import { APPROVAL_MS } from '../sandbox/helpers';
import { payer, plainSetup, tokenOf } from './plain-setup';

/** A payment of `currency` confirmed from the plain form with `wallet` of `country`: its status page's path. */
async function paidWith(t: ReturnType<typeof plainSetup>, currency: string, country: string, wallet: string) {
  const intent = await t.newIntent(5000, currency);
  const token = tokenOf(await (await t.get(`/pay/${intent.intent_id}?plain=1`)).text());
  const phone = number('approved_after_delay', country, wallet).national;
  const res = await t.post(`/pay/${intent.intent_id}`, {
    token,
    ...payer(phone),
    country,
    operator: `${country}:${wallet}`,
  });
  expect(res.status).toBe(303);
  return intent.intent_id;
}

const links = (html: string) =>
  [...html.matchAll(/<a href="(tel:[^"]*)" dir="ltr">([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);

describe('the status page › codes to dial are tap-to-dial links', () => {
  it('on the push’s page: the wallet’s menu code, "*126#"', async () => {
    const t = plainSetup();
    const id = await paidWith(t, 'xaf', 'cm', 'mtn');
    const html = await (await t.get(`/pay/${id}/status?lang=fr`)).text();
    expect(html).toContain('<h1>Validez le paiement sur votre téléphone</h1>');
    expect(html).toContain(
      '<p>Pas de message ? Composez le <a href="tel:*126%23" dir="ltr">*126#</a> sur votre téléphone',
    );
    expect(links(html)).toEqual([['tel:*126%23', '*126#']]);
  });

  it.each(['fr', 'ar'] as const)(
    'on the code step (%s): its intro and a wrong code’s message, "#144#391#"',
    async (lang) => {
      const t = plainSetup();
      const id = await paidWith(t, 'xof', 'sn', 'orange');
      const step = await (await t.get(`/pay/${id}/status?lang=${lang}`)).text();
      expect(step).toContain('name="code"');
      expect(links(step)).toEqual([['tel:%23144%23391%23', '#144#391#']]);
      // A wrong code: said, with the code to dial for a new one, a link as well.
      const wrong = await t.post(`/pay/${id}/answer`, { token: tokenOf(step), code: '000000', lang });
      expect(wrong.status).toBe(400);
      const html = await wrong.text();
      expect(html).toMatch(
        /<p class="err" id="e-code">[^<]*<a href="tel:%23144%23391%23" dir="ltr">#144#391#<\/a>[^<]*<\/p>/,
      );
      expect(links(html)).toHaveLength(2);
      expect(html).not.toContain('\u0000');
      // In Arabic the payer's number and the code stay left to right (isolated, as the page isolates them).
      if (lang === 'ar') expect(html).toMatch(/\u2066\+221\s••\s•••\s45\s00\u2069/);
    },
  );
});

describe('the status page › the receipt', () => {
  it('gives the short reference a person reads out (the intent’s), not the charge id', async () => {
    const t = plainSetup();
    const intent = await t.newIntent(5000, 'xaf');
    const token = tokenOf(await (await t.get(`/pay/${intent.intent_id}?plain=1`)).text());
    const res = await t.post(`/pay/${intent.intent_id}`, {
      token,
      ...payer(number('approved_at_once', 'cg', 'mtn').national),
      operator: 'cg:mtn',
    });
    expect(res.status).toBe(303);
    const html = await (await t.get(`/pay/${intent.intent_id}/status?lang=fr`)).text();
    const read = await t.readIntent(intent.intent_id);
    expect(read.reference).toMatch(/^[0-9A-Z]{3}-[0-9A-Z]{3}$/);
    expect(html).toContain(`<th scope="row">Référence</th><td><bdi>${read.reference}</bdi></td>`);
    expect(html).not.toContain(read.charge_id as string);
  });
});

describe('the status page › a lasting receipt link', () => {
  it('offers the payment’s receipt link while it waits and once paid', async () => {
    const t = plainSetup();
    const id = await paidWith(t, 'xaf', 'cg', 'mtn');
    const link = `<a href="/pay/${id}/receipt?lang=fr">Garder un lien vers ce reçu</a>`;
    expect(await (await t.get(`/pay/${id}/status?lang=fr`)).text()).toContain(link);
    t.clock.advance(APPROVAL_MS + 1);
    const paid = await (await t.get(`/pay/${id}/status?lang=fr`)).text();
    expect(paid).toContain('<h1>Paiement réussi</h1>');
    expect(paid).toContain(link);
  });
});
