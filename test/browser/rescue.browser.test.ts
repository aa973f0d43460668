// The rescue when the push never comes (issue 31 item 4), in Chromium, with the sandbox's number
// ending 96 (its push never arrives): the waiting screen says nothing more for 40 s, then offers,
// politely and without taking the focus, MTN MoMo Cameroon's menu code *126# as a tap-to-dial link
// and when a new request can go. Then either way on: the payer approves from the menu (played by the
// sandbox's POST /v1/_sandbox/menu/{id}) and the page follows to the receipt, one confirm; or the
// request expires and "Renvoyer une demande" sends a new one, whose push comes and pays — two
// attempts, one charge paid. The page's clock is Playwright's (fast-forwarded past the wait); the
// sandbox's runs `ahead` of the real one to let an attempt expire. Shots at 360×740 and 320 px.
import { mkdirSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../src/i18n';
import { RESCUE_AFTER_MS } from '../../src/methods/momo/rescue';
import { type Harness, startHarness, TEST_TOKEN, testNumber, waitForState } from './support/harness';
import { audit } from './support/axe';

const SHOTS = 'test-results/rescue';
const PENDING_TIMEOUT_MS = 120_000;
const NARROW: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
let h: Harness;
let ahead = 0;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness({ approvalMs: 1000, pendingTimeoutMs: PENDING_TIMEOUT_MS, now: () => Date.now() + ahead });
});
afterAll(() => h?.close());

/** The hosted page of a new intent in `lang`, its clock Playwright's; the MTN Cameroon number ending 96 typed by keyboard, then Enter. */
async function payWithLostPush(lang: 'fr' | 'en') {
  const intent = await h.newIntent(5000);
  const page = await h.newPage(NARROW);
  let confirms = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/confirm')) confirms++;
  });
  await page.clock.install();
  await page.goto(`${h.server.url}/pay/${intent.id}?lang=${lang}#${intent.secret}`);
  await waitForState(page, 'form');
  const number = testNumber('prompt_lost', 'cm', 'mtn');
  await page.locator('#momo-country').selectOption('cm');
  await page.locator('#momo-phone').focus();
  await page.keyboard.type(number.national);
  await page.locator('#momo-first-name').focus();
  await page.keyboard.type('Awa');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ndiaye');
  await page.keyboard.press('Tab');
  await page.keyboard.type('awa@exemple.cm');
  await page.keyboard.press('Enter');
  await page.locator('.momo-pending[data-step="push"]').waitFor({ timeout: 15_000 });
  return { page, intent, confirms: () => confirms };
}

/** Past the wait on the page's clock: the rescue is shown, the focus where it was. */
async function rescueShown(page: Page) {
  const rescue = page.locator('.momo-rescue');
  await expect(rescue.getAttribute('aria-live')).resolves.toBe('polite');
  await expect(rescue.textContent()).resolves.toBe('');
  // The waiting screen moves focus to its own heading once its part has painted: record the focus
  // after that, so what is compared is only what the rescue might move.
  await page.waitForFunction(() => document.activeElement?.matches('.momo-pending h2') ?? false, null, {
    timeout: 15_000,
  });
  const focusedBefore = await page.evaluate(() => document.activeElement?.outerHTML);
  await page.clock.fastForward(RESCUE_AFTER_MS + 1000);
  await page.locator('.momo-rescue a.momo-dial').waitFor({ timeout: 15_000 });
  await expect(page.evaluate(() => document.activeElement?.outerHTML)).resolves.toBe(focusedBefore);
  return rescue;
}

describe('the push that never comes', () => {
  it('fr: after 40 s the rescue offers *126# to tap; approved from the menu, the page follows to the receipt, one confirm', async () => {
    const { page, intent, confirms } = await payWithLostPush('fr');
    const rescue = await rescueShown(page);
    const t = translator('fr');
    await expect(rescue.textContent()).resolves.toContain(t('rescue.title'));
    await expect(page.locator('.momo-rescue a.momo-dial').getAttribute('href')).resolves.toBe('tel:*126%23');
    await expect(audit(page)).resolves.toEqual([]);
    // Reachable by keyboard: Tab from the heading comes to the link.
    await page.locator('.momo-pending h2').focus();
    let reached = false;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.classList.contains('momo-dial') ?? false);
    }
    expect(reached).toBe(true);
    await page.screenshot({ path: `${SHOTS}/rescue-360x740.png`, fullPage: true });
    await page.setViewportSize({ width: 320, height: 740 });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(320);
    await page.screenshot({ path: `${SHOTS}/rescue-320.png`, fullPage: true });

    // The payer dials *126# and approves there: the sandbox hears it from the menu.
    const answer = await fetch(`${h.server.url}/v1/_sandbox/menu/${intent.id}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_TOKEN}` },
    });
    expect(answer.status).toBe(200);
    // "Check now" — unless the page's own next read has seen it first, and the button is gone.
    await Promise.race([
      page
        .locator('.momo-pending button.momo-check')
        .click()
        .catch(() => {}),
      waitForState(page, 'succeeded'),
    ]);
    await waitForState(page, 'succeeded');
    expect(confirms()).toBe(1);
  });

  it('en: the request expires, "Send a new request" goes out, its push comes and pays — two attempts, one paid', async () => {
    const { page, intent, confirms } = await payWithLostPush('en');
    const rescue = await rescueShown(page);
    const t = translator('en');
    await expect(rescue.textContent()).resolves.toContain(t('rescue.title'));
    // No second request while this one waits: only once it has ended (the sandbox's clock moves past it).
    ahead += PENDING_TIMEOUT_MS + 1000;
    await Promise.race([
      page
        .locator('.momo-pending button.momo-check')
        .click()
        .catch(() => {}),
      waitForState(page, 'failed'),
    ]);
    await waitForState(page, 'failed');
    await page.locator('.momo-pay').click();
    await waitForState(page, 'succeeded');
    expect(confirms()).toBe(2);
    const read = await fetch(`${h.server.url}/v1/payment-intents/${intent.id}`, {
      headers: { Authorization: `Bearer ${TEST_TOKEN}` },
    });
    const body = (await read.json()) as { status: string; event: { charges: { status: string }[] } };
    expect(body.status).toBe('succeeded');
    expect(body.event.charges.map((c) => c.status)).toEqual(['failed', 'succeeded']);
  });
});
