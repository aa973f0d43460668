// The smallest screens (issue 20): a 320×568 phone and a 240×320 one (KaiOS). Nothing clipped,
// overlapping or wider than the screen — a wallet's name stays inside its card, the merchant's name
// breaks between words — and the pay button and "check now" are reachable.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { type Harness, startHarness, TEST_TOKEN, testNumber } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ approvalMs: 60_000 });
  await fetch(`${h.server.url}/v1/_sandbox/merchant`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${TEST_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Boutique Awa Mbemba' }),
  });
});
afterAll(() => h?.close());

/** What sticks out: the page wider than the screen, and any element whose content is wider than its box. */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > innerWidth)
      found.push(`page ${document.documentElement.scrollWidth} > ${innerWidth}`);
    for (const element of document.querySelectorAll<HTMLElement>('.momo *')) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || element.closest('select, svg')) continue;
      if (element.scrollWidth > element.clientWidth + 1 && style.overflowX !== 'auto')
        found.push(`${element.className || element.tagName}: ${element.scrollWidth} > ${element.clientWidth}`);
      const box = element.getBoundingClientRect();
      if (box.width > 0 && (box.right > innerWidth + 1 || box.left < -1))
        found.push(`${element.className || element.tagName} past the screen`);
    }
    return found;
  });
}

describe.each([
  [320, 568],
  [240, 320],
])('a %i px phone', (width, height) => {
  it('the form and the waiting screen: nothing sticks out, every wallet in its card, pay and check now reachable', async () => {
    const merchant = createClient({ baseUrl: h.server.url, token: TEST_TOKEN });
    const session = await merchant.createSession({
      total: 23_250,
      currency: 'xof',
      accountId: 'acct_narrow',
      successUrl: `${h.merchant.url}/thanks`,
      cancelUrl: `${h.merchant.url}/cart`,
      metadata: {},
      items: [
        { productId: 'prt_wax', quantity: 1, price: 15_000, productName: 'Pagne wax 6 yards' },
        { productId: 'prt_soap', quantity: 3, price: 2_750, productName: 'Savon noir de Pointe-Noire' },
      ],
    });
    const page = await h.newPage({ viewport: { width, height }, isMobile: true, hasTouch: true });
    await page.goto(session.url);
    await page.locator('.momo[data-state="form"]').waitFor();
    await page.locator('#momo-country').selectOption('ci');
    expect(await overflows(page)).toEqual([]);
    // The order opened too.
    await page.locator('.momo-items summary').click();
    expect(await overflows(page)).toEqual([]);
    await page.locator('.momo-items summary').click();
    // The merchant's name is broken between words only.
    const title = await page.locator('.momo-title').evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return [...range.getClientRects()].length <= el.textContent!.split(' ').length;
    });
    expect(title).toBe(true);
    await page.locator('#momo-phone').fill(testNumber('never_approved', 'ci', 'mtn').national);
    await page.locator('#momo-first-name').fill('Awa');
    await page.locator('#momo-last-name').fill('Koné');
    await page.locator('#momo-email').fill('awa@exemple.ci');
    await page.locator('.momo-pay').scrollIntoViewIfNeeded();
    await page.locator('.momo-pay').click();
    await page.locator('.momo[data-state="pending"]:not(:has(.momo-standin))').waitFor();
    expect(await overflows(page)).toEqual([]);
    const check = page.getByRole('button', { name: /vérifier maintenant/ });
    await check.scrollIntoViewIfNeeded();
    await expect(check.isVisible()).resolves.toBe(true);
  });
});
