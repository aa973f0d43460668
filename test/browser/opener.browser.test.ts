// A merchant page (or any page) that opens the hosted page with window.open keeps no handle on it:
// it cannot read it nor send the payer's tab elsewhere mid-payment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('hosted page › opened from another page', () => {
  it('is out of its opener’s reach: no window.opener, and the opener cannot navigate it', async () => {
    const { id, secret } = await h.newIntent();
    const page = await h.newPage();
    await page.goto(h.merchant.page('/opener', '<!doctype html><title>Opener</title><p>Shop</p>'));
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate((url) => {
        (window as unknown as { opened: Window | null }).opened = window.open(url);
      }, `${h.server.url}/pay/${id}#${secret}`),
    ]);
    await popup.locator('.momo[data-state="form"]').waitFor();
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    // The opener's handle is severed: it sees a closed window and its navigation goes nowhere.
    expect(await page.evaluate(() => (window as unknown as { opened: Window }).opened.closed)).toBe(true);
    await page.evaluate(() => {
      try {
        (window as unknown as { opened: Window }).opened.location.href = 'about:blank#swapped';
      } catch {
        // a severed handle may throw as well
      }
    });
    await popup.waitForTimeout(500);
    expect(popup.url()).toBe(`${h.server.url}/pay/${id}#${secret}`);
  });
});
