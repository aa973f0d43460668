// A Wave payer in WhatsApp's browser (issue 31 item 6): the hosted page, opened with WhatsApp's
// Android user agent (as collected by shalanah/inapp-spy, src/tests/mobile.ts), offers the QR code
// for the phone that has Wave, the payment's own link to copy, and Chrome's intent link; the link,
// copied and opened in a fresh browser (no storage, no cookies), finds the same payment, which is
// paid there once while the first page follows it to the receipt. Screenshots at 360×740 and 320 px.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { type Harness, startHarness, TEST_TOKEN, testNumber } from './support/harness';

const WHATSAPP_ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.7390.124 Mobile Safari/537.36 [WA4A/2.25.32.75;]';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SHOTS = process.env.MOMO_SHOTS_DIR;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ approvalMs: 300 });
});
afterAll(() => h?.close());

const merchant = () => createClient({ baseUrl: h.server.url, token: TEST_TOKEN });

const state = (page: Page, name: string) =>
  page.locator(`.momo[data-state="${name}"]:not(:has(.momo-standin))`).first().waitFor({ timeout: 15_000 });

async function axe(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: { run(d: Document): Promise<{ violations: { id: string }[] }> } }).axe;
    return (await run.run(document)).violations.map((v) => v.id);
  });
}

describe('in WhatsApp’s browser, the Wave step', () => {
  it('offers the QR code, the payment’s link and Chrome; the copied link resumes the same payment in a fresh browser, paid once', async () => {
    // In francs CFA of West Africa, where Wave is (Senegal).
    const created = await merchant().createIntent({ amount: 5000, currency: 'xof', description: 'Commande A-17' });
    const [id, secret] = [created.intent_id, created.client_secret ?? ''];
    const page = await h.newPage({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      userAgent: WHATSAPP_ANDROID,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const urls: string[] = [];
    page.on('request', (request: Request) => urls.push(request.url()));
    await page.goto(`${h.server.url}/pay/${id}?lang=fr#${secret}`);
    await state(page, 'form');
    const number = testNumber('approved_after_delay', 'sn', 'wave');
    await page.locator('#momo-country').selectOption('sn');
    await page.locator('#momo-phone').fill(number.national);
    await page.locator('input[name="operator"][value="wave"]').check();
    await page.locator('#momo-first-name').fill('Awa');
    await page.locator('#momo-last-name').fill('Ndiaye');
    await page.locator('#momo-email').fill('awa@exemple.sn');
    await page.locator('#momo-email').press('Enter');
    const step = page.locator('.momo-pending[data-step="open_wallet"]');
    await step.locator('svg.momo-qr').waitFor({ timeout: 15_000 });

    // The in-app path, in French: what may not work here, the QR code (a phone gets none elsewhere), copy, Chrome.
    await expect(step.locator('p').first().textContent()).resolves.toMatch(
      /^Le navigateur de WhatsApp peut ne pas ouvrir Wave/,
    );
    const launch = (await step.getByRole('link', { name: 'Essayer d’ouvrir Wave d’ici' }).getAttribute('href')) ?? '';
    expect(launch).toMatch(/^http:\/\/.+\/v1\/_sandbox\/wallet\//);
    await expect(step.getByRole('link', { name: 'Ouvrir Wave dans Chrome' }).getAttribute('href')).resolves.toBe(
      `intent://${launch.replace(/^http:\/\//, '')}#Intent;scheme=http;package=com.android.chrome;end`,
    );
    await expect(axe(page)).resolves.toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/in-app-360.png`, fullPage: true });
    await page.setViewportSize({ width: 320, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/in-app-320.png`, fullPage: true });

    // Copy: the hosted page's own address, the secret in its fragment — what no server is sent.
    await step.getByRole('button', { name: 'Copier le lien du paiement' }).click();
    await expect.poll(() => step.locator('.momo-copy-link + [role="status"]').textContent()).toMatch(/^Lien copié/);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${h.server.url}/pay/${id}?lang=fr#${secret}`);
    expect(urls.filter((url) => url.split('#')[0]!.includes(secret))).toEqual([]);

    // A fresh browser of its own (Chrome, nothing kept): the same payment, at the same step, followed.
    const other = await h.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const confirms: string[] = [];
    other.on(
      'request',
      (r: Request) => r.method() === 'POST' && r.url().endsWith('/confirm') && confirms.push(r.url()),
    );
    await other.goto(copied);
    const resumed = other.locator('.momo-pending[data-step="open_wallet"] a.momo-open');
    await resumed.waitFor({ timeout: 15_000 });
    await expect(resumed.getAttribute('href')).resolves.toBe(launch);
    // Approved in Wave from there: both pages end on the receipt.
    const [wallet] = await Promise.all([other.waitForEvent('popup'), resumed.click()]);
    await wallet.getByRole('button', { name: /Approve|Approuver/ }).click();
    await state(other, 'succeeded');
    await state(page, 'succeeded');
    expect(confirms).toEqual([]);

    // One charge: the one attempt, paid.
    const intent = await merchant().getIntent(id);
    expect(intent.status).toBe('succeeded');
    expect(intent.event.charges.map((c) => c.status)).toEqual(['succeeded']);
  });
});

// The payer review's dead end: WhatsApp's "open in the browser" (or a second tab) takes the address
// the page shows, without this tab's storage. The page used to take its secret out of the address
// once read: that address led to "link incomplete", and a new link from the merchant to a second
// payment. In an app's browser it now keeps the fragment (src/hosted/location.ts).
describe('in WhatsApp’s browser, the page keeps the payment’s secret in its address', () => {
  const CHROME_ANDROID =
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Mobile Safari/537.36';
  const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
  /** The page at `url`, its script started (the prerendered form is there before it). */
  const started = async (page: Page, url: string, screen: string) => {
    await page.goto(url);
    await page.waitForFunction(() => (window as { momoStarted?: boolean }).momoStarted === true);
    await state(page, screen);
  };

  it('its address, opened in another browser, shows the same payment’s form; in Chrome the fragment leaves as before', async () => {
    const { id, secret } = await h.newIntent(5000);
    const link = `${h.server.url}/pay/${id}?lang=fr#${secret}`;
    const urls: string[] = [];

    const inApp = await h.newPage({ ...phone, userAgent: WHATSAPP_ANDROID });
    inApp.on('request', (request: Request) => urls.push(request.url()));
    await started(inApp, link, 'form');
    expect(inApp.url()).toBe(link);

    // "Open in the browser": the address alone, in a context of its own (no storage, no cookies).
    const opened = await h.newPage(phone);
    opened.on('request', (request: Request) => urls.push(request.url()));
    await started(opened, inApp.url(), 'form');
    expect(urls).toContain(`${h.server.url}/v1/payment-intents/${id}`);
    // The fragment went to no server: no request's address carries the secret.
    expect(urls.filter((url) => url.split('#')[0]!.includes(secret))).toEqual([]);

    // In Chrome itself, the secret leaves the address as before (Back and history carry none)…
    const chrome = await h.newPage({ ...phone, userAgent: CHROME_ANDROID });
    await started(chrome, link, 'form');
    expect(chrome.url()).toBe(`${h.server.url}/pay/${id}?lang=fr`);
    // …and that address, without the tab, is the incomplete link the app's browser now never shows.
    const bare = await h.newPage(phone);
    await started(bare, chrome.url(), 'error');
    await expect(bare.getByRole('alert').textContent()).resolves.toMatch(/incomplet/);
  });
});
