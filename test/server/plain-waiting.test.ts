// @vitest-environment node
// The plain waiting page (src/server/plain-waiting.ts), as the JS waiting screen now is: the number
// in full as this browser typed it (issue 30), the rescue when the push never comes (issue 31 item 4:
// the wallet's menu code after its wait, then a clean new request) and, for Wave's app link in a chat
// app's browser, what works there (item 6) — in every language of the table.
import { describe, expect, it } from 'vitest';
import { LANGS, translator } from '../../src/i18n';
import { RESCUE_AFTER_MS } from '../../src/methods/momo/rescue';
import { IN_APP_MESSAGES } from '../../src/methods/momo/steps/open_wallet.in-app';
import { testNumber as number } from '../browser/support/harness';
import { PENDING_TIMEOUT_MS, TOKEN } from '../sandbox/helpers';
import { payer, plainSetup, tokenOf } from './plain-setup';

type Setup = ReturnType<typeof plainSetup>;

/** Pays from the plain form with the test number of `outcome`; the status page's path and the cookie it was given. */
async function pay(t: Setup, country: string, wallet: string, outcome: Parameters<typeof number>[0], currency = 'xaf') {
  const intent = await t.newIntent(5000, currency);
  const id = intent.intent_id;
  const token = tokenOf(await (await t.get(`/pay/${id}?plain=1`)).text());
  const phone = number(outcome, country, wallet).national;
  const res = await t.post(`/pay/${id}`, { token, ...payer(phone), country, operator: `${country}:${wallet}` });
  expect(res.status).toBe(303);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
  return { id, phone, cookie };
}

/** The status page's body (what is in <main>: the stylesheet has braces of its own). */
const status = async (t: Setup, id: string, lang: string, headers: Record<string, string> = {}) =>
  (await (await t.get(`/pay/${id}/status?lang=${lang}`, headers)).text()).split('<main>')[1] ?? '';

describe('the waiting page › the number the payer typed', () => {
  it('is kept by this browser alone: a cookie of the payment’s pages, out of scripts’ reach', async () => {
    const t = plainSetup();
    const intent = await t.newIntent(5000, 'xaf');
    const token = tokenOf(await (await t.get(`/pay/${intent.intent_id}?plain=1`)).text());
    const res = await t.post(`/pay/${intent.intent_id}`, { token, ...payer(number('never_approved').national) });
    const cookie = res.headers.get('set-cookie') ?? '';
    // Posted over plain http here, without a public address: no `Secure`, which such a browser would
    // drop (where the page is https, it is: test/server/plain-cookie.test.ts).
    expect(cookie).toMatch(new RegExp(`; Path=/pay/${intent.intent_id}; Max-Age=\\d+; HttpOnly; SameSite=Strict$`));
    expect(res.headers.get('location')).not.toMatch(/\d{4}/);
  });

  it.each(LANGS)('is shown in full on its own waiting page (%s), masked anywhere else', async (lang) => {
    const t = plainSetup();
    const { id, phone, cookie } = await pay(t, 'cg', 'mtn', 'never_approved');
    expect(phone).toBe('06 123 4592');
    const own = await status(t, id, lang, { Cookie: cookie });
    // In full, on one line in its sentence: no-break spaces.
    expect(own).toContain('06\u00a0123\u00a04592');
    expect(own).not.toContain('•');
    // Another browser (no cookie): the service's masked read, as before.
    const other = await status(t, id, lang);
    expect(other).not.toMatch(/06\s123\s4592/);
    expect(other).toMatch(/••\s•••\s45\s92/);
  });

  it('is not shown for an attempt it did not start, nor with other last digits', async () => {
    const t = plainSetup();
    const { id, cookie } = await pay(t, 'cg', 'mtn', 'never_approved');
    const forged = cookie.replace(/4592$/, '4593');
    expect(await status(t, id, 'fr', { Cookie: forged })).not.toContain('4593');
    const older = cookie.replace(/=1%7C/, '=0%7C');
    expect(await status(t, id, 'fr', { Cookie: older })).not.toMatch(/06\s123\s4592/);
  });
});

describe('the waiting page › the push that never comes (number ending 96)', () => {
  it('after the wallet’s wait, the menu code to tap (MTN Cameroon, *126#), then a clean new request', async () => {
    const t = plainSetup();
    const { id, cookie } = await pay(t, 'cm', 'mtn', 'prompt_lost');
    const before = await status(t, id, 'fr', { Cookie: cookie });
    expect(before).not.toContain('Toujours pas de demande');
    expect(before).toContain('<a href="tel:*126%23" dir="ltr">*126#</a>');
    t.clock.advance(RESCUE_AFTER_MS);
    const rescue = await status(t, id, 'fr', { Cookie: cookie });
    expect(rescue).toContain('<strong>Toujours pas de demande sur votre téléphone ?</strong>');
    expect(rescue).toContain('<a href="tel:*126%23">composer le \u2066*126#\u2069</a>');
    expect(rescue).toMatch(/Temps restant pour valider : \d+:\d\d/);
    // The request ends unanswered: the failed page offers a new one to the number typed, on a form filled with it.
    t.clock.advance(PENDING_TIMEOUT_MS);
    const failed = await status(t, id, 'fr', { Cookie: cookie });
    const resend = /<a class="btn" href="([^"]+)">([^<]+)<\/a>/.exec(failed);
    // The number on one line in its button: no-break spaces.
    expect(resend?.[2]).toBe(translator('fr')('failed.resend', { phone: '6\u00a071\u00a023\u00a045\u00a096' }));
    const form = await (await t.get((resend?.[1] ?? '').replace(/&amp;/g, '&'), { Cookie: cookie })).text();
    expect(form).toContain('value="6 71 23 45 96"');
    expect(form).toContain('<option value="cm" selected>');
    expect(form).toContain('<option value="cm:mtn" selected>');
    // Sent: a second attempt, approved from the wallet's menu — paid once.
    const again = await t.post(`/pay/${id}`, {
      ...payer('6 71 23 45 96'),
      country: 'cm',
      operator: 'cm:mtn',
      token: tokenOf(form),
    });
    expect(again.status).toBe(303);
    expect(await t.attempts(id)).toBe(2);
    await t.call('POST', `/v1/_sandbox/menu/${id}`, { token: TOKEN });
    t.clock.advance(10_000);
    const read = await t.readIntent(id);
    expect(read.status).toBe('succeeded');
    expect(read.event.charges.filter((c) => c.status === 'succeeded')).toHaveLength(1);
  });

  it.each(LANGS)('is said in %s, Flooz Togo’s *155# a link', async (lang) => {
    const t = plainSetup();
    const { id, cookie } = await pay(t, 'tg', 'moov', 'prompt_lost', 'xof');
    t.clock.advance(RESCUE_AFTER_MS);
    const html = await status(t, id, lang, { Cookie: cookie });
    const say = translator(lang);
    const esc = (text: string) => text.replace(/'/g, '&#39;');
    expect(html).toContain(`<strong>${esc(say('rescue.title'))}</strong>`);
    expect(html).toContain(`<a href="tel:*155%23">${esc(say('rescue.dialLink', { ussd: '\u2066*155#\u2069' }))}</a>`);
    expect(html).toContain(esc(say('rescue.resendLater')));
    expect(html).not.toContain('{');
  });

  it('a wallet without a sourced code: its menu in words (MTN Congo); a step’s wallet: no rescue', async () => {
    const t = plainSetup();
    const congo = await pay(t, 'cg', 'mtn', 'prompt_lost');
    t.clock.advance(RESCUE_AFTER_MS);
    const html = await status(t, congo.id, 'fr', { Cookie: congo.cookie });
    expect(html).toContain(translator('fr')('rescue.menu', { wallet: 'MTN MoMo' }).replace(/'/g, '&#39;'));
    expect(html).not.toContain('href="tel:');
    const otp = await pay(t, 'sn', 'orange', 'prompt_lost', 'xof');
    t.clock.advance(RESCUE_AFTER_MS);
    expect(await status(t, otp.id, 'fr', { Cookie: otp.cookie })).not.toContain('Toujours pas de demande');
  });
});

describe('the waiting page › Wave’s app link in a chat app’s browser', () => {
  const WHATSAPP_ANDROID =
    'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36 [WA4A/2.24.14.79;]';
  const INSTAGRAM_IOS =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 337.0.3.23.54';

  it.each(LANGS)(
    'in WhatsApp on Android (%s): the QR code, the payment’s page to copy, Chrome’s intent link, the wallet’s link last',
    async (lang) => {
      const t = plainSetup();
      const { id } = await pay(t, 'sn', 'wave', 'never_approved', 'xof');
      const html = await status(t, id, lang, { 'User-Agent': WHATSAPP_ANDROID });
      const words = IN_APP_MESSAGES[lang];
      expect(html).toMatch(/<svg width="200" height="200" viewBox="0 0 \d+ \d+" role="img" aria-label="[^"]+"/);
      expect(html).toContain(
        `<textarea id="p-resume" readonly rows="3" dir="ltr">http://sandbox.test/pay/${id}/status?lang=${lang}</textarea>`,
      );
      expect(html).toMatch(
        /<a class="btn" href="intent:\/\/[^"]+#Intent;scheme=https?;package=com.android.chrome;end">/,
      );
      expect(html).toContain(words.byHand.replace(/'/g, '&#39;'));
      expect(html.indexOf('intent://')).toBeLessThan(html.lastIndexOf('rel="noreferrer"'));
      expect(html).not.toContain('{');
    },
  );

  it('in Instagram on iOS: its menu to Safari, no intent link; in a browser of its own: the one big link, as before', async () => {
    const t = plainSetup();
    const { id } = await pay(t, 'sn', 'wave', 'never_approved', 'xof');
    const ios = await status(t, id, 'en', { 'User-Agent': INSTAGRAM_IOS });
    expect(ios).toContain('Or tap ⋯ in Instagram, then “Open in Safari”.');
    expect(ios).not.toContain('intent://');
    const own = await status(t, id, 'en', { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile' });
    expect(own).not.toContain('<svg');
    expect(own).not.toContain('textarea');
    expect(own).toMatch(/<a class="btn" href="https?:[^"]+" rel="noreferrer">/);
  });
});
