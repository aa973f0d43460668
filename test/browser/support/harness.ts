// The shared setup of browser tests: the checkout server (sandbox API, hosted page, widget.js) on
// one ephemeral port, a merchant site on another, and Debian's Chromium.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { createClient } from '../../../src/api';
import { TEST_NUMBERS, type TestNumber, type TestOutcome } from '../../../src/phone';
import type { SandboxOptions } from '../../../src/sandbox';
import { type RunningServer, startCheckoutServer } from '../../../src/server/checkout-server';
import { launchChromium } from '../../support/chromium';
import { type MerchantSite, startMerchantSite } from '../../support/merchant-site';

export const TEST_TOKEN = 'sk_test_browser';

export interface Harness {
  server: RunningServer;
  merchant: MerchantSite;
  browser: Browser;
  /** A fresh browser context (cookies, storage) and page, French unless told; closed with the harness. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A payment intent created by the merchant's server through the API. */
  newIntent(amount?: number): Promise<{ id: string; secret: string }>;
  close(): Promise<void>;
}

export async function startHarness(sandboxOptions: SandboxOptions = {}): Promise<Harness> {
  const server = await startCheckoutServer({
    port: 0,
    sandboxOptions: { approvalMs: 800, env: {}, ...sandboxOptions },
  });
  const merchant = await startMerchantSite();
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  const api = createClient({ baseUrl: server.url, token: TEST_TOKEN });
  return {
    server,
    merchant,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({ locale: 'fr-FR', ...options });
      contexts.push(context);
      return context.newPage();
    },
    async newIntent(amount = 5000) {
      const intent = await api.createIntent({ amount, currency: 'xaf', description: 'Browser test' });
      if (!intent.client_secret) throw new Error('the sandbox returned no client secret');
      return { id: intent.intent_id, secret: intent.client_secret };
    },
    async close() {
      await Promise.allSettled(contexts.map((context) => context.close()));
      await browser.close();
      await Promise.all([merchant.close(), server.close()]);
    },
  };
}

/** The sandbox's test number for an outcome (Congo MTN unless told). */
/**
 * Waits until the checkout shows screen `name` itself — not a stand-in of a part still on its way
 * (`.momo-standin`: src/hosted/lazy-screens.tsx).
 */
export const waitForState = (page: Pick<Page, 'locator'>, name: string, timeout = 15_000): Promise<void> =>
  page.locator(`.momo[data-state="${name}"]:not(:has(.momo-standin))`).waitFor({ timeout });

export function testNumber(outcome: TestOutcome, country = 'cg', operator = 'mtn'): TestNumber {
  const found = TEST_NUMBERS.find((n) => n.country === country && n.operator === operator && n.outcome === outcome);
  if (!found) throw new Error(`no test number for ${country}/${operator}/${outcome}`);
  return found;
}

/**
 * The payer's part where the wallet asks for a one-time code (Orange Money in Senegal, Côte
 * d'Ivoire, Mali, Burkina Faso): the sandbox's right code, typed on the code step.
 */
export async function typeCodeIfAsked(scope: Pick<Page, 'locator'>): Promise<void> {
  const step = scope
    .locator(
      '.momo-pending[data-step], .momo[data-state="succeeded"]:not(:has(.momo-standin)), .momo[data-state="failed"]:not(:has(.momo-standin))',
    )
    .first();
  await step.waitFor({ timeout: 15_000 });
  if ((await step.getAttribute('data-step')) !== 'enter_otp') return;
  await scope.locator('#momo-code').fill('123456');
  await scope.locator('.momo-code button[type="submit"]').click();
}
