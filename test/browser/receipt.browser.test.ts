// A receipt that lasts (issue 31, item 3), in Chromium: the payer pays on the hosted page, keeps the
// receipt link, closes the browser's context (the tab, its storage, everything) and opens the link
// in a fresh one — the receipt is there, in that browser's language, without the payer's number,
// name or e-mail, and axe finds nothing on it. The same for a link kept while waiting: opened in a
// fresh context, it says pending is not failed, and reloads itself slowly if the payer asks it to. Screenshots of the
// receipt page at 360×740, 320 px and printed (test-results/receipt/).
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pay, waitForState } from '../widget/browser-helpers';
import { type Harness, startHarness } from './support/harness';

const SHOTS = 'test-results/receipt';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let h: Harness;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness({ approvalMs: 1500 });
});
afterAll(() => h?.close());

/** axe's violations on the page now, one line each. */
async function audit(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(d: Document, o: object): Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes)}`);
}

/** Pays a new intent on the hosted page in French and keeps its receipt link from `state`'s screen. */
async function keptLink(state: 'succeeded' | 'pending') {
  // Waiting: a number whose payer never approves, so the page waits whatever the machine's speed.
  const outcome = state === 'pending' ? 'never_approved' : 'approved_after_delay';
  const { id, secret } = await h.newIntent(7500);
  const page = await h.newPage({ viewport: { width: 360, height: 740 } });
  await page.goto(`${h.server.url}/pay/${id}?lang=fr#${secret}`);
  await waitForState(page, 'form');
  const msisdn = await pay(page, outcome);
  await waitForState(page, state);
  await page.getByRole('button', { name: 'Garder un lien vers ce reçu' }).click();
  const link = page.locator('a.momo-keep');
  await link.waitFor({ timeout: 15_000 });
  const href = (await link.getAttribute('href')) ?? '';
  expect(await link.textContent()).toBe(href);
  // The token, then the page's language (the link opens in it later): nothing else.
  expect(href).toMatch(/^http:\/\/[^/]+\/receipt\/[A-Za-z0-9_-]{40,}(\?lang=[a-z]{2})?$/);
  expect(href).not.toContain(id.slice(3));
  await page.screenshot({ path: `${SHOTS}/kept-${state}-fr-360.png`, fullPage: true });
  expect(await audit(page)).toEqual([]);
  // The tab is gone, and everything it kept with it.
  await page.context().close();
  return { href, msisdn };
}

describe('a receipt that lasts', () => {
  it('opens the link kept after paying in a fresh context, in its language, with nothing of the payer', async () => {
    const { href, msisdn } = await keptLink('succeeded');
    const page = await h.newPage({ locale: 'en-GB', viewport: { width: 360, height: 740 } });
    // Kept from a page in French, it opens in French, whatever the browser's language…
    expect(href).toMatch(/\?lang=fr$/);
    await page.goto(href);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    // …and without its language, in the browser's.
    const res = await page.goto(href.replace(/\?.*$/, ''));
    expect(res?.status()).toBe(200);
    expect(res?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.locator('h1').textContent()).resolves.toBe('Payment successful');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toMatch(/AmountFCFA\s7,500/);
    expect(text).toContain('MTN MoMo');
    expect(text).toMatch(/Reference\s*[0-9A-Z]{3}-[0-9A-Z]{3}/);
    expect(text).toContain('StatusPaid');
    for (const secret of [msisdn.slice(-4), 'Élodie', 'Mbemba', 'elodie@example.cg'])
      expect(text).not.toContain(secret);
    await page.screenshot({ path: `${SHOTS}/paid-en-360.png`, fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: `${SHOTS}/paid-en-print.png`, fullPage: true });
    expect(
      await page.locator('.btn, .langs').evaluateAll((nodes) => nodes.map((n) => getComputedStyle(n).display)),
    ).toEqual(['none']);
    await page.emulateMedia({ media: 'screen' });
    expect(await audit(page)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.screenshot({ path: `${SHOTS}/paid-en-320.png`, fullPage: true });
    // Nothing wider than the screen at 320 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  it('opens a link kept while waiting in a fresh context: pending is not failed, and looks again by itself when asked', async () => {
    const { href } = await keptLink('pending');
    const page = await h.newPage({ locale: 'fr-FR', viewport: { width: 360, height: 740 } });
    await page.goto(href);
    await expect(page.locator('h1').textContent()).resolves.toBe('Paiement en attente');
    await expect(page.locator('p[role="status"]').textContent()).resolves.toMatch(
      /^En attente ne veut pas dire échoué\s: MTN MoMo peut mettre jusqu’à \d+\sminutes/,
    );
    await page.screenshot({ path: `${SHOTS}/pending-fr-360.png`, fullPage: true });
    const found = await audit(page);
    expect(found).toEqual([]);
    // Updating by itself, slowly, at the payer's choice: the same page, reloading every 30 s.
    await page.getByRole('link', { name: 'Mettre cette page à jour toute seule toutes les 30 secondes' }).click();
    expect(await page.locator('meta[http-equiv="refresh"]').getAttribute('content')).toBe('30');
    await expect(page.locator('h1').textContent()).resolves.toBe('Paiement en attente');
    await page.getByRole('link', { name: 'Arrêter les mises à jour' }).waitFor();
  });

  it('shows a true 404 in the payer’s language (dark, right to left) for a link that was altered', async () => {
    const { href } = await keptLink('succeeded');
    const page = await h.newPage({ locale: 'ar', viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
    // The token altered (its language left out: the browser's is the page's then).
    const altered = href.replace(/\?.*$/, '').replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const res = await page.goto(altered);
    expect(res?.status()).toBe(404);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await expect(page.locator('h1').textContent()).resolves.toBe('الإيصال غير موجود');
    expect(await audit(page)).toEqual([]);
  });
});
