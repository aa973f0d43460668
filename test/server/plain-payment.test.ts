// @vitest-environment node
// A payment without JavaScript, the server's side (src/server/plain-payment.ts, form-token.ts): the
// form's token, the checks before a confirm, one confirm per form, the secret kept out of every
// address and page, the status page and the code step. The sandbox in process, on a fake clock.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n';
import { TEXTS } from '../../src/i18n/catalogues';
import { createFormTokens, FORM_TOKEN_TTL_MS } from '../../src/server/form-token';
import { plainPaymentApi, plainPaymentHandler } from '../../src/server/plain-payment';
import { testNumber as number } from '../browser/support/harness';
import { APPROVAL_MS, BASE } from '../sandbox/helpers';
import { payer, plainSetup, tokenOf } from './plain-setup';

describe('form tokens', () => {
  it('hold for their page and attempts only, and expire', () => {
    let time = 1_000_000;
    const tokens = createFormTokens({ now: () => time });
    const token = tokens.issue('pi_abc', 2);
    expect(tokens.verify('pi_abc', token)).toEqual({ ok: true, attempts: 2 });
    expect(tokens.verify('pi_abd', token)).toEqual({ ok: false, reason: 'invalid' });
    expect(tokens.verify('pi_abc', token.replace(/\.2\./, '.3.'))).toEqual({ ok: false, reason: 'invalid' });
    expect(tokens.verify('pi_abc', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(tokens.verify('pi_abc', '')).toEqual({ ok: false, reason: 'invalid' });
    // Another server's key (a restart) knows none of them.
    expect(createFormTokens().verify('pi_abc', token)).toEqual({ ok: false, reason: 'invalid' });
    time += FORM_TOKEN_TTL_MS + 1;
    expect(tokens.verify('pi_abc', token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('give one Idempotency-Key per form and purpose, which reveals nothing of the token', () => {
    const tokens = createFormTokens();
    const [a, b] = [tokens.issue('pi_abc', 0), tokens.issue('pi_abc', 0)];
    expect(a).not.toBe(b);
    expect(tokens.idempotencyKey(a!, 'confirm')).toBe(tokens.idempotencyKey(a!, 'confirm'));
    expect(tokens.idempotencyKey(a!, 'confirm')).not.toBe(tokens.idempotencyKey(b!, 'confirm'));
    expect(tokens.idempotencyKey(a!, 'confirm')).not.toBe(tokens.idempotencyKey(a!, 'otp ch_1 123456'));
    expect(tokens.idempotencyKey(a!, 'confirm')).toMatch(/^nojs_[A-Za-z0-9_-]{43}$/);
  });
});

describe('the plain payment', () => {
  it('confirms once per form, with the secret in the body only, and never in a page', async () => {
    const t = plainSetup();
    const intent = await t.newIntent(5000);
    const form = await t.get(`/pay/${intent.intent_id}?plain=1`);
    expect(form.status).toBe(200);
    expect(form.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; img-src 'none'; form-action 'self'/,
    );
    const html = await form.text();
    expect(html).not.toContain(intent.client_secret);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`action="/pay/${intent.intent_id}"`);
    const token = tokenOf(html);

    const first = await t.post(`/pay/${intent.intent_id}`, {
      token,
      ...payer(number('approved_after_delay').national),
    });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/pay/${intent.intent_id}/status?lang=fr`);
    // The same form again: no second confirm.
    const again = await t.post(`/pay/${intent.intent_id}`, {
      token,
      ...payer(number('approved_after_delay').national),
    });
    expect(again.headers.get('location')).toBe(`/pay/${intent.intent_id}/status?lang=fr`);
    const confirms = t.sent.filter((r) => r.url.endsWith('/confirm'));
    expect(confirms).toHaveLength(1);
    expect(confirms[0]!.body).toContain(intent.client_secret);
    expect(confirms[0]!.headers.get('idempotency-key')).toMatch(/^nojs_/);
    expect(t.sent.every((r) => !r.url.includes(intent.client_secret))).toBe(true);
    expect(await t.attempts(intent.intent_id)).toBe(1);

    const pending = await t.get(`/pay/${intent.intent_id}/status?lang=fr`);
    const pendingHtml = await pending.text();
    expect(pendingHtml).toContain('<meta http-equiv="refresh" content="3">');
    expect(pendingHtml).not.toContain(intent.client_secret);
    t.clock.advance(APPROVAL_MS);
    const paid = await (await t.get(`/pay/${intent.intent_id}/status?lang=fr`)).text();
    expect(paid).toContain('Paiement réussi');
    expect(paid).not.toContain('http-equiv="refresh"');
  });

  it('confirms once when the same form arrives twice at the same moment (a double click)', async () => {
    const t = plainSetup();
    const intent = await t.newIntent();
    const token = tokenOf(await (await t.get(`/pay/${intent.intent_id}?plain=1`)).text());
    const form = { token, ...payer(number('approved_after_delay').national) };
    const answers = await Promise.all([
      t.post(`/pay/${intent.intent_id}`, form),
      t.post(`/pay/${intent.intent_id}`, form),
    ]);
    expect(answers.map((res) => res.status)).toEqual([303, 303]);
    expect(await t.attempts(intent.intent_id)).toBe(1);
  });

  it('gives the form back with its messages when a field is wrong, nothing sent', async () => {
    const t = plainSetup();
    const intent = await t.newIntent();
    const token = tokenOf(await (await t.get(`/pay/${intent.intent_id}?plain=1`)).text());
    const res = await t.post(`/pay/${intent.intent_id}`, {
      token,
      ...payer('06 12'),
      email: 'not-an-address',
      lang: 'en',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('This number is too short.');
    expect(html).toContain('Enter a valid e-mail address, like name@example.com.');
    expect(html).toContain('value="Élodie"');
    expect(t.sent.filter((r) => r.url.endsWith('/confirm'))).toHaveLength(0);
  });

  it("takes the hosted page's own form, posted without its script, back as the plain form with the amount: nothing sent", async () => {
    const t = plainSetup();
    const intent = await t.newIntent();
    // The prerendered form's fields (their names, the wallet as the chosen country's), no token and
    // no lang; its page sends no referrer, so the browser says its origin is null.
    const hosted = { ...payer(number('approved_after_delay').national), operator: 'mtn' };
    const { lang: _, ...fields } = hosted;
    for (const headers of [
      // Today's browsers: Sec-Fetch-Site says this server.
      { Origin: 'null', 'Accept-Language': 'fr-FR' },
      // One too old to send it (KaiOS 3's Gecko).
      { Origin: 'null', 'Sec-Fetch-Site': undefined, 'Accept-Language': 'fr-FR' },
      // One older still, which sends no Origin either.
      { Origin: undefined, 'Sec-Fetch-Site': undefined, 'Accept-Language': 'fr-FR' },
    ]) {
      const res = await t.post(`/pay/${intent.intent_id}`, fields, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      const html = await res.text();
      expect(html).toContain(
        '<p class="info" role="status">Vérifiez le montant et vos informations, puis appuyez sur Payer : rien n’a encore été envoyé.</p>',
      );
      expect(html).toMatch(/<strong class="amount">5\s000\sFCFA<\/strong> à payer/);
      expect(html).toContain('<option value="cg:mtn" selected>');
      expect(tokenOf(html)).not.toBe('');
    }
    // The ?lang= of the page it was posted from.
    const english = await t.post(`/pay/${intent.intent_id}?lang=en`, fields, { Origin: 'null' });
    expect(await english.text()).toContain('Check the amount and your details');
    // A null origin with a token (not the page's own form), or a code's: refused.
    const token = tokenOf(await (await t.get(`/pay/${intent.intent_id}?plain=1`)).text());
    expect(
      (await t.post(`/pay/${intent.intent_id}`, { ...hosted, token }, { Origin: 'null', 'Sec-Fetch-Site': undefined }))
        .status,
    ).toBe(403);
    expect(
      (
        await t.post(
          `/pay/${intent.intent_id}/answer`,
          { code: '123456' },
          { Origin: 'null', 'Sec-Fetch-Site': undefined },
        )
      ).status,
    ).toBe(403);
    expect(await t.attempts(intent.intent_id)).toBe(0);
  });

  it('refuses posts from another site, whatever their token', async () => {
    const t = plainSetup();
    const intent = await t.newIntent();
    const token = tokenOf(await (await t.get(`/pay/${intent.intent_id}?plain=1`)).text());
    const form = { token, ...payer(number('approved_after_delay').national) };
    expect((await t.post(`/pay/${intent.intent_id}`, form, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await t.post(`/pay/${intent.intent_id}`, form, { 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    expect((await t.post(`/pay/${intent.intent_id}`, form, { Origin: 'https://evil.example' })).status).toBe(403);
    // null from a browser that does not say the site (a sandboxed frame of another site, an old
    // browser): refused when the form carries a token (the page's own form carries none, above).
    expect(
      (await t.post(`/pay/${intent.intent_id}`, form, { Origin: 'null', 'Sec-Fetch-Site': undefined })).status,
    ).toBe(403);
    expect(
      (await t.post(`/pay/${intent.intent_id}`, form, { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' })).status,
    ).toBe(403);
    expect((await t.post(`/pay/${intent.intent_id}`, form, { 'Content-Type': 'text/plain' })).status).toBe(403);
    // A body larger than any form of ours, even without a Content-Length (streamed).
    const huge = new ReadableStream({
      start: (c) => {
        c.enqueue(new TextEncoder().encode(`token=${'x'.repeat(9000)}`));
        c.close();
      },
    });
    const streamed = new Request(`${BASE}/pay/${intent.intent_id}`, {
      method: 'POST',
      body: huge,
      duplex: 'half',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE },
    } as RequestInit);
    expect((await plainPaymentHandler({ api: plainPaymentApi(t.sandbox) })(streamed)).status).toBe(403);
    expect(await t.attempts(intent.intent_id)).toBe(0);
  });

  it('never starts an attempt from a form shown before the last one, even after it failed', async () => {
    const t = plainSetup();
    const intent = await t.newIntent();
    const token = tokenOf(await (await t.get(`/pay/${intent.intent_id}?plain=1`)).text());
    await t.post(`/pay/${intent.intent_id}`, { token, ...payer(number('declined').national) });
    t.clock.advance(APPROVAL_MS);
    const failed = await (await t.get(`/pay/${intent.intent_id}/status?lang=en`)).text();
    expect(failed).toContain('The payment was declined on your phone.');
    expect(failed).toContain(`href="/pay/${intent.intent_id}?plain=1&amp;lang=en"`);
    // The old form, sent again (Back, then Pay): the status page, no new attempt.
    const stale = await t.post(`/pay/${intent.intent_id}`, {
      token,
      ...payer(number('approved_after_delay').national),
    });
    expect(stale.headers.get('location')).toMatch(/\/status\?lang=fr$/);
    expect(await t.attempts(intent.intent_id)).toBe(1);
    // A new form starts the second.
    const fresh = tokenOf(await (await t.get(`/pay/${intent.intent_id}?plain=1`)).text());
    await t.post(`/pay/${intent.intent_id}`, { token: fresh, ...payer(number('approved_after_delay').national) });
    expect(await t.attempts(intent.intent_id)).toBe(2);
  });

  it('takes a one-time code by a form (no refresh while it is typed)', async () => {
    const t = plainSetup();
    const intent = await t.newIntent(5000, 'xof');
    const token = tokenOf(await (await t.get(`/pay/${intent.intent_id}?plain=1`)).text());
    const orange = number('approved_after_delay', 'sn', 'orange');
    await t.post(`/pay/${intent.intent_id}`, {
      token,
      ...payer(orange.national),
      country: 'sn',
      operator: 'sn:orange',
    });
    const step = await (await t.get(`/pay/${intent.intent_id}/status?lang=fr`)).text();
    expect(step).toContain('name="code"');
    expect(step).not.toContain('http-equiv="refresh"');
    const codeToken = tokenOf(step);
    const short = await t.post(`/pay/${intent.intent_id}/answer`, { token: codeToken, code: '12', lang: 'fr' });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('Saisissez les 6 chiffres du code.');
    const sent = await t.post(`/pay/${intent.intent_id}/answer`, { token: codeToken, code: '123456', lang: 'fr' });
    expect(sent.status).toBe(303);
    expect(t.sent.filter((r) => r.url.endsWith('/otp'))).toHaveLength(1);
    t.clock.advance(APPROVAL_MS);
    expect(await (await t.get(`/pay/${intent.intent_id}/status?lang=fr`)).text()).toContain('Paiement réussi');
  });

  it.each([
    ['the launch address as a link', null],
    [
      'a `javascript:` launch address: approve in the app, without the link (never the push)',
      'javascript:alert(document.domain)',
    ],
  ])('the wallet’s app: %s', async (_, hostile) => {
    const t = plainSetup(async (request, response) => {
      if (
        !hostile ||
        request.method !== 'GET' ||
        !/\/v1\/payment-intents\/pi_[^/]+$/.test(new URL(request.url).pathname)
      )
        return response;
      const body = (await response.json()) as { next_action?: { open_wallet?: { url: string } } | null };
      if (body.next_action?.open_wallet) body.next_action.open_wallet.url = hostile;
      return Response.json(body, { status: response.status });
    });
    const intent = await t.newIntent(5000, 'xof');
    const token = tokenOf(await (await t.get(`/pay/${intent.intent_id}?plain=1`)).text());
    const wave = number('approved_after_delay', 'sn', 'wave');
    await t.post(`/pay/${intent.intent_id}`, { token, ...payer(wave.national), country: 'sn', operator: 'sn:wave' });
    const page = await (await t.get(`/pay/${intent.intent_id}/status?lang=en`)).text();
    if (hostile) {
      expect(page).not.toContain('javascript:');
      expect(page).not.toContain('/v1/_sandbox/wallet/');
      expect(page).toContain('Approve the payment in Wave');
      expect(page).toMatch(
        /Open the Wave app on your phone and approve the payment of F\sCFA\s5,000 there, then come back to this page\./,
      );
      expect(page).not.toMatch(/PIN/);
      expect(page).toContain('http-equiv="refresh"');
    } else {
      expect(page).toContain('Approve the payment in Wave');
      expect(page).toMatch(/<a class="btn" href="http:\/\/[^"]+\/v1\/_sandbox\/wallet\/pi_/);
    }
  });

  it('is where the hosted page whose script cannot start sends the payer: what happened, the form, the way back to the page', async () => {
    const t = plainSetup();
    const intent = await t.newIntent(5000);
    const res = await t.get(`/pay/${intent.intent_id}?plain=1&stuck=1&lang=en`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(
      '<p class="notice" role="alert">The payment page could not open in this browser: pay with this simple form.</p>',
    );
    // A form, not a link: it gets this address with its query changed, its fragment (where a tab
    // without storage keeps the secret: index.html's momoStuck) kept, as a link's address would not.
    expect(html).toContain(
      '<form method="get"><input type="hidden" name="lang" value="en"><button class="link">Try the full payment page again</button></form>',
    );
    expect(html).toMatch(/<strong class="amount">FCFA\s5,000<\/strong> to pay/);
    expect(tokenOf(html)).not.toBe('');
    // Without ?stuck, no such notice.
    expect(await (await t.get(`/pay/${intent.intent_id}?plain=1&lang=en`)).text()).not.toContain('could not open');
  });

  it("speaks the payer's language, Arabic, Spanish and Portuguese too, from ?lang= or Accept-Language", async () => {
    const t = plainSetup();
    const intent = await t.newIntent(5000);
    const arabic = await (await t.get(`/pay/${intent.intent_id}?plain=1&stuck=1&lang=ar`)).text();
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('<h1>الدفع عبر الهاتف المحمول</h1>');
    expect(arabic).toContain('تعذّر فتح صفحة الدفع في هذا المتصفح');
    expect(arabic).toContain(`<option value="td">تشاد</option>`);
    const spanish = await (
      await t.get(`/pay/${intent.intent_id}?plain=1`, { 'Accept-Language': 'es-GQ,fr;q=0.5' })
    ).text();
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('<input type="hidden" name="lang" value="es">');
    expect(spanish).toContain('Pagar FCFA');
    // Every other language a link away, each named in itself.
    expect(spanish).toContain(`<a href="/pay/${intent.intent_id}?plain=1&amp;lang=pt" lang="pt">Português</a>`);
    expect(spanish).not.toContain('lang="es">Español</a>');
    // A form posted in Portuguese comes back in Portuguese.
    const wrong = await t.post(`/pay/${intent.intent_id}`, { token: tokenOf(spanish), ...payer('06 12'), lang: 'pt' });
    expect(await wrong.text()).toContain('<html lang="pt">');
  });

  it('speaks every language of the table, in its direction, each other one a link away', async () => {
    const t = plainSetup();
    const intent = await t.newIntent(5000);
    for (const { code, dir } of LANGUAGES) {
      const html = await (await t.get(`/pay/${intent.intent_id}?plain=1&lang=${code}`)).text();
      expect(html, code).toContain(`<html lang="${code}"${dir === 'rtl' ? ' dir="rtl"' : ''}>`);
      expect(html, code).toContain(`<h1>${TEXTS[code].messages['form.heading']}</h1>`);
      for (const other of LANGUAGES.filter((language) => language.code !== code))
        expect(html, code).toContain(
          `<a href="/pay/${intent.intent_id}?plain=1&amp;lang=${other.code}" lang="${other.code}">${other.name}</a>`,
        );
    }
  });

  it('says so for a page id the service does not know', async () => {
    const t = plainSetup();
    const res = await t.get('/pay/pi_doesnotexist?plain=1', { 'Accept-Language': 'en' });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('This payment could not be found.');
  });
});
