// A payment without JavaScript (docs/integration.md, "A payment without JavaScript"), in Debian's Chromium with
// scripts off: from the hosted page's link to the plain form, posted to the checkout's server, the
// status page refreshing itself, the receipt and the way back to the merchant; and from the hosted
// page's own form, which a browser without scripts shows as it is. A bad number comes
// back with its message, a form sent twice confirms once, a form posted from another site is refused.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { type Harness, startHarness, TEST_TOKEN, testNumber } from './support/harness';

const SHOTS = 'test-results/nojs';
let h: Harness;
let merchant: ReturnType<typeof createClient>;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness({ approvalMs: 1500 });
  merchant = createClient({ baseUrl: h.server.url, token: TEST_TOKEN });
  h.merchant.page('/thanks', '<!doctype html><title>Merci</title><h1>Merci pour votre commande</h1>');
  h.merchant.page('/cart', '<!doctype html><title>Panier</title><h1>Votre panier</h1>');
});
afterAll(() => h?.close());

function newSession(total = 12_500) {
  return merchant.createSession({
    total,
    currency: 'xaf',
    accountId: 'acct_browser',
    successUrl: `${h.merchant.url}/thanks?session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${h.merchant.url}/cart`,
    metadata: { order: 'N-1' },
    items: [
      { productId: 'prt_wax', quantity: 1, price: 10_000, productName: 'Pagne wax 6 yards' },
      { productId: 'prt_soap', quantity: 2, price: (total - 10_000) / 2, productName: 'Savon noir' },
    ],
  });
}

/** The page's address without its fragment (where a session's link holds the client secret). */
const pagePath = (url: string) => url.split('#')[0]!;

/** A page with scripts off, French unless told. */
const noScriptPage = (locale = 'fr-FR') =>
  h.newPage({ javaScriptEnabled: false, locale, viewport: { width: 320, height: 568 } });

/** The attempts the intent holds, as the merchant reads it. */
const attempts = async (intentId: string) => (await merchant.getIntent(intentId)).event.charges.length;

async function fillForm(page: Page, phone: string) {
  await page.locator('#p-phone').fill(phone);
  await page.locator('#p-firstName').fill('Élodie');
  await page.locator('#p-lastName').fill("N'Goma-Mbemba");
  await page.locator('#p-email').fill('elodie@example.cg');
}

describe('hosted page › a payment without JavaScript', () => {
  it('pays a session end to end: the form, the status page refreshing itself, the receipt, back to successUrl', async () => {
    const session = await newSession();
    const page = await noScriptPage();
    await page.goto(session.url);
    // The hosted page says how to pay without its script, and links to the plain form.
    await page.getByRole('link', { name: 'Payer sans JavaScript' }).click();
    await page.waitForURL(/\?plain=1/);
    // From here on, pages of the server's own making: nothing but HTML (no script, no style sheet, no image).
    const loaded: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() !== 'document') loaded.push(request.url());
    });
    await expect(page.locator('h1').textContent()).resolves.toBe('Payer par mobile money');
    await expect(page.locator('.amount').textContent()).resolves.toMatch(/^12\s500\sFCFA$/);
    await expect(page.locator('main').textContent()).resolves.toContain('Pagne wax 6 yards');
    // Posted to the page's own path; the secret is nowhere in the HTML.
    await expect(page.locator('form').getAttribute('action')).resolves.toBe(new URL(session.url).pathname);
    expect(await page.content()).not.toContain(session.clientSecret);
    await page.screenshot({ path: `${SHOTS}/1-form.png`, fullPage: true });

    await fillForm(page, testNumber('approved_after_delay').national);
    await page.getByRole('button', { name: /^Payer 12\s500\sFCFA$/ }).click();
    await page.waitForURL(/\/status\?lang=fr$/);
    // Pending: the page refreshes itself (no script), and says what to do.
    await expect(page.locator('h1').textContent()).resolves.toBe('Validez le paiement sur votre téléphone');
    await expect(page.locator('meta[http-equiv="refresh"]').getAttribute('content')).resolves.toBe('3');
    await page.screenshot({ path: `${SHOTS}/2-pending.png`, fullPage: true });

    // The approval lands (1.5 s): a refresh later, the receipt.
    await page.locator('h1', { hasText: 'Paiement réussi' }).waitFor({ timeout: 15_000 });
    await expect(page.locator('meta[http-equiv="refresh"]').count()).resolves.toBe(0);
    await expect(page.locator('table').textContent()).resolves.toMatch(/MTN MoMo.*\+242\s••\s•••\s45\s00/);
    await page.screenshot({ path: `${SHOTS}/3-receipt.png`, fullPage: true });
    await page.getByRole('link', { name: 'Revenir chez le marchand maintenant' }).click();
    await page.waitForURL(`${h.merchant.url}/thanks?session=${session.id}`);

    expect(await attempts(session.paymentIntentId)).toBe(1);
    expect(loaded).toEqual([]);
    // Paid: the form is no longer offered; its address shows the receipt.
    await page.goto(`${pagePath(session.url)}?plain=1`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Paiement réussi');
  });

  it("pays with the hosted page's own form, as an engine without scripts shows it: posted, checked with the amount, paid", async () => {
    const session = await newSession();
    const page = await noScriptPage();
    await page.goto(session.url);
    // The prerendered form, whole and usable: Pay enabled; nothing that only a script does (a
    // "loading" that never ends, a language switch that switches nothing).
    const pay = page.locator('#app form .momo-pay');
    await expect(pay.isEnabled()).resolves.toBe(true);
    await expect(page.locator('#app .momo-loading').isVisible()).resolves.toBe(false);
    await expect(page.locator('#app .momo-lang').isVisible()).resolves.toBe(false);
    await page.locator('#momo-phone').fill(testNumber('approved_after_delay').national);
    await page.locator('.momo-operator[data-operator="mtn"]').click();
    // The wallet chosen shows as a radio (the script marks the card instead).
    const radio = page.locator('#app input[name="operator"][value="mtn"]');
    await expect(radio.isChecked()).resolves.toBe(true);
    expect((await radio.boundingBox())!.width).toBeGreaterThan(5);
    await page.locator('#momo-first-name').fill('Élodie');
    await page.locator('#momo-last-name').fill("N'Goma-Mbemba");
    await page.locator('#momo-email').fill('elodie@example.cg');
    await page.screenshot({ path: `${SHOTS}/5-hosted-form.png`, fullPage: true });
    await pay.click();
    // Back as the plain form: the amount to check, what was typed kept, nothing sent yet.
    await expect(page.locator('.notice').textContent()).resolves.toMatch(/^Vérifiez le montant/);
    await expect(page.locator('.amount').textContent()).resolves.toMatch(/^12\s500\sFCFA$/);
    await expect(page.locator('#p-lastName').inputValue()).resolves.toBe("N'Goma-Mbemba");
    await expect(page.locator('#p-operator').inputValue()).resolves.toBe('cg:mtn');
    expect(await attempts(session.paymentIntentId)).toBe(0);
    await page.getByRole('button', { name: /^Payer 12\s500\sFCFA$/ }).click();
    await page.locator('h1', { hasText: 'Paiement réussi' }).waitFor({ timeout: 15_000 });
    expect(await attempts(session.paymentIntentId)).toBe(1);
  });

  it('gives a bad number back with its message in the page language, nothing sent', async () => {
    const session = await newSession();
    const page = await noScriptPage('en-GB');
    await page.goto(`${pagePath(session.url)}?plain=1`);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await fillForm(page, '06 12');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.locator('#e-phone').textContent()).resolves.toBe('This number is too short.');
    await expect(page.locator('#p-phone').getAttribute('aria-invalid')).resolves.toBe('true');
    // What was typed stays.
    await expect(page.locator('#p-firstName').inputValue()).resolves.toBe('Élodie');
    await page.screenshot({ path: `${SHOTS}/4-bad-number.png`, fullPage: true });
    expect(await attempts(session.paymentIntentId)).toBe(0);

    // Then a declining number: the reason, and the way back to the form.
    await page.locator('#p-phone').fill(testNumber('declined').national);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.locator('h1', { hasText: 'Payment not completed' }).waitFor({ timeout: 15_000 });
    await expect(page.locator('[role="alert"]').textContent()).resolves.toBe('The payment was declined on your phone.');
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page.locator('h1').textContent()).resolves.toBe('Pay with mobile money');
    expect(await attempts(session.paymentIntentId)).toBe(1);
  });

  it('confirms once when the form is sent twice (a double click, then the same form resent)', async () => {
    const session = await newSession();
    const page = await noScriptPage();
    await page.goto(`${pagePath(session.url)}?plain=1`);
    await fillForm(page, testNumber('approved_after_delay').national);
    const token = await page.locator('input[name="token"]').inputValue();
    await page.getByRole('button', { name: /^Payer / }).dblclick();
    // The second press's submission may abort the first's navigation (Chromium keeps the last one),
    // which waitForURL reports as an error: where the tab ends up is what counts.
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/status\?lang=fr$/);
    // The browser resends the same form (its token, its fields) after the attempt exists.
    const form = {
      token,
      lang: 'fr',
      country: 'cg',
      operator: '',
      phone: testNumber('approved_after_delay').national,
      firstName: 'Élodie',
      lastName: 'Goma',
      email: 'elodie@example.cg',
    };
    const resent = await page.request.post(pagePath(session.url), {
      form,
      headers: { Origin: h.server.url },
      maxRedirects: 0,
    });
    expect(resent.status()).toBe(303);
    expect(resent.headers().location).toMatch(/\/status\?lang=fr$/);
    await page.locator('h1', { hasText: 'Paiement réussi' }).waitFor({ timeout: 15_000 });
    expect(await attempts(session.paymentIntentId)).toBe(1);
  });

  it('is where the hosted page whose script cannot start sends the payer (never a dead form), and pays', async () => {
    const session = await newSession();
    const page = await h.newPage();
    await page.route('**/assets/*.js', (route) => route.abort('blockedbyclient'));
    await page.goto(session.url);
    await page.waitForURL(/\?plain=1&stuck=1$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('Payer par mobile money');
    await expect(page.locator('.amount').textContent()).resolves.toMatch(/^12\s500\sFCFA$/);
    await fillForm(page, testNumber('approved_after_delay').national);
    await page.getByRole('button', { name: /^Payer 12\s500\sFCFA$/ }).click();
    await page.locator('h1', { hasText: 'Paiement réussi' }).waitFor({ timeout: 15_000 });
    expect(await attempts(session.paymentIntentId)).toBe(1);
  });

  it('refuses a form posted from another site, nothing confirmed', async () => {
    const session = await newSession();
    const action = new URL(session.url).pathname;
    h.merchant.page(
      '/cross',
      `<!doctype html><title>Autre site</title><form method="post" action="${h.server.url}${action}"><input name="token" value="x"><input name="country" value="cg"><input name="phone" value="${testNumber('approved_after_delay').national}"><input name="operator" value=""><input name="firstName" value="A"><input name="lastName" value="B"><input name="email" value="a@b.cg"><button>Go</button></form>`,
    );
    const page = await noScriptPage();
    await page.goto(`${h.merchant.url}/cross`);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().startsWith(h.server.url)),
      page.getByRole('button', { name: 'Go' }).click(),
    ]);
    expect(answer.status()).toBe(403);
    await expect(page.locator('main').textContent()).resolves.toContain(
      'n’a pas été envoyé depuis cette page de paiement',
    );
    expect(await attempts(session.paymentIntentId)).toBe(0);
  });
});
