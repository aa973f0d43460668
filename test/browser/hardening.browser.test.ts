// What the hardening round changed that a payer sees: a page that opened the hosted page keeps no
// handle on it, and an intent the service canceled after too many attempts says so.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, testNumber } from './support/harness';

const SHOTS = 'test-results/hardening';
let h: Harness;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness({ confirmRateLimit: false });
});
afterAll(() => h?.close());

describe('hosted page › opened from another page', () => {
  it('is out of its opener’s reach: no window.opener, and the opener cannot navigate it', async () => {
    const { id, secret } = await h.newIntent();
    const page = await h.newPage();
    await page.goto(h.merchant.page('/opener', '<!doctype html><title>Opener</title><p>Shop</p>'));
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate((url) => {
        (window as unknown as { opened: Window | null }).opened = window.open(url);
      }, `${h.server.url}/pay/${id}#${secret}`),
    ]);
    await popup.locator('.momo[data-state="form"]').waitFor();
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    // The opener's handle is severed: it sees a closed window and its navigation goes nowhere.
    expect(await page.evaluate(() => (window as unknown as { opened: Window }).opened.closed)).toBe(true);
    await page.evaluate(() => {
      try {
        (window as unknown as { opened: Window }).opened.location.href = 'about:blank#swapped';
      } catch {
        // a severed handle may throw as well
      }
    });
    await popup.waitForTimeout(500);
    // Still the payment page (without its secret in the address, which it took out once read).
    expect(popup.url()).toBe(`${h.server.url}/pay/${id}`);
  });
});

describe('hosted page › an intent canceled after 20 failed attempts', () => {
  it('says the payment failed too many times and to ask for a new link, in French and English', async () => {
    const { id, secret } = await h.newIntent(2500);
    const down = testNumber('operator_unavailable');
    for (let i = 0; i < 20; i += 1) {
      const answer = await fetch(`${h.server.url}/v1/payment-intents/${id}/confirm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          client_secret: secret,
          first_name: 'Awa',
          last_name: 'Ndong',
          receipt_email: 'awa@example.cg',
          payment_method_data: {
            type: 'momo',
            momo: { country: down.country, msisdn: down.msisdn, operator_name: down.operator },
          },
        }),
      });
      expect(answer.status).toBe(200);
    }
    for (const [locale, text, viewport] of [
      ['fr-FR', 'Ce paiement a échoué trop de fois', { width: 360, height: 740 }],
      ['en-GB', 'This payment has failed too many times', { width: 1280, height: 800 }],
    ] as const) {
      const page = await h.newPage({ locale, viewport });
      await page.goto(`${h.server.url}/pay/${id}#${secret}`);
      await page.locator('.momo[data-state="error"]').waitFor();
      expect(await page.getByRole('alert').textContent()).toContain(text);
      await page.screenshot({ path: `${SHOTS}/too-many-attempts-${locale}-${viewport.width}.png`, fullPage: true });
    }
  });
});
