// Wallets' health before paying, in Chromium (issue 31 item 5): a wallet the sandbox is told is
// down is announced on the form, tied to its choice; the number of that wallet does not choose it
// for the payer, and the payer pays with another wallet all the same. Screenshots for a look at
// 360×740 and 320 px go to /tmp when MOMO_SCREENSHOTS is set.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WalletFault } from '../../src/sandbox/faults/wallets';
import { type Harness, startHarness, testNumber } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ approvalMs: 500, faults: true });
});
afterEach(async () => {
  await fetch(`${h.server.url}/v1/_sandbox/faults`, { method: 'DELETE' });
});
afterAll(() => h?.close());

async function setWallet(fault: WalletFault) {
  const response = await fetch(`${h.server.url}/v1/_sandbox/faults/wallets`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(response.status).toBe(201);
}

async function open(width = 360, height = 740): Promise<Page> {
  const { id, secret } = await h.newIntent(2500);
  const page = await h.newPage();
  await page.setViewportSize({ width, height });
  await page.goto(`${h.server.url}/pay/${id}?lang=fr#${secret}`);
  await page.locator('.momo[data-state="form"]:not(:has(.momo-standin))').waitFor({ timeout: 15_000 });
  return page;
}

describe('wallets’ health on the form', () => {
  it('a wallet set down is announced with its choice, not chosen from its number, and the payer pays with another', async () => {
    await setWallet({ country: 'cg', operator_name: 'mtn', status: 'down' });
    const page = await open();
    const mtn = page.getByRole('radio', { name: 'MTN MoMo' });
    await expect.poll(() => mtn.getAttribute('aria-describedby')).toBe('momo-health-mtn');
    expect(await page.locator('#momo-health-mtn').textContent()).toBe(
      'MTN MoMo ne répond pas en ce moment\u00a0: choisissez un autre portefeuille si vous en avez un',
    );
    expect(await mtn.isEnabled()).toBe(true);
    // An MTN number: the down wallet is not chosen for the payer.
    await page.locator('#momo-phone').fill(testNumber('approved_at_once', 'cg', 'mtn').national);
    expect(await mtn.isChecked()).toBe(false);
    // Another wallet, its own number: paid.
    await page.locator('#momo-phone').fill(testNumber('approved_at_once', 'cg', 'airtel').national);
    await page.getByRole('radio', { name: 'Airtel Money' }).check();
    await page.locator('#momo-first-name').fill('Awa');
    await page.locator('#momo-last-name').fill('Ndong');
    await page.locator('#momo-email').fill('awa@example.cg');
    await page.locator('.momo-pay').click();
    await page.locator('.momo[data-state="succeeded"]').waitFor({ timeout: 20_000 });
  }, 40_000);

  it('a slow and a down wallet side by side, at 360×740 and at 320 px', async () => {
    await setWallet({ country: 'cg', operator_name: 'mtn', status: 'down' });
    await setWallet({ country: 'cg', operator_name: 'airtel', status: 'slow', delay_seconds: 300 });
    for (const width of [360, 320]) {
      const page = await open(width);
      const slow = page.locator('#momo-health-airtel');
      await slow.waitFor();
      expect(await slow.textContent()).toBe(
        'Airtel Money est lent en ce moment\u00a0: la validation peut prendre 5 minutes',
      );
      // Nothing runs past the page's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (process.env.MOMO_SCREENSHOTS)
        await page.screenshot({ path: `/tmp/availability-${width}.png`, fullPage: true });
      await page.close();
    }
  }, 40_000);
});
