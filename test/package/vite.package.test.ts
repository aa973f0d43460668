// A merchant's Vite app (Vite 7, Rollup: another bundler than the package's own) bundling the
// widget from the tarball: `momo-checkout/widget` with define() and mount(), and widget.js imported
// as it is, which must still give the page window.MomoCheckout. Paid in Chromium.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient } from '../../src/api';
import { launchChromium, payApprovedAtOnce, serveDir, waitForState } from './support/browser';

const { consumer, sandboxUrl } = inject('pkg');
const momo = createClient({ baseUrl: sandboxUrl, token: 'sk_test_vite_shop' });

let browser: Browser;
let site: Awaited<ReturnType<typeof serveDir>>;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchChromium(), serveDir(join(consumer, 'dist'))]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function openWith(page: string, amount: number) {
  const intent = await momo.createIntent({ amount, currency: 'xaf' });
  const tab = await browser.newPage({ locale: 'fr-FR' });
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  const link = new URLSearchParams({ intent: intent.intent_id, secret: intent.client_secret ?? '', api: sandboxUrl });
  await tab.goto(`${site.url}/${page}.html#${link}`);
  return { tab, errors, slot: tab.locator('#pay') };
}

describe('a Vite app bundling momo-checkout/widget', () => {
  it('defines the element, mounts the checkout and is told of the payment', async () => {
    const { tab, errors, slot } = await openWith('widget', 4200);
    await waitForState(slot, 'form');
    expect(await slot.locator('.momo-amount').textContent()).toMatch(/4\s200/);
    expect(await tab.evaluate(() => typeof customElements.get('momo-checkout'))).toBe('function');
    await payApprovedAtOnce(slot);
    await waitForState(slot, 'succeeded');
    await expect.poll(() => tab.locator('body').getAttribute('data-paid')).toMatch(/^ch_/);
    expect(errors).toEqual([]);
  });

  it('keeps React out of the widget pages’ bundles', async () => {
    const assets = await readdir(join(consumer, 'dist/assets'));
    const widgetChunks = await Promise.all(
      assets
        .filter((name) => /^(widget|script)/.test(name))
        .map((name) => readFile(join(consumer, 'dist/assets', name), 'utf8')),
    );
    expect(widgetChunks.length).toBeGreaterThan(0);
    for (const code of widgetChunks)
      expect(code).not.toMatch(/react\.(?:element|transitional)|__SECRET_INTERNALS|react-dom/);
  });
});

describe('a Vite app bundling momo-checkout/widget.js as it is', () => {
  it('gets window.MomoCheckout and <momo-checkout>, and the queued mount runs', async () => {
    const { tab, errors, slot } = await openWith('script', 2600);
    await waitForState(slot, 'form');
    expect(await slot.locator('.momo-amount').textContent()).toMatch(/2\s600/);
    expect(
      await tab.evaluate(() => [
        Object.keys(window.MomoCheckout ?? {}).sort(),
        typeof customElements.get('momo-checkout'),
      ]),
    ).toEqual([['mount', 'open', 'push'], 'function']);
    expect(errors).toEqual([]);
  });
});
