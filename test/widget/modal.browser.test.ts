// MomoCheckout.open(): the checkout in a modal dialog over a merchant's page.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '../../src/i18n/fr';
import { type Harness, startHarness } from '../browser/support/harness';
import { merchantPage, openMerchantPage, pay, waitForState } from './browser-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const SHOP =
  '<h1>Boutique</h1><a href="#top" id="before">Accueil</a><button id="buy">Payer</button><a href="#bottom" id="after">Contact</a>';

interface Calls {
  calls: [string, unknown][];
}

/** A merchant page whose "Payer" button opens the checkout; callbacks are recorded in window.calls. */
async function shopWithModal(page: Page, intent: { id: string; secret: string }) {
  await openMerchantPage(page, merchantPage(h, SHOP));
  await page.evaluate(({ id, secret }) => {
    const w = window as unknown as Calls & { MomoCheckout: { open(options: object): unknown } };
    w.calls = [];
    const record = (name: string) => (detail: unknown) => w.calls.push([name, detail]);
    document.getElementById('buy')!.addEventListener('click', () => {
      w.MomoCheckout.open({
        intentId: id,
        clientSecret: secret,
        lang: 'fr',
        onSucceeded: record('succeeded'),
        onFailed: record('failed'),
        onCancel: record('cancel'),
      });
    });
  }, intent);
  await page.locator('#buy').focus();
  await page.keyboard.press('Enter');
  await waitForState(page.locator('momo-checkout-dialog'), 'form');
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as Calls).calls);
const focusIsIn = (page: Page) => page.evaluate(() => document.activeElement?.localName ?? null);
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);
const dialogs = (page: Page) => page.locator('momo-checkout-dialog').count();

describe('MomoCheckout.open › the dialog', () => {
  it('is a labelled modal dialog that keeps focus inside while open', async () => {
    const page = await h.newPage();
    await shopWithModal(page, await h.newIntent());
    const dialog = page.getByRole('dialog', { name: fr['page.title'] });
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.matches(':modal'))).toBe(true);
    expect(await focusIsIn(page)).toBe('momo-checkout-dialog');

    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect(await focusIsIn(page)).toBe('momo-checkout-dialog');
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusIsIn(page)).toBe('momo-checkout-dialog');
    }
    // The page behind cannot be reached by pointer either, nor scrolled.
    await page
      .locator('#after')
      .click({ timeout: 1000, trial: true })
      .then(
        () => expect.unreachable('the page behind should be inert'),
        () => undefined,
      );
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  });

  it('gives the page its own scrolling back when the last dialog closes', async () => {
    const page = await h.newPage();
    const intent = await h.newIntent();
    await openMerchantPage(page, merchantPage(h, `<div style="height: 3000px">${SHOP}</div>`));
    const overflow = () => page.evaluate(() => document.documentElement.style.overflow);
    await page.evaluate(() => (document.documentElement.style.overflow = 'auto'));
    const handles = await page.evaluateHandle(({ id, secret }) => {
      const open = (window as unknown as { MomoCheckout: { open(options: object): { destroy(): void } } }).MomoCheckout
        .open;
      return [open({ intentId: id, clientSecret: secret }), open({ intentId: id, clientSecret: secret })];
    }, intent);
    // Each dialog is up once its part has come from the checkout's origin (src/widget/open.ts).
    await expect.poll(() => page.locator('momo-checkout-dialog').count()).toBe(2);
    expect(await overflow()).toBe('hidden');
    await handles.evaluate(([first]) => first!.destroy());
    expect(await overflow()).toBe('hidden');
    await handles.evaluate(([, second]) => second!.destroy());
    expect(await overflow()).toBe('auto');
    expect(
      await page.evaluate(() => {
        window.scrollBy(0, 500);
        return window.scrollY;
      }),
    ).toBe(500);
  });

  it('a dialog destroyed before its part has come never opens, and the page keeps its scrolling', async () => {
    const page = await h.newPage();
    const intent = await h.newIntent();
    await openMerchantPage(page, merchantPage(h, SHOP));
    const fetched = page.waitForResponse((response) => response.url().endsWith('/steps/dialog.js'));
    await page.evaluate(({ id, secret }) => {
      const open = (window as unknown as { MomoCheckout: { open(options: object): { destroy(): void } } }).MomoCheckout
        .open;
      open({ intentId: id, clientSecret: secret }).destroy();
    }, intent);
    await fetched;
    await page.waitForTimeout(300);
    expect(await page.locator('momo-checkout-dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  });

  it('cancels on Escape, tells the merchant and gives focus back to the opener', async () => {
    const page = await h.newPage();
    const intent = await h.newIntent();
    await shopWithModal(page, intent);
    await page.locator('momo-checkout-dialog #momo-first-name').fill('Awa');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialogs(page)).toBe(0);
    expect(await calls(page)).toEqual([['cancel', { intentId: intent.id, status: 'canceled', chargeId: null }]]);
    expect(await focusedId(page)).toBe('buy');
  });

  it('cancels with its close button and with the cancel link', async () => {
    const page = await h.newPage();
    const intent = await h.newIntent();
    await shopWithModal(page, intent);
    await page.getByRole('button', { name: 'Fermer' }).click();
    await expect.poll(() => dialogs(page)).toBe(0);
    expect(await focusedId(page)).toBe('buy');

    await page.keyboard.press('Enter');
    await waitForState(page.locator('momo-checkout-dialog'), 'form');
    await page.locator('momo-checkout-dialog .momo-cancel').click();
    await expect.poll(() => dialogs(page)).toBe(0);
    expect(await focusedId(page)).toBe('buy');
    expect(await calls(page)).toEqual([
      ['cancel', { intentId: intent.id, status: 'canceled', chargeId: null }],
      ['cancel', { intentId: intent.id, status: 'canceled', chargeId: null }],
    ]);
  });

  it('after a payment, closes without canceling', async () => {
    const page = await h.newPage();
    const intent = await h.newIntent();
    await shopWithModal(page, intent);
    const scope = page.locator('momo-checkout-dialog');
    await pay(scope, 'approved_after_delay');
    await waitForState(scope, 'succeeded');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialogs(page)).toBe(0);
    expect(await calls(page)).toEqual([
      ['succeeded', { intentId: intent.id, status: 'succeeded', chargeId: expect.stringMatching(/^ch_/) }],
    ]);
    expect(await focusedId(page)).toBe('buy');
  });

  it('after a payment, "Done" closes it, without canceling', async () => {
    const page = await h.newPage();
    const intent = await h.newIntent();
    await shopWithModal(page, intent);
    const scope = page.locator('momo-checkout-dialog');
    await pay(scope, 'approved_at_once');
    await waitForState(scope, 'succeeded');
    await scope.getByRole('button', { name: 'Terminé' }).click();
    await expect.poll(() => dialogs(page)).toBe(0);
    expect((await calls(page)).map(([name]) => name)).toEqual(['succeeded']);
    expect(await focusedId(page)).toBe('buy');
  });

  it('closes silently on destroy()', async () => {
    const page = await h.newPage();
    const intent = await h.newIntent();
    await openMerchantPage(page, merchantPage(h, SHOP));
    await page.evaluate(({ id, secret }) => {
      const w = window as unknown as {
        calls: unknown[];
        handle: { destroy(): void };
        MomoCheckout: { open(options: object): { destroy(): void } };
      };
      w.calls = [];
      w.handle = w.MomoCheckout.open({ intentId: id, clientSecret: secret, onCancel: (d: unknown) => w.calls.push(d) });
    }, intent);
    await waitForState(page.locator('momo-checkout-dialog'), 'form');
    await page.evaluate(() => (window as unknown as { handle: { destroy(): void } }).handle.destroy());
    expect(await dialogs(page)).toBe(0);
    expect(await calls(page)).toEqual([]);
  });
});
