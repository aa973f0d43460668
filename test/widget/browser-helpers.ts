// What the widget's browser tests share: a merchant page that loads widget.js from the checkout
// server, the payer's moves, and the events the page saw.
import type { Locator, Page } from 'playwright-core';
import type { TestOutcome } from '../../src/phone';
import { type Harness, testNumber } from '../browser/support/harness';

export interface SeenEvent {
  type: string;
  target: string;
  detail: unknown;
}

/** A merchant page (another origin) with the script tag of the integration guide. */
export function merchantPage(
  h: Harness,
  body: string,
  options: { head?: string; headers?: Record<string, string>; path?: string } = {},
): string {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Merchant</title>
<script src="${h.server.url}/widget.js" defer></script>
${options.head ?? ''}</head>
<body>${body}</body></html>`;
  return h.merchant.page(options.path ?? `/shop-${Math.random().toString(36).slice(2)}`, {
    html,
    headers: options.headers,
  });
}

/** Opens a page and waits until the widget's script has run. */
export async function openMerchantPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(
    () => typeof (window as { MomoCheckout?: { mount?: unknown } }).MomoCheckout?.mount === 'function',
  );
}

/** Records every widget event reaching the document, with the id of the element it came from. */
export async function recordEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { seenEvents: unknown[] }).seenEvents = seen;
    for (const type of ['succeeded', 'failed', 'attemptfailed', 'canceled']) {
      document.addEventListener(type, (event) => {
        seen.push({ type, target: (event.target as Element).id, detail: (event as CustomEvent).detail });
      });
    }
  });
}

export const seenEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { seenEvents: SeenEvent[] }).seenEvents);

/** The checkout's root (`.momo`) in a widget, through its shadow root. */
export const checkoutIn = (scope: Locator | Page) => scope.locator('.momo');

/** Until the checkout shows `state`: its own screen, not the stand-in of widget.js's screens' part on its way. */
export async function waitForState(scope: Locator | Page, state: string, timeout = 15_000): Promise<void> {
  await scope.locator(`.momo[data-state="${state}"]:not(:has(.momo-standin))`).waitFor({ timeout });
}

/** Fills the form as a payer would, with the sandbox's number for `outcome`, and pays. */
export async function pay(scope: Locator | Page, outcome: TestOutcome): Promise<string> {
  const number = testNumber(outcome);
  await scope.locator('#momo-first-name').fill('Élodie');
  await scope.locator('#momo-last-name').fill('Mbemba');
  await scope.locator('#momo-email').fill('elodie@example.cg');
  await scope.locator('#momo-country').selectOption('cg');
  await scope.locator('#momo-phone').fill(number.national);
  await scope.locator('.momo-pay').click();
  return number.msisdn;
}
