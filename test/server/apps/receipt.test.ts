// @vitest-environment node
// A lasting receipt link's page (src/server/apps/receipt.ts, src/server/receipt-page.ts): each state
// of the payment as a payer reads it later, in a fresh browser; what it never shows; its headers;
// and the true 404 of a token that opens nothing, in the payer's language.
import { describe, expect, it } from 'vitest';
import { fr } from '../../../src/i18n/fr';
import { MAX_ATTEMPTS } from '../../../src/sandbox/intent-lifecycle';
import { LANGS } from '../../../src/i18n';
import { translator } from '../../../src/i18n';
import { createReceiptTokens } from '../../../src/server/receipt-token';
import { APPROVAL_MS, TOKEN, testNumber } from '../../sandbox/helpers';
import { receiptSetup } from '../receipt-setup';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
/** The demo shop's profile: a name and both of its contacts. */
const AWA = { name: 'Boutique Awa', support_email: 'aide@boutique-awa.example', support_phone: '+242061234567' };

describe('the receipt page', () => {
  it('shows a paid payment: payee, amount as payers read it, wallet, reference, date, status — and nothing of the payer', async () => {
    const t = receiptSetup();
    const intent = await t.newIntent(5000);
    const number = testNumber('approved_after_delay');
    expect((await t.confirm(intent, number)).status).toBe(200);
    t.clock.advance(APPROVAL_MS + 1);
    const paid = await t.readIntent(intent.intent_id);
    expect(paid.status).toBe('succeeded');
    const res = await t.get(t.receiptPath(intent.intent_id), { 'Accept-Language': 'fr-CG,fr;q=0.9' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<h1>Paiement réussi</h1>');
    const shown = text(html);
    expect(shown).toMatch(/Montant 5\s000\sFCFA/);
    expect(shown).toContain('Payé avec MTN MoMo');
    expect(shown).toContain(`Référence ${paid.reference ?? paid.charge_id}`);
    expect(shown).toContain('État Payé');
    expect(html).not.toMatch(/http-equiv="refresh"/);
    // Paid: nothing more to wait for, even on a page that was asked to follow.
    expect(await (await t.get(`${t.receiptPath(intent.intent_id)}?follow=1`)).text()).not.toMatch(
      /http-equiv="refresh"/,
    );
    // Nothing of the payer (number, names, e-mail), nor what opens the payment (its id, its secret).
    for (const secret of [
      number.msisdn,
      number.msisdn.slice(-4),
      'Mireille',
      'Nganga',
      'mireille@example.cg',
      intent.intent_id,
      intent.client_secret,
      paid.charge_id ?? 'none',
    ].filter((s) => s !== paid.reference && s !== paid.charge_id))
      expect(html).not.toContain(secret);
  });

  it('says, while pending, that pending is not failed and how long the wallet may take, and reloads itself slowly when asked', async () => {
    const t = receiptSetup();
    const intent = await t.newIntent(2500);
    expect((await t.confirm(intent, testNumber('never_approved'))).status).toBe(200);
    const path = t.receiptPath(intent.intent_id);
    const html = await (await t.get(`${path}?lang=en`)).text();
    expect(html).toContain('<h1>Payment pending</h1>');
    expect(text(html)).toContain(
      'Pending is not failed: MTN MoMo can take up to 5 minutes to confirm a payment, sometimes longer. Do not pay again',
    );
    expect(text(html)).toContain('Status Pending');
    // "Check now" reads the same receipt again, at once; reloading by itself is the payer's choice,
    // and stops at their word (a page that reloads unasked moves a screen reader's place).
    expect(html).toContain(`<a class="btn" href="${path}?lang=en">Check now</a>`);
    expect(html).not.toContain('http-equiv="refresh"');
    expect(html).toContain(`<a href="${path}?lang=en&amp;follow=1">Update this page by itself every 30 seconds</a>`);
    const followed = await (await t.get(`${path}?lang=en&follow=1`)).text();
    expect(followed).toContain('<meta http-equiv="refresh" content="30">');
    expect(followed).toContain(`<a href="${path}?lang=en">Stop updating</a>`);
    expect(followed).toContain(`<a class="btn" href="${path}?lang=en&amp;follow=1">Check now</a>`);
  });

  it('says a declined payment was not paid, and one never attempted that none was made', async () => {
    const t = receiptSetup();
    const declined = await t.newIntent(5000);
    await t.confirm(declined, testNumber('declined'));
    t.clock.advance(APPROVAL_MS + 1);
    const html = text(await (await t.get(`${t.receiptPath(declined.intent_id)}?lang=en`)).text());
    expect(html).toContain('Payment not completed');
    expect(html).toContain('You have not been charged.');
    expect(html).toContain('Status Not paid');
    // Not why: the link gets forwarded (and a relative the payment was handed on to may hold one),
    // and why a wallet refused is the payer's (no funds, declined), as their number is.
    const en = translator('en');
    expect(html).not.toContain(en('reason.payer_declined'));
    const broke = await t.newIntent(5000);
    await t.confirm(broke, testNumber('insufficient_funds'));
    t.clock.advance(APPROVAL_MS + 1);
    expect((await t.readIntent(broke.intent_id)).last_payment_error?.code).toBe('insufficient_funds');
    const poor = text(await (await t.get(`${t.receiptPath(broke.intent_id)}?lang=en`)).text());
    expect(poor).toContain('Status Not paid');
    expect(poor).not.toContain(en('reason.insufficient_funds'));
    const fresh = await t.newIntent(5000);
    const none = text(await (await t.get(`${t.receiptPath(fresh.intent_id)}?lang=es`)).text());
    expect(none).toContain('Todavía no se ha hecho ningún pago.');
    expect(none).toContain('Estado No pagado');
  });

  it('says "paid to" only of a paid payment, and gives a payment not paid a way on: the merchant’s contact, and its payment link again', async () => {
    const t = receiptSetup(undefined, { merchants: { [TOKEN]: AWA } });
    const contact = (html: string) => {
      expect(html).toContain(`<a href="mailto:${AWA.support_email}">`);
      expect(html).toContain(`<a href="tel:${AWA.support_phone}">`);
    };
    const declined = await t.newIntent(5000);
    await t.confirm(declined, testNumber('declined'));
    const pending = await t.newIntent(5000);
    await t.confirm(pending, testNumber('never_approved'));
    const paid = await t.newIntent(5000);
    await t.confirm(paid, testNumber('approved_after_delay'));
    const fresh = await t.newIntent(5000);
    t.clock.advance(APPROVAL_MS + 1);

    const failedFr = await (await t.get(`${t.receiptPath(declined.intent_id)}?lang=fr`)).text();
    expect(text(failedFr)).toContain('Bénéficiaire Boutique Awa');
    expect(text(failedFr)).not.toContain('Payé à');
    expect(text(failedFr)).toContain('État Non payé');
    expect(text(failedFr)).toContain(
      'Aucun montant ne vous a été débité. Pour payer ou réessayer, rouvrez le lien de paiement du marchand.',
    );
    contact(failedFr);
    const failedEn = text(await (await t.get(`${t.receiptPath(declined.intent_id)}?lang=en`)).text());
    expect(failedEn).toContain('Payee Boutique Awa');
    expect(failedEn).not.toContain('Paid to');
    expect(failedEn).toContain(
      'You have not been charged. To pay, or to try again, open the merchant’s payment link again.',
    );
    // Never attempted: not paid either, and the same way to pay.
    const none = text(await (await t.get(`${t.receiptPath(fresh.intent_id)}?lang=en`)).text());
    expect(none).toContain('Payee Boutique Awa');
    expect(none).toContain(
      'No payment has been made yet. To pay, or to try again, open the merchant’s payment link again.',
    );
    // Pending: not "paid to" yet, a contact, and never "try again" (the note says not to pay twice).
    const waiting = await (await t.get(`${t.receiptPath(pending.intent_id)}?lang=en`)).text();
    expect(text(waiting)).toContain('Payee Boutique Awa');
    expect(text(waiting)).not.toContain('Paid to');
    expect(text(waiting)).not.toContain('try again');
    contact(waiting);
    // Paid: who was paid, and whom to ask about the order.
    const done = await (await t.get(`${t.receiptPath(paid.intent_id)}?lang=fr`)).text();
    expect(text(done)).toContain('Payé à Boutique Awa');
    expect(text(done)).not.toContain('réessayer');
    contact(done);
  });

  it('after an end for good (too many attempts) says only what that end says: no "try again"', async () => {
    const t = receiptSetup();
    const ended = await t.newIntent(5000);
    // Its attempts used up, the next confirm cancels it (src/sandbox/intent-lifecycle.ts).
    for (let attempt = 0; attempt <= MAX_ATTEMPTS; attempt++) {
      await t.confirm(ended, testNumber('declined'));
      t.clock.advance(60_000); // each declined, and past the confirms' rate limit
    }
    const page = text(await (await t.get(`${t.receiptPath(ended.intent_id)}?lang=fr`)).text());
    expect(page).toContain(fr['error.tooManyAttempts']);
    expect(page).not.toContain('réessayer');
  });

  it('counts the wallet’s minutes in each language’s plural: one minute is not "1 minutes"', async () => {
    const t = receiptSetup(undefined, { pendingTimeoutMs: 60_000 });
    const intent = await t.newIntent(2500);
    await t.confirm(intent, testNumber('never_approved'));
    const path = t.receiptPath(intent.intent_id);
    const note = async (lang: string) => text(await (await t.get(`${path}?lang=${lang}`)).text());
    expect(await note('en')).toContain('MTN MoMo can take up to 1 minute to confirm');
    expect(await note('fr')).toContain('MTN MoMo peut mettre jusqu’à 1 minute pour confirmer');
    // Every language of the table, a new one included: one minute as that language writes one.
    for (const lang of LANGS) {
      const one = new Intl.NumberFormat(lang, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(1);
      expect(await note(lang), lang).toContain(one);
    }
    // Arabic has its own form for one (دقيقة), neither the few's (دقائق) nor a bare numeral.
    const ar = await note('ar');
    expect(ar).toContain('حتى \u2068دقيقة\u2069 لتأكيد');
    expect(ar).not.toContain('دقائق');
  });

  it('is kept out of caches, referrers and search engines; prints without its buttons', async () => {
    const t = receiptSetup();
    const intent = await t.newIntent(5000);
    const res = await t.get(t.receiptPath(intent.intent_id));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[^']+' 'sha256-[^']+';/);
    expect(csp).not.toMatch(/script-src/);
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toMatch(/<style>@media print\{[^<]*\.btn[^<]*display:none/);
  });

  it('answers a token that opens nothing with a true 404 in the payer’s language, as one of a payment no longer there', async () => {
    const t = receiptSetup();
    const intent = await t.newIntent(5000);
    const good = t.receiptPath(intent.intent_id);
    const token = good.slice('/receipt/'.length);
    const tampered = `/receipt/${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    for (const [path, lang, words] of [
      [tampered, 'ar', 'الإيصال غير موجود'],
      [`/receipt/${createReceiptTokens().seal(intent.intent_id)}`, 'es', 'Recibo no encontrado'],
      ['/receipt/short', 'fr', 'Reçu introuvable'],
      [`/receipt/${intent.intent_id}`, 'en', 'Receipt not found'],
    ] as const) {
      const res = await t.get(path, { 'Accept-Language': lang });
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(words);
    }
    // A token of a payment the service does not have: the same page as a token that opens nothing
    // (no one learns whether a payment exists).
    const gone = await t.get(t.receiptPath('pi_Nothere0000'), { 'Accept-Language': 'en' });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('Receipt not found');
    expect((await t.get(good, {})).status).toBe(200);
  });

  it('speaks the language its link names, over the browser’s', async () => {
    const t = receiptSetup();
    const intent = await t.newIntent(5000);
    const html = await (await t.get(`${t.receiptPath(intent.intent_id)}?lang=ar`, { 'Accept-Language': 'fr' })).text();
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toContain('<h1>إيصال الدفع</h1>');
  });

  it('takes only reads', async () => {
    const t = receiptSetup();
    const intent = await t.newIntent(5000);
    const res = await t.app.request(`http://sandbox.test${t.receiptPath(intent.intent_id)}`, { method: 'POST' });
    expect(res.status).toBe(405);
  });
});
