// Never a dead form on a merchant's page: the placeholder docs/integration.md ("If widget.js never
// runs") gives merchants, its two snippets as the doc has them. When widget.js cannot run (blocked,
// not parsed), nothing of the widget's can: the merchant's own content says what is due and what to
// do, shown by their stylesheet a few seconds late, and never once widget.js has run. The page's
// animations are moved by the test (their clock, not the machine's).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../browser/support/harness';
import { merchantPage, waitForState } from './browser-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const doc = readFileSync(join(__dirname, '../../docs/integration.md'), 'utf8');
const section = doc.slice(doc.indexOf('### If widget.js never runs'));
const snippet = (lang: string) => new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(section)?.[1] ?? '';

/** The doc's snippets, for this intent and this checkout server. */
function placeholderPage(intent: { id: string; secret: string }): string {
  const html = snippet('html')
    .replace('https://<checkout host>', h.server.url)
    .replaceAll('pi_…_secret_…', intent.secret)
    .replaceAll('pi_…', intent.id)
    .replace('<momo-checkout ', '<momo-checkout id="w" ');
  return merchantPage(h, html, { head: `<style>${snippet('css')}</style>` });
}

/** Whether the late notice is there for the payer to read: rendered, visible, with a height. */
const lateShown = (page: Page) =>
  page.evaluate(() => {
    const late = document.querySelector('.momo-late')!;
    const box = late.getBoundingClientRect();
    return late.getClientRects().length > 0 && getComputedStyle(late).visibility === 'visible' && box.height > 0;
  });

/** The page's animations held at `ms` after they started: paused, so that no time passes on their clock meanwhile. */
const animationsAt = (page: Page, ms: number) =>
  page.evaluate((at) => {
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = at;
    }
  }, ms);

describe('widget.js › the merchant’s placeholder when widget.js never runs', () => {
  it('the doc holds both snippets', () => {
    expect(snippet('html')).toContain('class="momo-late"');
    expect(snippet('css')).toContain('.momo-late');
  });

  for (const [why, block] of [
    ['blocked', (page: Page) => page.route('**/widget.js', (route) => route.abort('blockedbyclient'))],
    [
      'not parsed',
      (page: Page) =>
        page.route('**/widget.js', (route) =>
          route.fulfill({ contentType: 'text/javascript', body: 'let a = 1 ?? ;' }),
        ),
    ],
  ] as const) {
    it(`${why}: says what is due and links to the hosted page, once its 8 s are up`, async () => {
      const page = await h.newPage({ viewport: { width: 360, height: 740 } });
      await block(page);
      const intent = await h.newIntent(5_000);
      await page.goto(placeholderPage(intent));
      await animationsAt(page, 7_900);
      expect(await lateShown(page)).toBe(false);
      await animationsAt(page, 8_000);
      expect(await lateShown(page)).toBe(true);
      const late = page.locator('.momo-late');
      await expect(late.textContent()).resolves.toContain('5 000 FCFA à Boutique Awa');
      // The hosted page of the same intent: the payer pays there.
      const link = late.getByRole('link');
      await expect(link.getAttribute('href')).resolves.toBe(`${h.server.url}/pay/${intent.id}#${intent.secret}`);
      await link.click();
      await waitForState(page, 'form');
      await expect(page.locator('.momo-amount').first().textContent()).resolves.toMatch(/^5\s000\sFCFA$/);
    });
  }

  it('never once widget.js has run: the checkout takes the element’s place, content and all', async () => {
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    const intent = await h.newIntent(5_000);
    await page.goto(placeholderPage(intent));
    await waitForState(page.locator('#w'), 'form');
    await animationsAt(page, 60_000);
    expect(await lateShown(page)).toBe(false);
    expect(await page.locator('#w').evaluate((element) => element.shadowRoot !== null)).toBe(true);
  });
});
