// The checkout against a service with none of the sandbox's extensions (no approval_expires_at,
// no payment_method detail, no Idempotency-Key, no GET /v1/sessions/{id}): the hosted page and the
// widget still take a payment to the end, relying on what the interface alone promises.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { merchantPage, openMerchantPage, pay, recordEvents, seenEvents, waitForState } from '../widget/browser-helpers';
import { type Harness, startHarness, TEST_TOKEN } from './support/harness';

const SHOTS = 'test-results/bare-service';
let h: Harness;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness({ extensions: false, approvalMs: 1500 });
});
afterAll(() => h?.close());

/** What the service answered the page's reads of an intent, as it sent them. */
function watchReads(page: Page): Record<string, unknown>[] {
  const reads: Record<string, unknown>[] = [];
  page.on('response', async (response) => {
    if (response.request().method() === 'GET' && /\/v1\/payment-intents\/[^/]+$/.test(response.url())) {
      // A read still on its way when the page moves on (the receipt, the test's end) has no body
      // left to read: it is not counted, rather than failing the run after its test.
      const body = await response.json().catch(() => null);
      if (body) reads.push(body as Record<string, unknown>);
    }
  });
  return reads;
}

describe('checkout › against a bare service', () => {
  it('the hosted page pays an intent link to the receipt, and never uses a secret read from the service', async () => {
    const { id, secret } = await h.newIntent(5000);
    const other = await h.newIntent(5000);
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    const reads = watchReads(page);
    // The interface shows the secret on every read; the page must pay with the one in its address:
    // here every read carries another intent's secret, which a confirm would have refused.
    await page.route(/\/v1\/payment-intents\/[^/]+$/, async (route) => {
      // A conditional read would come back 304 without a body: this one asks for the whole answer.
      const headers = route.request().headers();
      delete headers['if-none-match'];
      const response = await route.fetch({ headers });
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, client_secret: other.secret } });
    });
    await page.goto(`${h.server.url}/pay/${id}#${secret}`);
    await waitForState(page, 'form');
    await pay(page, 'approved_after_delay');
    await waitForState(page, 'pending');
    // No approval_expires_at, no next_action: the push, and no countdown of a window the service did not give.
    await page.locator('.momo-pending[data-step="push"]').waitFor();
    expect(await page.locator('.momo-timer').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/pending-360.png`, fullPage: true });
    await waitForState(page, 'succeeded');
    await page.screenshot({ path: `${SHOTS}/succeeded-360.png`, fullPage: true });
    expect(await page.locator('.momo-receipt').textContent()).toMatch(/5\s000\sFCFA/);

    expect(reads.length).toBeGreaterThan(1);
    for (const read of reads) {
      expect(read).not.toHaveProperty('approval_expires_at');
      expect(read.payment_method).toBeNull();
    }
    const paid = await createClient({ baseUrl: h.server.url, token: TEST_TOKEN }).getIntent(id);
    expect(paid.status).toBe('succeeded');
    expect(paid.event.charges).toHaveLength(1);
  }, 40_000);

  it('a session link says clearly that the order cannot be shown, in French and English, and sends no confirm', async () => {
    const session = await createClient({ baseUrl: h.server.url, token: TEST_TOKEN }).createSession({
      total: 3000,
      currency: 'xaf',
      accountId: 'acct_bare',
      successUrl: `${h.merchant.url}/ok`,
      cancelUrl: `${h.merchant.url}/cart`,
      metadata: {},
      items: [{ productId: 'prt_rice', quantity: 1, price: 3000, productName: 'Riz' }],
    });
    for (const [locale, text, viewport] of [
      ['fr-FR', 'Cette commande ne peut pas être affichée ici', { width: 360, height: 740 }],
      ['en-GB', 'This order cannot be shown here', { width: 1280, height: 800 }],
    ] as const) {
      const page = await h.newPage({ locale, viewport });
      const posts: string[] = [];
      page.on('request', (request) => void (request.method() === 'POST' && posts.push(request.url())));
      await page.goto(session.url);
      await waitForState(page, 'error');
      expect(await page.getByRole('alert').textContent()).toContain(text);
      // A final message: nothing beside it says it is still loading.
      expect(await page.locator('.momo-spinner, .momo-loading').count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/session-unavailable-${locale}-${viewport.width}.png`, fullPage: true });
      expect(posts).toEqual([]);
    }
  }, 40_000);

  it('the widget on a merchant page pays and tells the page', async () => {
    const { id, secret } = await h.newIntent(7500);
    const page = await h.newPage({ viewport: { width: 1280, height: 800 } });
    await openMerchantPage(
      page,
      merchantPage(h, `<momo-checkout id="w" intent="${id}" client-secret="${secret}" lang="en"></momo-checkout>`),
    );
    await recordEvents(page);
    const widget = page.locator('#w');
    await waitForState(widget, 'form');
    await pay(widget, 'approved_at_once');
    await waitForState(widget, 'succeeded');
    await page.screenshot({ path: `${SHOTS}/widget-succeeded-1280.png`, fullPage: true });
    await expect
      .poll(() => seenEvents(page))
      .toEqual([
        { type: 'succeeded', target: 'w', detail: expect.objectContaining({ intentId: id, status: 'succeeded' }) },
      ]);
  }, 40_000);
});
