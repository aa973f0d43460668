// A payment with a D-pad (issue 20, item 4): a KaiOS-like phone, 240×320, whose browser moves the
// focus with the arrow keys to the nearest control that way (Chromium's spatial navigation, as
// KaiOS's browser does), types with its keypad, and acts with its centre key (Enter). The hosted
// page is paid with those keys only: every control reached, shown on the screen and marked as focused
// when it is, a wallet chosen with the keys (Wave, which no number chooses), Pay pressed, the receipt.
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { waitForState } from '../widget/browser-helpers';
import { type Harness, startHarness, TEST_TOKEN, testNumber } from './support/harness';

let h: Harness;
let dpad: Browser;
beforeAll(async () => {
  h = await startHarness({ approvalMs: 300 });
  dpad = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, '--enable-spatial-navigation'],
  });
});
afterAll(async () => {
  await dpad?.close();
  await h?.close();
});

/** What has the focus: its id, its wallet or its class, whether it is on the screen and marked. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement;
    const box = element.getBoundingClientRect();
    // The ring is drawn on the control, or on the box around a text field.
    const ringed = [element, element.closest('.momo-input, .momo-operator')].some(
      (el) =>
        el && getComputedStyle(el).outlineStyle !== 'none' && Number.parseFloat(getComputedStyle(el).outlineWidth) >= 2,
    );
    return {
      // A wallet's card is its radio: its value; a button of the wallet's page, its value too.
      what:
        element.id ||
        ((element.type === 'radio' || element.tagName === 'BUTTON') && element.value) ||
        element.className,
      onScreen: box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth,
      ringed,
    };
  });

/**
 * Presses `key` until the focus is on `what` (at most `most` times), and checks it can be seen there
 * (and, on the checkout's page, that it is marked).
 */
async function moveTo(page: Page, key: string, what: string, { most = 8, ours = true } = {}) {
  const path: string[] = [];
  for (let i = 0; i < most; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    path.push(now.what);
    if (now.what === what || now.what.split(' ').includes(what)) {
      expect(now, `${what}, on the screen and marked`).toEqual({
        what: now.what,
        onScreen: true,
        ringed: ours || now.ringed,
      });
      return;
    }
  }
  throw new Error(`${key} never reached ${what}: ${path.join(' → ')}`);
}

describe('hosted page › a D-pad alone', () => {
  it('pays on a 240×320 phone: arrows to each control, the keypad to type, Enter to choose and to pay', async () => {
    const session = await createClient({ baseUrl: h.server.url, token: TEST_TOKEN }).createSession({
      total: 12_500,
      currency: 'xof',
      accountId: 'acct_dpad',
      successUrl: `${h.merchant.url}/thanks`,
      cancelUrl: `${h.merchant.url}/cart`,
      metadata: {},
      items: [{ productId: 'prt_wax', quantity: 1, price: 12_500, productName: 'Pagne wax' }],
    });
    const context = await dpad.newContext({
      viewport: { width: 240, height: 320 },
      locale: 'fr-CI',
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(session.url);
    await waitForState(page, 'form');
    await expect(page.locator('#momo-country').inputValue()).resolves.toBe('ci');

    await moveTo(page, 'ArrowDown', 'momo-phone');
    await page.keyboard.type(testNumber('approved_after_delay', 'ci', 'wave').national);
    // The number's network is MTN's, and MTN MoMo is chosen for it; this payer pays with Wave, which
    // takes any network's numbers and is never chosen for them: down the cards to it, and Enter.
    const chosen = () => page.locator('.momo-operator[data-chosen]').getAttribute('data-operator');
    await expect.poll(chosen).toBe('mtn');
    await moveTo(page, 'ArrowDown', 'orange');
    await moveTo(page, 'ArrowDown', 'wave');
    await page.keyboard.press('Enter');
    await expect.poll(chosen).toBe('wave');
    // Enter chose it, and sent nothing: the form is still being filled.
    await expect(page.locator('.momo-error').count()).resolves.toBe(0);

    await moveTo(page, 'ArrowDown', 'momo-first-name');
    await page.keyboard.type('Awa');
    await moveTo(page, 'ArrowDown', 'momo-last-name');
    await page.keyboard.type('Ndong');
    await moveTo(page, 'ArrowDown', 'momo-email');
    await page.keyboard.type('awa@example.cg');
    await moveTo(page, 'ArrowDown', 'momo-pay');
    await page.keyboard.press('Enter');
    await waitForState(page, 'pending');
    // Wave's step: down to its link, Enter; Wave (here the sandbox's wallet page) approves, the same way.
    await page.locator('.momo-pending[data-step="open_wallet"] a.momo-open').waitFor();
    await moveTo(page, 'ArrowDown', 'momo-open');
    const [wallet] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await wallet.waitForLoadState();
    await moveTo(wallet, 'ArrowDown', 'approve', { ours: false });
    await wallet.keyboard.press('Enter');
    await wallet.getByText(/Payment approved/).waitFor();
    await page.bringToFront();
    await waitForState(page, 'succeeded');
    await expect(page.locator('.momo-receipt').textContent()).resolves.toContain('Wave');
    await context.close();
  }, 40_000);
});
