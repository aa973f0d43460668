// A merchant's React 19 page from the tarball: the server creates the intent with the packaged
// client and renders <MomoCheckout> with react-dom/server; the browser hydrates it, the payer pays
// in Chromium, and the page's onSucceeded callback shows the receipt reference.
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, payApprovedAtOnce, waitForState } from './support/browser';
import { startCommand } from './support/commands';

const { consumer, sandboxUrl } = inject('pkg');

let browser: Browser;
let shop: { child: ChildProcess; url: string };
beforeAll(async () => {
  [browser, shop] = await Promise.all([
    launchChromium(),
    startCommand(process.execPath, [join(consumer, 'ssr-server.mjs')], {
      cwd: consumer,
      env: { MOMO_API_BASE: sandboxUrl },
    }),
  ]);
});
afterAll(async () => {
  shop?.child.kill();
  await browser?.close();
});

describe('a React 19 page rendered on the server and hydrated', () => {
  it('serves <momo-checkout> with its attributes and placeholder in the HTML', async () => {
    const html = await (await fetch(shop.url)).text();
    expect(html).toMatch(
      /<momo-checkout intent="pi_[A-Za-z0-9]+" client-secret="pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+" lang="fr" api-base="[^"]+"><p>Chargement du paiement…<\/p><\/momo-checkout>/,
    );
  });

  for (const viewport of [
    { name: 'phone', width: 360, height: 740 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    it(`hydrates without a mismatch, takes the payment and calls onSucceeded (${viewport.name})`, async () => {
      const context = await browser.newContext({ locale: 'fr-FR', viewport });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      await page.goto(shop.url);
      const checkout = page.locator('momo-checkout');
      await waitForState(checkout, 'form');
      if (process.env.MOMO_PACKAGE_SCREENSHOTS)
        await page.screenshot({
          path: join(process.env.MOMO_PACKAGE_SCREENSHOTS, `react-form-${viewport.name}.png`),
          fullPage: true,
        });
      await payApprovedAtOnce(checkout);
      await waitForState(checkout, 'succeeded');
      await expect.poll(() => page.locator('#paid').textContent()).toMatch(/^Merci ! Paiement reçu : ch_[A-Za-z0-9]+$/);
      if (process.env.MOMO_PACKAGE_SCREENSHOTS)
        await page.screenshot({
          path: join(process.env.MOMO_PACKAGE_SCREENSHOTS, `react-paid-${viewport.name}.png`),
          fullPage: true,
        });
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
