// The payment without JavaScript level with the page's script (issues 30 and 31), in Debian's
// Chromium with scripts off: the waiting page shows the number the payer typed in full, and after
// the wallet's wait (the sandbox's number ending 96: its push never comes) MTN Cameroon's menu code
// as a tap-to-dial link; the request then ends, and the failed page's new request, to the number
// typed, goes on a form filled with it, approved from the menu (POST /v1/_sandbox/menu/{id}): two
// attempts, one paid. The form says a slow and a down wallet before the choice, and does not choose
// the down one from the number; Wave's app step in WhatsApp's browser offers its QR code, the
// payment's page to copy, and Chrome. Each new state: axe
// finds nothing, nothing wider than 320 px, shots at 360×740 and 320 px, and in forced colors, in
// test-results/nojs-parity. The sandbox's clock runs `ahead` of the real one to pass the wait.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { RESCUE_AFTER_MS } from '../../src/methods/momo/rescue';
import { type Harness, startHarness, TEST_TOKEN, testNumber } from './support/harness';
import { audit } from './support/axe';

const SHOTS = 'test-results/nojs-parity';
const PENDING_TIMEOUT_MS = 120_000;
const WHATSAPP_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36 [WA4A/2.24.14.79;]';
let h: Harness;
let merchant: ReturnType<typeof createClient>;
let ahead = 0;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness({
    approvalMs: 1000,
    pendingTimeoutMs: PENDING_TIMEOUT_MS,
    faults: true,
    now: () => Date.now() + ahead,
  });
  merchant = createClient({ baseUrl: h.server.url, token: TEST_TOKEN });
});
afterEach(async () => {
  await fetch(`${h.server.url}/v1/_sandbox/faults`, { method: 'DELETE' });
});
afterAll(() => h?.close());

/**
 * A new state looked at: axe finds nothing; at 360×740 and 320 px (nothing wider), and in forced
 * colors, shot. On a still copy of the page (its HTML holds no script): a waiting page reloads itself,
 * which would cut an audit short, and axe needs the timers a page without scripts does not run.
 */
async function look(page: Page, name: string) {
  const html = (await page.content()).replace(/<meta http-equiv="refresh"[^>]*>/, '');
  expect(html).not.toContain('<script');
  const still = await h.newPage({ viewport: { width: 360, height: 740 } });
  await still.setContent(html);
  await expect(audit(still)).resolves.toEqual([]);
  for (const width of [360, 320]) {
    await still.setViewportSize({ width, height: width === 360 ? 740 : 568 });
    expect(await still.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await still.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await still.emulateMedia({ forcedColors: 'active' });
  await still.screenshot({ path: `${SHOTS}/${name}-forced.png`, fullPage: true });
  await still.close();
}

const noScriptPage = (options: { userAgent?: string } = {}) =>
  h.newPage({ javaScriptEnabled: false, locale: 'fr-FR', viewport: { width: 360, height: 740 }, ...options });

async function fill(page: Page, country: string, phone: string) {
  await page.locator('#p-country').selectOption(country);
  await page.locator('#p-phone').fill(phone);
  await page.locator('#p-firstName').fill('Awa');
  await page.locator('#p-lastName').fill('Ndong');
  await page.locator('#p-email').fill('awa@example.cm');
}

const main = (page: Page) => page.locator('main').textContent();

describe('the payment without JavaScript › level with the page’s script', () => {
  it('the number typed in full, the menu code after the wait, then a new request to the number typed', async () => {
    const { id } = await h.newIntent(5000);
    const page = await noScriptPage();
    await page.goto(`${h.server.url}/pay/${id}?plain=1&lang=fr`);
    const number = testNumber('prompt_lost', 'cm', 'mtn');
    await fill(page, 'cm', number.national);
    await page.getByRole('button', { name: /^Payer / }).click();
    await page.waitForURL(/\/status\?lang=fr$/);
    // The number as typed, in full: a typo can be seen; on one line (no-break spaces).
    const unbroken = number.national.replace(/ /g, '\u00a0');
    await expect(main(page)).resolves.toContain(`au ${unbroken}.`);
    await expect(main(page)).resolves.not.toContain('Toujours pas de demande');

    // The wallet's wait passes: a refresh later, the rescue.
    ahead += RESCUE_AFTER_MS;
    await page.getByText('Toujours pas de demande sur votre téléphone ?').waitFor({ timeout: 15_000 });
    const dial = page.getByRole('link', { name: /^composer le \u2066?\*126#\u2069?$/ });
    await expect(dial.getAttribute('href')).resolves.toBe('tel:*126%23');
    await look(page, '1-rescue');
    // In Arabic, right to left: the code and the number still read left to right.
    const arabic = await page.context().newPage();
    await arabic.goto(page.url().replace('lang=fr', 'lang=ar'));
    await expect(arabic.locator('a[href="tel:*126%23"]').textContent()).resolves.toContain('\u2066*126#\u2069');
    await expect(arabic.locator('main').textContent()).resolves.toContain(`\u2066${unbroken}\u2069`);
    await look(arabic, '1-rescue-ar');
    await arabic.close();

    // The request ends unanswered: a new one, to the number typed, on a form filled with it.
    ahead += PENDING_TIMEOUT_MS;
    const resend = page.getByRole('link', { name: `Renvoyer une demande au ${number.national}` });
    await resend.waitFor({ timeout: 15_000 });
    await look(page, '2-failed');
    await resend.click();
    await expect(page.locator('#p-phone').inputValue()).resolves.toBe(number.national);
    await expect(page.locator('#p-operator').inputValue()).resolves.toBe('cm:mtn');
    await page.locator('#p-firstName').fill('Awa');
    await page.locator('#p-lastName').fill('Ndong');
    await page.locator('#p-email').fill('awa@example.cm');
    await page.getByRole('button', { name: /^Payer / }).click();
    await page.waitForURL(/\/status\?lang=fr$/);
    // Approved from the wallet's menu, as the rescue said: paid, once.
    const menu = await fetch(`${h.server.url}/v1/_sandbox/menu/${id}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_TOKEN}` },
    });
    expect(menu.status).toBe(200);
    await page.locator('h1', { hasText: 'Paiement réussi' }).waitFor({ timeout: 15_000 });
    const paid = await merchant.getIntent(id);
    expect(paid.event.charges.map((c) => c.status)).toEqual(['failed', 'succeeded']);
  }, 90_000);

  it('the form says a slow and a down wallet before the choice, which they describe, and never picks the down one from the number', async () => {
    for (const fault of [
      { country: 'cm', operator_name: 'mtn', status: 'down' },
      { country: 'cg', operator_name: 'airtel', status: 'slow', delay_seconds: 300 },
    ]) {
      const set = await fetch(`${h.server.url}/v1/_sandbox/faults/wallets`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(fault),
      });
      expect(set.status).toBe(201);
    }
    const { id } = await h.newIntent(5000);
    const page = await noScriptPage();
    await page.goto(`${h.server.url}/pay/${id}?plain=1&lang=fr`);
    const choice = page.getByRole('combobox', { name: 'Opérateur mobile money' });
    await expect(choice.getAttribute('aria-describedby')).resolves.toBe('h-cg-airtel h-cm-mtn');
    await expect(page.locator('#h-cm-mtn').textContent()).resolves.toBe(
      'MTN MoMo (Cameroun) ne répond pas en ce moment\u00a0: choisissez un autre portefeuille si vous en avez un',
    );
    await expect(page.locator('#h-cg-airtel').textContent()).resolves.toMatch(/la validation peut prendre 5 minutes$/);
    await look(page, '3-health');

    // "D'après mon numéro" left as it is, with MTN Cameroon's number: not chosen for the payer, as
    // the page's script would not; the form back as typed, nothing sent, another wallet asked for.
    const mtn = testNumber('approved_at_once', 'cm', 'mtn').national;
    await fill(page, 'cm', mtn);
    await page.getByRole('button', { name: /^Payer / }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'MTN MoMo (Cameroun) ne répond pas en ce moment\u00a0: choisissez un autre portefeuille si vous en avez un',
    );
    expect(page.url()).not.toMatch(/\/status/);
    await expect(page.locator('#p-phone').inputValue()).resolves.toBe(mtn);
    await expect(page.locator('#p-firstName').inputValue()).resolves.toBe('Awa');
    await expect(choice.inputValue()).resolves.toBe('');
    await expect(choice.getAttribute('aria-describedby')).resolves.toBe('e-operator h-cg-airtel h-cm-mtn');
    await expect(page.locator('#e-operator').textContent()).resolves.toBe('Choisissez votre opérateur mobile money.');
    expect((await merchant.getIntent(id)).event.charges).toHaveLength(0);
    await look(page, '3-health-down');
  }, 60_000);

  it('Wave’s app step in WhatsApp’s browser: its QR code, the payment’s page to copy, Chrome', async () => {
    const intent = await merchant.createIntent({ amount: 5000, currency: 'xof', description: 'Browser test' });
    const page = await noScriptPage({ userAgent: WHATSAPP_ANDROID });
    await page.goto(`${h.server.url}/pay/${intent.intent_id}?plain=1&lang=fr`);
    await fill(page, 'sn', testNumber('never_approved', 'sn', 'wave').national);
    await page.locator('#p-operator').selectOption('sn:wave');
    await page.getByRole('button', { name: /^Payer / }).click();
    await page.waitForURL(/\/status\?lang=fr$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('Validez le paiement dans Wave');
    await expect(page.getByRole('img', { name: 'Code QR du lien de paiement Wave' }).isVisible()).resolves.toBe(true);
    const link = page.getByRole('textbox', { name: 'Le lien du paiement, à copier dans votre navigateur' });
    await expect(link.inputValue()).resolves.toBe(`${h.server.url}/pay/${intent.intent_id}/status?lang=fr`);
    await expect(link.getAttribute('readonly')).resolves.toBe('');
    await expect(page.getByRole('link', { name: 'Ouvrir Wave dans Chrome' }).getAttribute('href')).resolves.toMatch(
      /^intent:\/\/.+#Intent;scheme=http;package=com\.android\.chrome;end$/,
    );
    await look(page, '4-in-app');
    // The address to copy opens the same payment in another browser: its waiting page, nothing paid twice.
    const other = await h.newPage({ javaScriptEnabled: false });
    await other.goto(await link.inputValue());
    await expect(other.locator('h1').textContent()).resolves.toBe('Validez le paiement dans Wave');
    expect((await merchant.getIntent(intent.intent_id)).event.charges).toHaveLength(1);
  }, 60_000);
});
