// What must not break across lines, or be cut, on a phone's narrow screen (a payer review): a phone
// number inside a sentence or a button stays on one line ("Renvoyer une demande au 6 / 71 23 45 91"
// was read as two numbers), in French and in Arabic; and the loading line wraps rather than losing
// its end ("Chargement de votre paiem…"). Widths from 240 to 360 px, so that some width would break
// each of them if it could.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../src/i18n';
import { type Harness, startHarness, testNumber, waitForState } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ approvalMs: 300 });
});
afterAll(() => h?.close());

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const WIDTHS = Array.from({ length: 16 }, (_, i) => 240 + i * 8);

/**
 * The lines (distinct tops) the phone number in `selector`'s text sits on, at the page's width: the
 * number found as its run of digits and spaces. Run in the page.
 */
function linesOfNumber(selector: string): number {
  const el = document.querySelector(selector);
  const walker = document.createTreeWalker(el as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const found = /\+?\d[\d\s\u00a0]{6,}\d/.exec(node.textContent ?? '');
    if (!found) continue;
    const range = document.createRange();
    range.setStart(node, found.index);
    range.setEnd(node, found.index + found[0].length);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  }
  return 0;
}

describe('on one line', () => {
  for (const lang of ['fr', 'ar'] as const)
    it(`the number in "send a new request to …" (${lang}) is never broken, at any width`, async () => {
      const intent = await h.newIntent(5000);
      const page = await h.newPage(PHONE);
      await page.goto(`${h.server.url}/pay/${intent.id}?lang=${lang}#${intent.secret}`);
      await waitForState(page, 'form');
      await page.locator('#momo-country').selectOption('cg');
      await page.locator('#momo-phone').fill(testNumber('declined').national);
      await page.locator('#momo-first-name').fill('Awa');
      await page.locator('#momo-last-name').fill('Ndong');
      await page.locator('#momo-email').fill('awa@example.cg');
      await page.locator('#momo-email').press('Enter');
      await waitForState(page, 'failed');
      const button = '.momo-failed button.momo-pay';
      await expect(page.locator(button).textContent()).resolves.toMatch(/\d/);
      const broken: number[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 740 });
        const lines = await page.evaluate(linesOfNumber, button);
        expect(lines).toBeGreaterThan(0);
        if (lines > 1) broken.push(width);
      }
      expect(broken).toEqual([]);
      await page.setViewportSize({ width: 360, height: 740 });
      await page.screenshot({ path: `test-results/one-line/failed-${lang}-360x740.png`, fullPage: true });
      await page.setViewportSize({ width: 320, height: 740 });
      await page.screenshot({ path: `test-results/one-line/failed-${lang}-320.png`, fullPage: true });
    });

  it('"loading your payment…" wraps instead of being cut, at any width', async () => {
    const intent = await h.newIntent(5000);
    const page = await h.newPage(PHONE);
    // The intent's read never answers: the page stays loading.
    await page.route(/\/v1\/payment-intents\/[^/]+$/, () => {});
    await page.goto(`${h.server.url}/pay/${intent.id}?lang=fr#${intent.secret}`);
    const line = page.locator('.momo[data-state="loading"] .momo-loading span').first();
    await expect(line.textContent()).resolves.toBe(translator('fr')('loading'));
    const cut: number[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      if (await line.evaluate((el) => el.scrollWidth > el.clientWidth + 1)) cut.push(width);
    }
    expect(cut).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: 'test-results/one-line/loading-360x740.png', fullPage: true });
    await page.setViewportSize({ width: 320, height: 740 });
    await page.screenshot({ path: 'test-results/one-line/loading-320.png', fullPage: true });
  });
});
