// No dead end, ever (issue 30, item 1), in Debian's Chromium: each way a payer could be stranded ends
// on a screen that says what happened, with a way on, and no spinner beside a final message.
// (a) A tab without storage (cookies blocked: sessionStorage throws — Chromium's own setting, and
//     stood in for; some WebViews: it is null)
//     whose page's script cannot start: the plain form, then the page tried again, still pays — the
//     secret kept in the address' fragment, which no request carries.
// (b) Back after "Annuler et revenir chez le marchand": the payer reads that they canceled, with the
//     way back to the merchant, and nothing to pay with (issue 14: Back on a shared phone starts nothing).
// (c) An error screen (a link without its secret, a widget whose apiBase is no service) shows
//     no "loading" beside it. (A bare service's session link: bare-service.browser.test.ts.)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { merchantPage, pay, waitForState } from '../widget/browser-helpers';
import { type Harness, startHarness, TEST_TOKEN } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.merchant.page('/cart', '<!doctype html><title>Panier</title><h1>Votre panier</h1>');
});
afterAll(() => h?.close());

const newSession = () =>
  createClient({ baseUrl: h.server.url, token: TEST_TOKEN }).createSession({
    total: 12_500,
    currency: 'xaf',
    accountId: 'acct_dead_ends',
    successUrl: `${h.merchant.url}/thanks`,
    cancelUrl: `${h.merchant.url}/cart`,
    metadata: {},
    items: [{ productId: 'prt_wax', quantity: 1, price: 12_500, productName: 'Pagne wax' }],
  });

type Storage = 'throwing' | 'null';

/** The tab's sessionStorage as a browser that blocks it has it, before any script of the page. */
async function withoutStorage(page: Page, how: Storage) {
  await page.addInitScript((mode: Storage) => {
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      get() {
        if (mode === 'null') return null;
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  }, how);
}

/** Every address the page asks for, and every Referer it sends. */
function addressesSent(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    sent.push(request.url());
    const referer = request.headers().referer;
    if (referer) sent.push(referer);
  });
  return sent;
}

/** No spinner, no "loading" anywhere in the checkout (the page's or a widget's shadow root). */
const loadingShown = (scope: Pick<Page, 'locator'>) =>
  scope.locator('.momo .momo-spinner, .momo .momo-loading').count();

describe('no dead end › storage blocked and the page’s script failing', () => {
  const script = '**/assets/*.js';

  /** The payment of a tab without storage whose page's script cannot start, to the receipt. */
  async function payWithoutStorage(page: Page) {
    const sent = addressesSent(page);
    await page.route(script, (route) => route.abort('blockedbyclient'));
    const session = await newSession();
    const secret = new URL(session.url).hash.slice(1);
    expect(secret).toMatch(/_secret_/);
    await page.goto(session.url);
    await page.waitForURL(/\?plain=1&stuck=1/, { timeout: 15_000 });
    // Nowhere else to keep it: the fragment, which the browser sends to no server.
    expect(new URL(page.url()).hash).toBe(`#${secret}`);

    await page.unroute(script);
    await page.getByRole('button', { name: 'Réessayer la page de paiement complète' }).click();
    await waitForState(page, 'form');
    await expect(page.locator('.momo-amount').textContent()).resolves.toMatch(/^12\s500\sFCFA$/);
    await pay(page, 'approved_at_once');
    await waitForState(page, 'succeeded');

    expect(sent.length).toBeGreaterThan(5);
    for (const address of sent) expect(address).not.toContain(secret);
  }

  for (const how of ['throwing', 'null'] as const) {
    it(`sessionStorage ${how}: the plain form keeps the secret in the fragment, and the page tried again pays`, async () => {
      const page = await h.newPage({ viewport: { width: 360, height: 740 } });
      await withoutStorage(page, how);
      await payWithoutStorage(page);
    }, 40_000);
  }

  it('cookies blocked in Chromium’s settings (its storage throws): the same', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'momo-no-cookies-'));
    mkdirSync(join(profile, 'Default'));
    writeFileSync(
      join(profile, 'Default', 'Preferences'),
      JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }),
    );
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      locale: 'fr-FR',
      viewport: { width: 360, height: 740 },
    });
    try {
      const page = await context.newPage();
      await payWithoutStorage(page);
      await expect(
        page.evaluate(() => {
          try {
            sessionStorage.getItem('x');
            return 'storage';
          } catch (error) {
            return (error as Error).name;
          }
        }),
      ).resolves.toBe('SecurityError');
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }, 40_000);
});

describe('no dead end › Back after "Annuler et revenir chez le marchand"', () => {
  for (const how of [null, 'throwing'] as const) {
    it(`says the payer canceled, with the way back to the merchant and nothing to pay with${how ? ' (storage blocked)' : ''}`, async () => {
      const page = await h.newPage({ viewport: { width: 360, height: 740 } });
      if (how) await withoutStorage(page, how);
      const session = await newSession();
      await page.goto(session.url);
      await waitForState(page, 'form');
      await page.getByRole('button', { name: 'Annuler et revenir chez le marchand' }).click();
      await page.waitForURL(`${h.merchant.url}/cart`);

      await page.goBack();
      await waitForState(page, 'canceled');
      // The secret left with the payer, even where the tab had no storage to forget it from.
      expect(new URL(page.url()).hash).toBe('');
      await expect(page.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('Paiement annulé');
      await expect(page.getByRole('status').textContent()).resolves.toBe(
        'Vous avez annulé ce paiement. Pour payer cette commande, revenez chez le marchand et recommencez.',
      );
      // What was left, read by the session's id: the order and its total.
      await expect(page.locator('.momo-amount').textContent()).resolves.toMatch(/^12\s500\sFCFA$/);
      expect(await page.locator('#momo-phone').count()).toBe(0);
      expect(await loadingShown(page)).toBe(0);

      await page.getByRole('link', { name: 'Revenir chez le marchand' }).click();
      await page.waitForURL(`${h.merchant.url}/cart`);
    }, 30_000);
  }

  it('in English too, and a reload of that page says the same', async () => {
    const page = await h.newPage({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
    const session = await newSession();
    await page.goto(session.url);
    await waitForState(page, 'form');
    await page.getByRole('button', { name: 'Cancel and return to the merchant' }).click();
    await page.waitForURL(`${h.merchant.url}/cart`);
    await page.goBack();
    await waitForState(page, 'canceled');
    await page.reload();
    await waitForState(page, 'canceled');
    await expect(page.getByRole('status').textContent()).resolves.toBe(
      'You canceled this payment. To pay for this order, return to the merchant and start again.',
    );
    await expect(page.getByRole('link', { name: 'Return to the merchant' }).getAttribute('href')).resolves.toBe(
      `${h.merchant.url}/cart`,
    );
  }, 30_000);
});

describe('no dead end › no spinner beside a final message', () => {
  it('a link without its secret: the error alone', async () => {
    const { id } = await h.newIntent(5000);
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`${h.server.url}/pay/${id}`);
    await waitForState(page, 'error');
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/^Ce lien de paiement est incomplet/);
    expect(await loadingShown(page)).toBe(0);
  });

  it('a widget whose apiBase is not a service (the merchant’s own site): the error alone', async () => {
    const { id, secret } = await h.newIntent(5000);
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(
      merchantPage(
        h,
        `<momo-checkout id="w" api-base="${h.merchant.url}" intent="${id}" client-secret="${secret}" lang="fr"></momo-checkout>`,
      ),
    );
    const widget = page.locator('#w');
    await waitForState(widget, 'error');
    expect(await loadingShown(widget)).toBe(0);
  });
});
