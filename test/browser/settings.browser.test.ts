// The settings payers use (issue 30): forced colors (Windows high contrast), where the browser drops
// every background, and reduced motion. In forced colors every button keeps its boundary and the
// waiting screen's progress stays visible; with reduced motion nothing turns or slides.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, testNumber, waitForState } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ approvalMs: 60_000 });
});
afterAll(() => h?.close());

/** Where a run's screenshots go when asked (MOMO_SETTINGS_SCREENSHOTS=dir), to be looked at. */
const shots = process.env.MOMO_SETTINGS_SCREENSHOTS;
const shoot = async (page: Page, name: string) => {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
};

async function payAndWait(page: Page) {
  await page.locator('#momo-first-name').fill('Élodie');
  await page.locator('#momo-last-name').fill('Mbemba');
  await page.locator('#momo-email').fill('elodie@example.cg');
  await page.locator('#momo-phone').fill(testNumber('approved_after_delay').national);
  await page.locator('.momo-pay').click();
  await waitForState(page, 'pending');
}

/** A box's drawn boundary: its border's width and colour as computed, and its background. */
const boundaryOf = (page: Page, selector: string, pseudo?: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element, after) => {
      const style = getComputedStyle(element, after ?? null);
      return {
        width: Number.parseFloat(style.borderTopWidth),
        style: style.borderTopStyle,
        color: style.borderTopColor,
        background: style.backgroundColor,
        outline: style.outlineStyle,
        animation: style.animationName,
      };
    }, pseudo);

/** The animation of the spinner the checkout shows while it works (loading, confirming, checking), as it is styled in the checkout. */
const spinnerAnimation = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('span');
    probe.className = 'momo-spinner';
    document.querySelector('.momo')?.append(probe);
    return getComputedStyle(probe).animationName;
  });

describe('forced colors', () => {
  it('keeps the Pay button’s boundary, and the waiting screen’s progress and its buttons visible', async () => {
    const page = await h.newPage({ viewport: { width: 360, height: 740 }, forcedColors: 'active' });
    const { id, secret } = await h.newIntent();
    await page.goto(`${h.server.url}/pay/${id}#${secret}`);
    await waitForState(page, 'form');
    await shoot(page, 'forced-colors-form');
    const pay = await boundaryOf(page, '.momo-pay');
    expect(pay.width).toBeGreaterThanOrEqual(1);
    expect(pay.style).toBe('solid');
    // The browser draws it in the system's button text colour, not the transparent the page asked.
    expect(pay.color).not.toBe('rgba(0, 0, 0, 0)');

    await payAndWait(page);
    await shoot(page, 'forced-colors-pending');
    const track = await boundaryOf(page, '.momo-progress');
    expect(track.outline).toBe('solid');
    const slider = await boundaryOf(page, '.momo-progress', '::after');
    expect(slider.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(slider.background).not.toBe(track.background);
    for (const button of await page.locator('.momo-pending button, .momo-pending a.momo-secondary').all()) {
      const drawn = await button.evaluate((element) => getComputedStyle(element).borderTopStyle);
      expect(drawn, (await button.textContent()) ?? '').toBe('solid');
    }
  });
});

describe('reduced motion', () => {
  it('turns and slides nothing: the spinner and the progress bar stand still', async () => {
    const page = await h.newPage({ viewport: { width: 360, height: 740 }, reducedMotion: 'reduce' });
    const { id, secret } = await h.newIntent();
    await page.goto(`${h.server.url}/pay/${id}#${secret}`);
    await waitForState(page, 'form');
    await payAndWait(page);
    expect((await boundaryOf(page, '.momo-progress', '::after')).animation).toBe('none');
    expect(await spinnerAnimation(page)).toBe('none');
    await shoot(page, 'reduced-motion-pending');
  });

  it('still turns the spinner for a payer who did not ask for less motion', async () => {
    const page = await h.newPage({ viewport: { width: 360, height: 740 }, reducedMotion: 'no-preference' });
    const { id, secret } = await h.newIntent();
    await page.goto(`${h.server.url}/pay/${id}#${secret}`);
    await waitForState(page, 'form');
    expect(await spinnerAnimation(page)).toBe('momo-spin');
  });
});
