// @vitest-environment node
// The plain form says a wallet's health before the payer chooses (src/server/plain-health.ts), from
// the intent it already reads: each notice tied to the wallet's choice, in every language; a down
// wallet still pays when chosen (a report may be stale, only the service refuses), but is never
// chosen from the number, as on the page; a bare service says nothing.
import { describe, expect, it } from 'vitest';
import { countryName, LANGS, translator } from '../../src/i18n';
import { testNumber as number } from '../browser/support/harness';
import { BASE } from '../sandbox/helpers';
import { payer, plainSetup, tokenOf } from './plain-setup';

const body = async (res: Response) => (await res.text()).split('<main>')[1] ?? '';
const esc = (text: string) => text.replace(/'/g, '&#39;');

describe('the plain form › wallets’ health', () => {
  it.each(LANGS)('says a slow and a down wallet before the choice, which they describe (%s)', async (lang) => {
    const t = plainSetup(undefined, { faults: true });
    const faults = t.sandbox.faults;
    if (!faults) throw new Error('faults should be on');
    faults.wallets.put({ country: 'cm', operator_name: 'mtn', status: 'down', delay_seconds: null });
    faults.wallets.put({ country: 'cg', operator_name: 'airtel', status: 'slow', delay_seconds: 300 });
    const intent = await t.newIntent(5000, 'xaf');
    const html = await body(await t.get(`/pay/${intent.intent_id}?plain=1&lang=${lang}`));
    const t_ = translator(lang);
    const where = (code: string) => countryName(code, lang);
    expect(html).toContain(
      `<p class="info" id="h-cm-mtn">${esc(t_('form.walletDown', { wallet: `MTN MoMo (${where('cm')})` }))}</p>`,
    );
    expect(html).toContain(
      `<p class="info" id="h-cg-airtel">${esc(t_('form.walletSlow', { wallet: `Airtel Money (${where('cg')})`, minutes: 5 }))}</p>`,
    );
    expect(html).toMatch(/<select id="p-operator" name="operator" aria-describedby="h-cg-airtel h-cm-mtn">/);
    // Still a choice.
    expect(html).toContain('<option value="cm:mtn">MTN MoMo</option>');
    expect(html).not.toContain('{');
  });

  it('never refuses a payment for a report: the down wallet chosen, the service asked', async () => {
    const t = plainSetup(undefined, { faults: true });
    t.sandbox.faults?.wallets.put({ country: 'cg', operator_name: 'mtn', status: 'down', delay_seconds: null });
    const intent = await t.newIntent(5000, 'xaf');
    const token = tokenOf(await (await t.get(`/pay/${intent.intent_id}?plain=1`)).text());
    const res = await t.post(`/pay/${intent.intent_id}`, {
      token,
      ...payer(number('approved_at_once').national),
      operator: 'cg:mtn',
    });
    expect(res.status).toBe(303);
    expect(await t.attempts(intent.intent_id)).toBe(1);
  });

  it.each(LANGS)(
    'never chooses a down wallet from the number (%s): nothing sent, the form back as typed, asking for another',
    async (lang) => {
      const t = plainSetup(undefined, { faults: true });
      // Set down as a tester would, through the sandbox's HTTP control (docs/sandbox.md, "Fault injection").
      const set = await t.sandbox.fetch(
        new Request(`${BASE}/v1/_sandbox/faults/wallets`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ country: 'cg', operator_name: 'mtn', status: 'down' }),
        }),
      );
      expect(set.status).toBe(201);
      const intent = await t.newIntent(5000, 'xaf');
      const token = tokenOf(await (await t.get(`/pay/${intent.intent_id}?plain=1&lang=${lang}`)).text());
      const phone = number('approved_at_once').national; // an MTN number: "from my number" would pick MTN
      const res = await t.post(`/pay/${intent.intent_id}`, { token, ...payer(phone), operator: '', lang });
      expect(res.status).toBe(400);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(t.sent.some((r) => r.url.endsWith('/confirm'))).toBe(false);
      expect(await t.attempts(intent.intent_id)).toBe(0);
      const page = await res.text();
      const html = page.split('<main>')[1] ?? '';
      const t_ = translator(lang);
      const down = esc(t_('form.walletDown', { wallet: `MTN MoMo (${countryName('cg', lang)})` }));
      // Said at the top (the page opens there), by the wallet's notice, and at the choice, which both describe.
      expect(html).toContain(`<p class="notice" role="alert">${down}</p>`);
      expect(html).toContain(`<p class="info" id="h-cg-mtn">${down}</p>`);
      expect(html).toContain(`<p class="err" id="e-operator">${esc(t_('error.operator.empty'))}</p>`);
      expect(html).toMatch(
        /<select id="p-operator" name="operator" aria-invalid="true" aria-describedby="e-operator h-cg-mtn">/,
      );
      // The payer's values kept: the number, the names, "from my number" still the choice; MTN still one.
      expect(html).toContain(`value="${phone}"`);
      expect(html).toContain('value="Élodie"');
      expect(html).toMatch(/<option value="" selected>/);
      expect(html).toContain('<option value="cg:mtn">MTN MoMo</option>');
      expect(html).not.toContain('{');

      // Another wallet chosen on the form given back: it pays, once.
      const again = tokenOf(page);
      const airtel = number('approved_at_once', 'cg', 'airtel').national;
      const paid = await t.post(`/pay/${intent.intent_id}`, {
        token: again,
        ...payer(airtel),
        operator: 'cg:airtel',
        lang,
      });
      expect(paid.status).toBe(303);
      expect(await t.attempts(intent.intent_id)).toBe(1);
    },
  );

  it('keeps the notices describing the wallet choice when the choice is refused, beside its error', async () => {
    const t = plainSetup(undefined, { faults: true });
    t.sandbox.faults?.wallets.put({ country: 'cg', operator_name: 'airtel', status: 'slow', delay_seconds: 300 });
    const intent = await t.newIntent(5000, 'xaf');
    const token = tokenOf(await (await t.get(`/pay/${intent.intent_id}?plain=1`)).text());
    const res = await t.post(`/pay/${intent.intent_id}`, {
      token,
      ...payer(number('approved_at_once').national),
      operator: 'cg:nowallet',
    });
    const html = await body(res);
    expect(html).toMatch(
      /<select id="p-operator" name="operator" aria-invalid="true" aria-describedby="e-operator h-cg-airtel">/,
    );
    expect(await t.attempts(intent.intent_id)).toBe(0);
  });

  it('says nothing when every wallet is up, nor against a bare service (no `availability`)', async () => {
    for (const [t, said] of [
      [plainSetup(), []],
      [plainSetup(undefined, { extensions: false }), undefined],
    ] as const) {
      const intent = await t.newIntent(5000, 'xaf');
      expect((await t.readIntent(intent.intent_id)).availability).toEqual(said);
      const html = await body(await t.get(`/pay/${intent.intent_id}?plain=1`));
      expect(html).toContain('<select id="p-operator" name="operator">');
      expect(html).not.toContain('class="info"');
    }
  });
});
