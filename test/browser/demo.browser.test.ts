// The demo shop in Chromium (issue 21): its page stores nothing until the customer chooses a way
// to pay; then its script asks the shop's server for the payment and shows the embedded checkout,
// or the dialog; the payment made in the widget, its order shows paid on /demo/orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pay, waitForState } from '../widget/browser-helpers';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('the demo shop', () => {
  it('shows the embedded checkout when asked, takes the payment, and lists the order as paid', async () => {
    const page = await h.newPage();
    await page.goto(`${h.server.url}/demo`);
    const order = await page.locator('#show-widget').getAttribute('data-order');
    expect(await page.locator('momo-checkout').count()).toBe(0);
    await page.locator('#show-widget').click();
    const checkout = page.locator('#widget-slot momo-checkout');
    await waitForState(checkout, 'form');
    await pay(checkout, 'approved_at_once');
    await waitForState(checkout, 'succeeded');
    await expect.poll(() => page.locator('#widget-said').textContent()).toContain('Paiement reçu');
    await page.goto(`${h.server.url}/demo/orders`);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.locator(`tr[data-order="${order}"]`).getAttribute('data-state');
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('paid');
  });

  it('opens the checkout in a dialog for its own payment', async () => {
    const page = await h.newPage();
    await page.goto(`${h.server.url}/demo`);
    await page.locator('#open-dialog').click();
    await waitForState(page.locator('momo-checkout-dialog'), 'form');
  });
});
