// A payment without JavaScript (docs/integration.md, "A payment without JavaScript"), in Debian's Chromium with
// scripts off: the hosted page sends the payer at once to the plain form made by the checkout's
// server (what is due, the order, "Payer 12 500 FCFA"), which pays with one press; the status page
// refreshing itself, the code step with its tap-to-dial code, the receipt and the way back to the
// merchant. An engine that does not follow the refresh still pays with the hosted page's own form
// (checked first). A bad number comes back with its message, a form sent twice confirms once, a
// form posted from another site is refused, Back goes to the merchant, and the widget's frame
// without scripts stays put.
// Screenshots of the form, the code page and the receipt at 360×740 and 320 px: test-results/nojs.
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
  it('pays a session with one press: the form first, the status page refreshing itself, the receipt, back to successUrl', async () => {
    const session = await newSession();
    const page = await noScriptPage();
    // Nothing to click: the hosted page sends a browser without scripts to the plain form at once.
    await page.goto(session.url);
    await page.waitForURL(/\?plain=1$/);
    // From here on, pages of the server's own making: nothing but HTML (no script, no style sheet, no image).
    const loaded: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() !== 'document') loaded.push(request.url());
    });
    await expect(page.locator('h1').textContent()).resolves.toBe('Payer par mobile money');
    // What is due, the order, and Pay with the amount, as payers read amounts.
    await expect(page.locator('.amount').textContent()).resolves.toMatch(/^12\s500\sFCFA$/);
    await expect(page.locator('main').textContent()).resolves.toMatch(
      /Votre commande.*Pagne wax 6 yards — 1\s×\s10\s000\sFCFA.*Savon noir — 2\s×\s1\s250\sFCFA/,
    );
    // Posted to the page's own path; the secret is nowhere in the HTML nor in the address.
    await expect(page.locator('form').getAttribute('action')).resolves.toBe(new URL(session.url).pathname);
    expect(await page.content()).not.toContain(session.clientSecret);
    expect(page.url()).not.toContain(session.clientSecret);
    await page.screenshot({ path: `${SHOTS}/1-form.png`, fullPage: true });

    await fillForm(page, testNumber('approved_after_delay').national);
    // One press.
    await page.getByRole('button', { name: /^Payer 12\s500\sFCFA$/ }).click();
    await page.waitForURL(/\/status\?lang=fr$/);
    expect(await attempts(session.paymentIntentId)).toBe(1);
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

  it.each([
    ['360x740', { width: 360, height: 740 }],
    ['320', { width: 320, height: 568 }],
  ])('pays by a one-time code at %s: the code to dial is a tap-to-dial link (screenshots)', async (size, viewport) => {
    const session = await merchant.createSession({
      total: 5000,
      currency: 'xof',
      accountId: 'acct_browser',
      successUrl: `${h.merchant.url}/thanks?session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${h.merchant.url}/cart`,
      metadata: { order: 'N-2' },
      items: [{ productId: 'prt_wax', quantity: 1, price: 5000, productName: 'Pagne wax 6 yards' }],
    });
    const page = await h.newPage({ javaScriptEnabled: false, locale: 'fr-FR', viewport });
    await page.goto(session.url);
    await page.waitForURL(/\?plain=1$/);
    await page.screenshot({ path: `${SHOTS}/${size}-1-form.png`, fullPage: true });
    await page.locator('#p-country').selectOption('sn');
    await fillForm(page, testNumber('approved_after_delay', 'sn', 'orange').national);
    await page.getByRole('button', { name: /^Payer 5\s000\sF\sCFA$/ }).click();
    await expect(page.locator('h1').textContent()).resolves.toBe('Saisissez votre code de paiement');
    // '#' written %23: a bare one ends the address, and the dialler would stop there.
    const dial = page.getByRole('link', { name: '#144#391#' });
    await expect(dial.getAttribute('href')).resolves.toBe('tel:%23144%23391%23');
    await page.screenshot({ path: `${SHOTS}/${size}-2-code.png`, fullPage: true });
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.locator('#p-code').fill('123456');
    await page.getByRole('button', { name: /^Payer / }).click();
    await page.locator('h1', { hasText: 'Paiement réussi' }).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `${SHOTS}/${size}-3-receipt.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await attempts(session.paymentIntentId)).toBe(1);
  });

  it("pays with the hosted page's own form where an engine does not follow the refresh: posted, checked with the amount, paid", async () => {
    const session = await newSession();
    const page = await noScriptPage();
    // An engine without scripts that does not follow a <meta> refresh (a text browser's, a proxy's).
    await page.route(pagePath(session.url), async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const html = (await response.text()).replace(/<meta http-equiv="refresh"[^>]*>/, '');
      await route.fulfill({ response, body: html });
    });
    await page.goto(session.url);
    // The prerendered form, whole and usable: Pay enabled; nothing that only a script does (a
    // "loading" that never ends, a language switch that switches nothing); the links to the plain form.
    const pay = page.locator('#app form .momo-pay');
    await expect(pay.isEnabled()).resolves.toBe(true);
    await expect(page.locator('#app .momo-loading').isVisible()).resolves.toBe(false);
    await expect(page.locator('#app .momo-lang').isVisible()).resolves.toBe(false);
    await expect(page.getByRole('link', { name: 'Payer sans JavaScript' }).isVisible()).resolves.toBe(true);
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
    // Back as the plain form: the amount to check (said calmly: nothing is wrong), what was typed kept, nothing sent yet.
    await expect(page.locator('.info[role="status"]').textContent()).resolves.toMatch(/^Vérifiez le montant/);
    await expect(page.locator('.amount').textContent()).resolves.toMatch(/^12\s500\sFCFA$/);
    await expect(page.locator('#p-lastName').inputValue()).resolves.toBe("N'Goma-Mbemba");
    await expect(page.locator('#p-operator').inputValue()).resolves.toBe('cg:mtn');
    expect(await attempts(session.paymentIntentId)).toBe(0);
    await page.getByRole('button', { name: /^Payer 12\s500\sFCFA$/ }).click();
    await page.locator('h1', { hasText: 'Paiement réussi' }).waitFor({ timeout: 15_000 });
    expect(await attempts(session.paymentIntentId)).toBe(1);
  });

  it('takes Back from the plain form to the merchant: the refresh replaced the hosted page in the history', async () => {
    const session = await newSession();
    const page = await noScriptPage();
    await page.goto(`${h.merchant.url}/cart`);
    await page.goto(session.url);
    await page.waitForURL(/\?plain=1$/);
    // Not the hosted page again, which would send the payer forward at once: a Back that goes nowhere.
    await page.goBack();
    expect(page.url()).toBe(`${h.merchant.url}/cart`);
  });

  it("leaves the widget's frame as it is where its scripts are off: the refresh answered 204, never a page reloading itself", async () => {
    const page = await noScriptPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/embed')) asked.push(new URL(request.url()).search);
    });
    await page.goto(`${h.server.url}/embed`);
    await expect.poll(() => asked.length).toBe(2);
    // Long enough for a second refresh, were there one (it is immediate).
    await page.waitForTimeout(500);
    expect(asked).toEqual(['', '?plain=1']);
    expect(new URL(page.url()).pathname).toBe('/embed');
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
    // A new request, to the number this browser typed (named, in full), on a form filled with it.
    const declined = testNumber('declined').national;
    await page.getByRole('link', { name: `Send a new request to ${declined}` }).click();
    await expect(page.locator('h1').textContent()).resolves.toBe('Pay with mobile money');
    await expect(page.locator('#p-phone').inputValue()).resolves.toBe(declined);
    expect(await attempts(session.paymentIntentId)).toBe(1);
  });

  it('confirms once when the form is sent twice (a double click, then the same form resent)', async () => {
    const session = await newSession();
    const page = await noScriptPage();
    // The first screen's form, as a payer without scripts gets it.
    await page.goto(session.url);
    await page.waitForURL(/\?plain=1$/);
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
