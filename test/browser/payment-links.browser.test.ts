// Payment links in Chromium (issue 31): a seller makes a link on the demo shop's page; two payers,
// each in a browser context of their own, open it, press Pay and pay their own payment on the hosted
// page with the sandbox's success number; the seller's page then counts 2. Then the pages a payer
// may meet, shot at 360×740 and 320 px wide: the amount the payer chooses (refused out of its
// bounds), the printable QR code, and a link that has expired.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pay, waitForState } from '../widget/browser-helpers';
import { type Harness, startHarness } from './support/harness';
import { audit } from './support/axe';

const SHOTS = 'test-results/payment-links';
let h: Harness;
/** The sandbox's clock runs this far ahead of the real one: a link's expiry without waiting for it. */
let ahead = 0;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness({ now: () => Date.now() + ahead });
});
afterAll(() => h?.close());

/** The seller's form on /demo/links: answers the new link's public address. */
async function makeLink(seller: Page, fields: Record<string, string>): Promise<string> {
  await seller.goto(`${h.server.url}/demo/links`);
  const before = await seller.locator('.plink').count();
  for (const [name, value] of Object.entries(fields)) await seller.locator(`.plink-form [name="${name}"]`).fill(value);
  await seller.locator('.plink-form button[type="submit"]').click();
  await expect.poll(() => seller.locator('.plink').count()).toBe(before + 1);
  return (await seller.locator('.plink .plink-url').first().getAttribute('href')) as string;
}

/** What axe (run through the DevTools protocol: the pages' CSP allows no script) finds on the page: one line a violation. */

const countOf = async (seller: Page, url: string) => {
  await seller.reload();
  const id = url.split('/l/')[1] as string;
  return seller.locator(`.plink[data-link="${id}"] .plink-count`).textContent();
};

describe('a payment link', () => {
  it('made on the demo, paid by two payers in two browsers, each their own payment: the count shows 2', async () => {
    const seller = await h.newPage();
    const url = await makeLink(seller, { description: 'Pagne wax, 6 yards', amount: '2500' });
    expect(url).toMatch(new RegExp(`^${h.server.url}/l/plink_[A-Za-z0-9]+$`));
    const payers = [await h.newPage(), await h.newPage()];
    const paid: string[] = [];
    for (const payer of payers) {
      await payer.goto(url);
      await expect.poll(() => payer.locator('h1').textContent()).toContain('Boutique Awa');
      await payer.locator('button[type="submit"]').click();
      await payer.waitForURL(/\/pay\/pi_/);
      paid.push(new URL(payer.url()).pathname);
      await waitForState(payer, 'form');
      await pay(payer, 'approved_at_once');
    }
    for (const payer of payers) await waitForState(payer, 'succeeded', 30_000);
    expect(paid[0]).not.toBe(paid[1]);
    await expect.poll(() => countOf(seller, url), { timeout: 15_000, interval: 500 }).toBe('2');
  });

  it('asks the amount a payer chooses, its QR code prints, and an expired link says so, axe finding nothing on them (shots at 360 and 320 px)', async () => {
    const seller = await h.newPage();
    const chosen = await makeLink(seller, { description: 'Tontine du marché', amountMin: '1000', amountMax: '50000' });
    const expiring = await makeLink(seller, { description: 'Beignets du matin', amount: '500', hours: '1' });
    for (const width of [360, 320]) {
      const payer = await h.newPage({ viewport: { width, height: 740 } });
      await payer.goto(chosen);
      await payer.locator('#p-amount').fill('999');
      await payer.locator('button[type="submit"]').click();
      await expect.poll(() => payer.locator('#e-amount').textContent()).toContain('Saisissez un montant entier de');
      await payer.screenshot({ path: `${SHOTS}/amount-${width}.png`, fullPage: true });
      await payer.goto(`${chosen}/qr`);
      expect(await payer.locator('svg.qr').count()).toBe(1);
      await payer.screenshot({ path: `${SHOTS}/qr-${width}.png`, fullPage: true });
      await payer.emulateMedia({ media: 'print' });
      expect(await payer.locator('.noprint').first().isVisible()).toBe(false);
      await payer.emulateMedia({ media: 'screen' });
    }
    ahead = 2 * 3_600_000;
    for (const width of [360, 320]) {
      const payer = await h.newPage({ viewport: { width, height: 740 } });
      const res = await payer.goto(expiring);
      expect(res?.status()).toBe(410);
      await expect.poll(() => payer.locator('h1').textContent()).toBe('Ce lien n’accepte plus de paiements');
      // Nothing wider than the screen: the page reads at 320 px without scrolling sideways.
      expect(await payer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await payer.screenshot({ path: `${SHOTS}/expired-${width}.png`, fullPage: true });
    }
    // axe finds nothing on any of them, in French in the light and in Arabic (right to left) in the dark.
    for (const [lang, colorScheme] of [
      ['fr', 'light'],
      ['ar', 'dark'],
    ] as const) {
      const payer = await h.newPage({ colorScheme });
      for (const address of [`${chosen}?lang=${lang}`, `${chosen}/qr?lang=${lang}`, `${expiring}?lang=${lang}`]) {
        await payer.goto(address);
        expect(await audit(payer), address).toEqual([]);
      }
      await payer.goto(`${chosen}?lang=${lang}`);
      await payer.locator('#p-amount').fill('1');
      await payer.locator('button[type="submit"]').click();
      await payer.locator('#e-amount').waitFor();
      expect(await audit(payer)).toEqual([]);
    }
  });
});
