// A payer the merchant knows (issue 21, prefill) through each way of the widget that takes a
// `customer` in script: `mount(…, { customer })`, `MomoCheckout.open({ customer })` and the isolated
// frame (`mount(…, { customer, isolated: true })`, the customer handed over by message). Each form
// starts filled — names, e-mail, the number, its country and wallet from the calling code — and the
// payer pays with one press on Pay and nothing typed, the approval on the phone being the sandbox's.
// (The element's customer-* attributes: test/browser/flows.browser.test.ts; the React prop:
// test/react/MomoCheckout.test.ts.)
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, testNumber } from '../browser/support/harness';
import { merchantPage, openMerchantPage, waitForState } from './browser-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ approvalMs: 600 });
});
afterAll(() => h?.close());

const number = testNumber('approved_after_delay', 'cm', 'mtn');
const customer = { firstName: 'Awa', lastName: 'Ndong', email: 'awa@exemple.cm', phone: `+${number.msisdn}` };

type How = 'mount' | 'open' | 'isolated';

/** A merchant page that starts the checkout `how`, with the customer; callbacks in window.calls. */
async function checkoutWithCustomer(page: Page, how: How): Promise<Locator> {
  const intent = await h.newIntent(4500);
  await openMerchantPage(page, merchantPage(h, '<div id="pay"></div>'));
  await page.evaluate(
    ({ id, secret, how, customer }) => {
      const w = window as unknown as {
        calls: unknown[];
        MomoCheckout: { mount(target: string, options: object): unknown; open(options: object): unknown };
      };
      w.calls = [];
      const options = {
        intentId: id,
        clientSecret: secret,
        lang: 'fr',
        customer,
        onSucceeded: (detail: unknown) => w.calls.push(detail),
      };
      if (how === 'open') w.MomoCheckout.open(options);
      else w.MomoCheckout.mount('#pay', { ...options, isolated: how === 'isolated' });
    },
    { ...intent, how, customer },
  );
  const scope =
    how === 'open'
      ? page.locator('momo-checkout-dialog')
      : how === 'isolated'
        ? (page.frameLocator('#pay iframe') as unknown as Locator)
        : page.locator('#pay');
  await waitForState(scope, 'form');
  return scope;
}

describe('a payer the merchant knows, in the widget', () => {
  for (const how of ['mount', 'open', 'isolated'] as const) {
    it(`${how === 'isolated' ? 'mount(…, { isolated: true, customer })' : `${how}({ customer })`}: the form is filled, one press on Pay and the approval pay`, async () => {
      const page = await h.newPage({ viewport: { width: 360, height: 740 } });
      const scope = await checkoutWithCustomer(page, how);
      await expect.poll(() => scope.locator('#momo-first-name').inputValue()).toBe('Awa');
      await expect(scope.locator('#momo-last-name').inputValue()).resolves.toBe('Ndong');
      await expect(scope.locator('#momo-email').inputValue()).resolves.toBe('awa@exemple.cm');
      await expect(scope.locator('#momo-country').inputValue()).resolves.toBe('cm');
      await expect(scope.locator('input[name="operator"][value="mtn"]').isChecked()).resolves.toBe(true);
      // As given, in international form: the number, whatever its spacing.
      expect((await scope.locator('#momo-phone').inputValue()).replace(/\D/g, '')).toBe(number.msisdn);
      await scope.locator('.momo-pay').click();
      await waitForState(scope, 'succeeded');
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { calls: unknown[] }).calls))
        .toEqual([
          { intentId: expect.stringMatching(/^pi_/), status: 'succeeded', chargeId: expect.stringMatching(/^ch_/) },
        ]);
    }, 30_000);
  }
});
