// The widget paid with the keyboard alone, as a payer without a mouse or with a screen reader would:
// Tab in from the merchant's page, type, choose the country with the keys, Enter to pay; a decline
// and a retry; the modal dialog opened, paid and closed. Nothing here clicks or focuses by script.
// (The hosted page's keyboard-only payment is in hosted.browser.test.ts.)
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { fr } from '../../src/i18n/fr';
import { merchantPage, recordEvents, seenEvents, waitForState } from '../widget/browser-helpers';
import { type Harness, startHarness, testNumber } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

interface Focused {
  id: string;
  tag: string;
  text: string;
  label: string;
}

/** The focused element, looking through shadow roots. */
const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return {
      id: active?.id ?? '',
      tag: active?.localName ?? '',
      text: active?.textContent?.trim() ?? '',
      label: active?.getAttribute('aria-label') ?? '',
    };
  });

/** Presses Tab (or Shift+Tab) until `wanted` has the focus; fails after `max` presses. */
async function tabTo(
  page: Page,
  wanted: (f: Focused) => boolean,
  what: string,
  max = 12,
  key = 'Tab',
): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(key);
    if (wanted(await focused(page))) return presses;
  }
  throw new Error(
    `${what} never got the focus in ${max} presses of ${key} (focus on ${JSON.stringify(await focused(page))})`,
  );
}

const byId = (id: string) => (f: Focused) => f.id === id;
const byText = (text: string) => (f: Focused) => f.text === text;

function confirms(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/confirm')) sent.push(request);
  });
  return sent;
}

/**
 * From the first field: country (by typing its first letters), number, past the wallet chosen from
 * the number, names, e-mail, then Enter.
 */
async function typeDetails(page: Page, countryLetters: string | null, national: string) {
  expect((await focused(page)).id).toBe('momo-country');
  if (countryLetters) await page.keyboard.type(countryLetters);
  await page.keyboard.press('Tab');
  expect((await focused(page)).id).toBe('momo-phone');
  await page.keyboard.type(national);
  // Tab enters the wallets on the one the number chose, and the next Tab leaves them.
  await page.keyboard.press('Tab');
  expect((await focused(page)).tag).toBe('input');
  await page.keyboard.press('Tab');
  expect((await focused(page)).id).toBe('momo-first-name');
  await page.keyboard.type('Élodie');
  await page.keyboard.press('Tab');
  await page.keyboard.type("N'Goma");
  await page.keyboard.press('Tab');
  expect((await focused(page)).id).toBe('momo-email');
  await page.keyboard.type('elodie@example.cg');
  await page.keyboard.press('Enter');
}

describe('keyboard only › <momo-checkout> on a merchant page', () => {
  it('Tab in from the page, fill in, choose Cameroon with the keys, Enter: paid, one confirm', async () => {
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    const intent = await h.newIntent(6500);
    const sent = confirms(page);
    await page.goto(
      merchantPage(
        h,
        `<main><h1>Boutique</h1><a href="#top">Accueil</a><momo-checkout id="w" intent="${intent.id}" client-secret="${intent.secret}" lang="fr"></momo-checkout></main>`,
      ),
    );
    await recordEvents(page);
    const widget = page.locator('#w');
    await waitForState(widget, 'form');

    // Loading the widget moved neither the focus nor the page; Tab goes to the page's link, the
    // widget's language switch, then the first field.
    expect(await focused(page)).toMatchObject({ tag: 'body' });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await tabTo(page, byId('momo-country'), 'the country field, the first', 4)).toBe(3);
    const number = testNumber('approved_after_delay', 'cm', 'mtn');
    await typeDetails(page, 'Cam', number.national);
    await waitForState(widget, 'pending');
    // Focus goes to the new screen's heading (after the screen is painted), where a screen reader starts reading.
    await expect.poll(async () => (await focused(page)).text).toBe(fr['pending.heading']);
    await waitForState(widget, 'succeeded');

    expect(sent).toHaveLength(1);
    const body = JSON.parse(sent[0]!.postData() ?? '{}') as {
      payment_method_data: { momo: { country: string; msisdn: string; operator_name: string } };
    };
    expect(body.payment_method_data.momo).toEqual({ country: 'cm', msisdn: number.msisdn, operator_name: 'mtn' });
    expect((await seenEvents(page)).map((e) => e.type)).toEqual(['succeeded']);
  });

  it('a decline, then another number, all with the keys', async () => {
    const page = await h.newPage({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
    const intent = await h.newIntent();
    const sent = confirms(page);
    await page.goto(
      merchantPage(
        h,
        `<main><h1>Shop</h1><momo-checkout id="w" intent="${intent.id}" client-secret="${intent.secret}" lang="en"></momo-checkout></main>`,
      ),
    );
    const widget = page.locator('#w');
    await waitForState(widget, 'form');
    await tabTo(page, byId('momo-country'), 'the country field, the first', 3);
    await typeDetails(page, null, testNumber('declined').national);
    await waitForState(widget, 'failed');
    await expect.poll(async () => (await focused(page)).text).toBe(en['failed.heading']);

    await tabTo(page, byText(en['failed.changeNumber']), 'the "another number" button', 4);
    await page.keyboard.press('Enter');
    await waitForState(widget, 'form');
    await expect.poll(async () => (await focused(page)).text).toBe(en['form.heading']);
    await tabTo(page, byId('momo-phone'), 'the number field', 8);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(testNumber('approved_at_once').national);
    await page.keyboard.press('Enter');
    await waitForState(widget, 'succeeded');
    expect(sent).toHaveLength(2);
  });
});

describe('keyboard only › MomoCheckout.open()', () => {
  it("opens from the merchant's button, pays, closes with Escape and gives the focus back", async () => {
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    const intent = await h.newIntent();
    const url = merchantPage(
      h,
      '<main><h1>Boutique</h1><button id="buy" type="button">Payer la commande</button></main>',
    );
    await page.goto(url);
    await page.waitForFunction(() => 'MomoCheckout' in window);
    // What the merchant's own script would do: open the checkout when its button is pressed.
    await page.evaluate(({ id, secret }) => {
      const w = window as unknown as { calls: string[]; MomoCheckout: { open(options: object): void } };
      w.calls = [];
      document.getElementById('buy')!.addEventListener('click', () =>
        w.MomoCheckout.open({
          intentId: id,
          clientSecret: secret,
          lang: 'fr',
          onSucceeded: () => w.calls.push('succeeded'),
          onCancel: () => w.calls.push('cancel'),
        }),
      );
    }, intent);

    await tabTo(page, byId('buy'), "the merchant's button", 3);
    await page.keyboard.press('Enter');
    const dialog = page.locator('momo-checkout-dialog');
    await waitForState(dialog, 'form');
    await tabTo(page, byId('momo-country'), 'the country field, the first', 6);
    await typeDetails(page, null, testNumber('approved_after_delay').national);
    await waitForState(dialog, 'succeeded');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).id).toBe('buy');
    expect(await page.evaluate(() => (window as unknown as { calls: string[] }).calls)).toEqual(['succeeded']);
  });
});
