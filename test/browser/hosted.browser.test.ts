// The hosted checkout page in Debian's Chromium: a payer arriving from a merchant's checkout
// session, paying, failing and retrying, cancelling, reloading; screenshots of every state.
import { mkdirSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { demoMerchantProfile } from '../../src/demo/profile';
import type { TestOutcome } from '../../src/phone';
import { type Harness, startHarness, TEST_TOKEN, testNumber, waitForState } from './support/harness';

const SHOTS = 'test-results/hosted';
let h: Harness;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness({ approvalMs: 1500 });
  h.merchant.page('/thanks', '<!doctype html><title>Merci</title><h1>Merci pour votre commande</h1>');
  h.merchant.page('/cart', '<!doctype html><title>Panier</title><h1>Votre panier</h1>');
});
afterAll(() => h?.close());

async function newSession(total = 12_500) {
  const merchant = createClient({ baseUrl: h.server.url, token: TEST_TOKEN });
  return merchant.createSession({
    total,
    currency: 'xaf',
    accountId: 'acct_browser',
    successUrl: `${h.merchant.url}/thanks?session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${h.merchant.url}/cart`,
    metadata: { order: 'A-17' },
    items: [
      { productId: 'prt_wax', quantity: 1, price: 10_000, productName: 'Pagne wax 6 yards' },
      { productId: 'prt_soap', quantity: 2, price: (total - 10_000) / 2, productName: 'Savon noir' },
    ],
  });
}

/** Every request the page makes, to check what left the browser. */
function watch(page: Page) {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

const state = (page: Page) => page.locator('.momo').getAttribute('data-state');
/** Fills the form with the keyboard only, as a payer without a mouse would, and pays with Enter. */
async function payWithKeyboard(page: Page, outcome: TestOutcome) {
  const number = testNumber(outcome);
  await page.locator('#momo-country').focus(); // Congo is the default
  await page.keyboard.press('Tab');
  await page.keyboard.type(number.national);
  await page.keyboard.press('Tab'); // onto the wallet the number chose
  await page.keyboard.press('Tab');
  await page.keyboard.type('Élodie');
  await page.keyboard.press('Tab');
  await page.keyboard.type("N'Goma-Mbemba");
  await page.keyboard.press('Tab');
  await page.keyboard.type('elodie@example.cg');
  await page.keyboard.press('Enter');
  return number;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('hosted page › a session from the merchant to the payment and back', () => {
  it('pays with an approving number using the keyboard only, then returns to successUrl', async () => {
    const session = await newSession();
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    const requests = watch(page);
    await page.goto(session.url);
    await waitForState(page, 'form');
    await expect(page.locator('.momo-amount').textContent()).resolves.toMatch(/^12\s500\sFCFA$/);
    await expect(page.locator('.momo-items').textContent()).resolves.toContain('Pagne wax 6 yards');
    await shot(page, '1-form-fr');
    const number = await payWithKeyboard(page, 'approved_after_delay');
    await waitForState(page, 'pending');
    // Focus moves to the new screen's heading, where a screen reader starts reading.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Validez le paiement sur votre téléphone');
    await shot(page, '3-pending-fr');
    await waitForState(page, 'succeeded');
    await shot(page, '4-succeeded-fr');
    const receipt = await page.locator('.momo-receipt').textContent();
    expect(receipt).toContain('MTN MoMo');
    expect(receipt).not.toContain(number.national.replace(/\D/g, '').slice(1, 7));
    await page.waitForURL(`${h.merchant.url}/thanks?session=${session.id}`, { timeout: 10_000 });
    // The secret never left the browser: not in a URL, not in a Referer.
    for (const request of requests) {
      expect(request.url()).not.toContain(session.clientSecret);
      expect(request.headers().referer ?? '').not.toContain(session.clientSecret);
    }
    const confirms = requests.filter((r) => r.method() === 'POST' && r.url().endsWith('/confirm'));
    expect(confirms).toHaveLength(1);
    // Chromium's user-agent hints (~100 bytes a request) go with the navigation only: the page's
    // Permissions-Policy keeps them off every request it makes.
    const made = requests.filter((r) => !r.isNavigationRequest() && r.url().startsWith(h.server.url));
    expect(made.length).toBeGreaterThan(3);
    for (const request of made) expect(Object.keys(await request.allHeaders())).not.toContain('sec-ch-ua');

    // Back from the merchant's page: the receipt again, and no second countdown sends the payer on.
    await page.goBack();
    await waitForState(page, 'succeeded');
    expect(await page.getByRole('button', { name: 'Revenir chez le marchand maintenant' }).isVisible()).toBe(true);
    expect(await page.locator('.momo-success').textContent()).not.toContain('Retour chez le marchand dans');
    await page.waitForTimeout(6_500);
    expect(new URL(page.url()).pathname).toBe(`/pay/${session.id}`);
  }, 50_000);

  it('shows a decline, then a retry with another number succeeds on the same intent', async () => {
    const session = await newSession();
    const page = await h.newPage({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
    await page.goto(session.url);
    await waitForState(page, 'form');
    await payWithKeyboard(page, 'declined');
    await waitForState(page, 'failed');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('The payment was declined on your phone.');
    await shot(page, '5-failed-en');
    await page.getByRole('button', { name: 'Use another number or operator' }).click();
    await waitForState(page, 'form');
    await page.locator('#momo-phone').fill(testNumber('approved_at_once').national);
    await page.getByRole('button', { name: /^Pay / }).click();
    await waitForState(page, 'succeeded');
    await page.getByRole('button', { name: 'Return to the merchant now' }).click();
    await page.waitForURL(`${h.merchant.url}/thanks?session=${session.id}`);
    const intent = await createClient({ baseUrl: h.server.url, token: TEST_TOKEN }).getIntent(session.paymentIntentId);
    expect(intent.event.charges.map((c) => c.type)).toEqual(['charge.failed', 'charge.success']);
  }, 40_000);

  it('cancel returns the payer to cancelUrl', async () => {
    const session = await newSession();
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(session.url);
    await waitForState(page, 'form');
    await page.getByRole('button', { name: 'Annuler et revenir chez le marchand' }).click();
    await page.waitForURL(`${h.merchant.url}/cart`);
    // Back on a shared phone: the page says the payment was canceled, with nothing to pay with
    // (what it says and offers: dead-ends.browser.test.ts).
    await page.goBack();
    await waitForState(page, 'canceled');
    expect(await page.locator('#momo-phone').count()).toBe(0);
  }, 20_000);
});

describe('hosted page › the client secret leaves the address bar', () => {
  it('once read: not in the address, the history or a new tab, while a reload still pays', async () => {
    const session = await newSession();
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(session.url);
    await waitForState(page, 'form');
    expect(page.url()).toBe(`${h.server.url}/pay/${session.id}`);
    expect(await page.evaluate(() => location.hash)).toBe('');
    // The history entry was replaced, not added to: Back or the history list open this address,
    // and another tab opened on it cannot pay.
    const other = await page.context().newPage();
    await other.goto(page.url());
    await waitForState(other, 'error');
    // This tab's reload still can.
    await page.reload();
    await waitForState(page, 'form');
    await payWithKeyboard(page, 'approved_at_once');
    await waitForState(page, 'succeeded');
  }, 30_000);
});

describe('hosted page › resuming and bad links', () => {
  it('a reload during approval keeps waiting and never confirms twice', async () => {
    const { id, secret } = await h.newIntent(3000);
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    const requests = watch(page);
    await page.goto(`${h.server.url}/pay/${id}#${secret}`);
    await waitForState(page, 'form');
    await payWithKeyboard(page, 'never_approved');
    await waitForState(page, 'pending');
    await page.reload();
    await waitForState(page, 'pending');
    expect(await page.locator('.momo-timer').textContent()).toMatch(/Temps restant pour valider : [45]:\d\d/);
    await page.goBack().catch(() => undefined);
    expect(requests.filter((r) => r.method() === 'POST' && r.url().endsWith('/confirm'))).toHaveLength(1);
  }, 30_000);

  it('shows the form in French or English from ?lang=, and switches language', async () => {
    const { id, secret } = await h.newIntent(5000);
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`${h.server.url}/pay/${id}?lang=en#${secret}`);
    await waitForState(page, 'form');
    await expect(page.getByRole('button', { name: /^Pay FCFA\s5,000$/ }).count()).resolves.toBe(1);
    await shot(page, '1-form-en');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect(page.getByRole('button', { name: /^Payer 5\s000\sFCFA$/ }).count()).resolves.toBe(1);
    expect(page.url()).toContain('lang=fr');
    expect(page.url()).not.toContain(secret);
  }, 20_000);

  it('shows errors next to the fields and sends nothing', async () => {
    const { id, secret } = await h.newIntent(5000);
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    const requests = watch(page);
    await page.goto(`${h.server.url}/pay/${id}#${secret}`);
    await waitForState(page, 'form');
    await page.locator('#momo-phone').fill('06 12');
    await page.locator('#momo-email').fill('jean@');
    await page.keyboard.press('Enter');
    await expect(page.locator('.momo-notice').textContent()).resolves.toBe('Veuillez corriger les champs signalés.');
    await shot(page, '2-form-errors-fr');
    expect(await state(page)).toBe('form');
    expect(requests.filter((r) => r.method() === 'POST')).toHaveLength(0);
  }, 20_000);

  it('paints the form with its HTML, before its script, and takes it over without repainting it', async () => {
    for (const [lang, heading, label] of [
      ['fr', 'Payer par mobile money', 'Numéro mobile money'],
      ['en', 'Pay with mobile money', 'Mobile money number'],
    ] as const) {
      const { id, secret } = await h.newIntent(5000);
      const page = await h.newPage({
        viewport: { width: 360, height: 740 },
        locale: lang === 'fr' ? 'fr-CM' : 'en-GB',
      });
      let release = () => {};
      const scriptHeld = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/*.js', async (route) => {
        await scriptHeld;
        await route.continue();
      });
      // 'commit': the page's module script, held back here, would delay DOMContentLoaded.
      await page.goto(`${h.server.url}/pay/${id}#${secret}`, { waitUntil: 'commit' });
      // No script has run: the form is there, in the payer's language, styled (the stylesheet is inline).
      await page.locator('.momo[data-state="loading"] .momo-form-heading').waitFor({ state: 'visible' });
      expect(await page.locator('.momo-form-heading').textContent()).toBe(heading);
      expect(await page.locator('label[for="momo-phone"]').textContent()).toBe(label);
      expect(await page.locator('.momo-pay').evaluate((button) => getComputedStyle(button).minHeight)).toBe('52px');
      // Marks the prerendered field: taken over, it is the same element afterwards. And watches the
      // checkout: taken over in place, it is never taken out of the page and put back (which lays
      // out and paints the whole screen again, and makes it the page's largest paint a second time).
      await page.locator('#momo-phone').evaluate((input) => input.setAttribute('data-first-paint', ''));
      await page.evaluate(() => {
        const moved: string[] = [];
        (window as unknown as { moved: string[] }).moved = moved;
        new MutationObserver((records) => {
          for (const record of records) for (const node of record.removedNodes) moved.push(node.nodeName);
        }).observe(document.getElementById('app')!, { childList: true });
      });
      // The payer types before the script has run: it is theirs once the script takes over.
      await page.locator('#momo-last-name').fill('Ndong');
      release();
      await waitForState(page, 'form');
      await expect(page.locator('#momo-last-name').inputValue()).resolves.toBe('Ndong');
      expect(await page.evaluate(() => (window as unknown as { moved: string[] }).moved)).toEqual([]);
      expect(await page.locator('#app > .momo').count()).toBe(1);
      expect(await page.locator('#momo-phone[data-first-paint]').count()).toBe(1);
      // Each country's option is still the one text the prerendered page had (none split in three).
      expect(
        await page
          .locator('#momo-country option')
          .evaluateAll((options) => options.every((option) => option.childNodes.length === 1)),
      ).toBe(true);
      // What differs from the prerendered screen follows at once: a Cameroonian payer's country.
      if (lang === 'fr') await expect(page.locator('#momo-country').inputValue()).resolves.toBe('cm');
      await page.locator('#momo-phone').fill(testNumber('approved_at_once', lang === 'fr' ? 'cm' : 'cg').national);
      await page.locator('#momo-first-name').fill('Awa');
      await page.locator('#momo-last-name').fill('Ndong');
      await page.locator('#momo-email').fill('awa@example.cg');
      await page.locator('.momo-pay').click();
      await waitForState(page, 'succeeded');
    }
  }, 30_000);

  it('asks for its script as the page is parsed, and runs it only once the first screen is painted', async () => {
    const { id, secret } = await h.newIntent(5000);
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    await page.addInitScript(() => {
      const w = window as unknown as { scriptAddedAt?: number };
      new MutationObserver(() => {
        if (w.scriptAddedAt === undefined && document.querySelector('script[src*="/assets/"]'))
          w.scriptAddedAt = performance.now();
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(`${h.server.url}/pay/${id}#${secret}`);
    await waitForState(page, 'form');
    const { requestedAt, parsedAt, paintedAt, runAt } = await page.evaluate(() => ({
      requestedAt: performance.getEntriesByType('resource').find((entry) => entry.name.includes('/assets/'))?.startTime,
      parsedAt: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .domContentLoadedEventStart,
      paintedAt: performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')
        ?.startTime,
      runAt: (window as unknown as { scriptAddedAt?: number }).scriptAddedAt,
    }));
    // Fetched as the HTML is parsed (its preload ends the page: asked for once the page has arrived,
    // it takes the page's connection), not once painted; run after the paint (the payer sees the
    // form before the script takes it over, even when the script is there first).
    expect(requestedAt).toBeLessThanOrEqual(parsedAt);
    expect(requestedAt).toBeLessThan(runAt!);
    expect(runAt).toBeGreaterThanOrEqual(paintedAt!);
  }, 20_000);

  it('a link without its secret explains itself instead of a blank page', async () => {
    const { id } = await h.newIntent(5000);
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`${h.server.url}/pay/${id}`);
    await waitForState(page, 'error');
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'Ce lien de paiement est incomplet. Rouvrez le lien reçu en entier\u00a0: il reste valable. Ne payez pas deux fois.',
    );
    await shot(page, '6-error-fr');
  }, 20_000);
});

describe('hosted page › the first viewport of a cheap phone', () => {
  it('shows who is paid, the wallets and the pay button without scrolling, once autocomplete has filled the form (360×740, three items)', async () => {
    const token = 'sk_test_first_viewport';
    const profile = await fetch(`${h.server.url}/v1/_sandbox/merchant`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(demoMerchantProfile()),
    });
    expect(profile.status).toBe(200);
    const merchant = createClient({ baseUrl: h.server.url, token });
    const session = await merchant.createSession({
      total: 23_250,
      currency: 'xaf',
      accountId: 'acct_browser',
      successUrl: `${h.merchant.url}/thanks`,
      cancelUrl: `${h.merchant.url}/cart`,
      metadata: {},
      items: [
        { productId: 'prt_wax', quantity: 1, price: 15_000, productName: 'Pagne wax 6 yards' },
        { productId: 'prt_soap', quantity: 3, price: 1_750, productName: 'Savon noir de Pointe-Noire' },
        { productId: 'prt_rice', quantity: 1, price: 3_000, productName: 'Riz parfumé 5 kg' },
      ],
    });
    for (const lang of ['fr', 'en']) {
      const page = await h.newPage({
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      await page.goto(`${h.server.url}/pay/${session.id}?lang=${lang}#${session.clientSecret}`);
      await waitForState(page, 'form');
      await expect(page.locator('.momo-title').textContent()).resolves.toBe('Boutique Awa');
      // The logo (a data: URL) is put in with the form and loads after it: waited for, as a payer's
      // eye does, and decoded — a broken image rejects, and fails here.
      expect(
        await page
          .locator('.momo-logo')
          .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth > 0)),
      ).toBe(true);
      await expect(page.locator('.momo-test').isVisible()).resolves.toBe(true);
      // What autocomplete fills, the wallet then chosen from the number.
      await page.locator('#momo-phone').fill(testNumber('approved_after_delay').national);
      await page.locator('#momo-first-name').fill('Élodie');
      await page.locator('#momo-last-name').fill('Mbemba');
      await page.locator('#momo-email').fill('elodie@example.cg');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const box = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
      expect(await page.evaluate(() => scrollY)).toBe(0);
      const pay = await box('.momo-pay');
      expect(pay.bottom, `${lang}: the pay button's bottom`).toBeLessThanOrEqual(740);
      expect((await box('.momo-operator')).bottom).toBeLessThan(pay.top);
      // Nothing dropped, and every control a thumb can hit.
      for (const selector of [
        '#momo-country',
        '#momo-phone',
        '.momo-operator',
        '#momo-first-name',
        '#momo-last-name',
        '#momo-email',
        '.momo-pay',
        '.momo-lang',
      ]) {
        expect((await box(selector)).height, selector).toBeGreaterThanOrEqual(44);
      }
      await shot(page, `first-viewport-${lang}`);
    }
  }, 30_000);
});

describe('hosted page › pages that are not a payment', () => {
  it('/pay/ and unknown addresses answer in the checkout’s look, in both languages, under their CSP', async () => {
    for (const path of ['/pay/', '/nothing-here']) {
      const page = await h.newPage({ viewport: { width: 360, height: 740 } });
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      const response = await page.goto(`${h.server.url}${path}`);
      expect(response!.status()).toBe(404);
      const look = await page.evaluate(() => ({
        font: getComputedStyle(document.body).fontFamily,
        card: getComputedStyle(document.querySelector('main')!).backgroundColor,
        langs: [...document.querySelectorAll('p[lang]')].map((p) => p.getAttribute('lang')),
      }));
      expect(look.font).toContain('system-ui');
      expect(look.card).toBe('rgb(255, 255, 255)');
      expect(look.langs).toEqual(['fr', 'en']);
      expect(violations).toEqual([]);
      await shot(page, `not-found${path.replaceAll('/', '-')}`);
    }
  }, 20_000);
});

describe('hosted page › painted at once', () => {
  it('starts the intent’s read on a connection of its own while its script, asked for once the page has arrived, takes the page’s', async () => {
    const { id, secret } = await h.newIntent(5000);
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    const cdp = await page.context().newCDPSession(page);
    const connections = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) => {
      const path = new URL(event.response.url).pathname;
      connections.set(
        path.startsWith('/assets/') ? 'script' : path.startsWith('/v1/') ? 'read' : path,
        event.response.connectionId,
      );
    });
    await cdp.send('Network.enable');
    await page.goto(`${h.server.url}/pay/${id}#${secret}`);
    await waitForState(page, 'form');
    // HTTP/1.1 keep-alive: the script on the page's connection (no new connection's round trip),
    // the read (without credentials) on another (docs/performance.md).
    expect(connections.get('script')).toBe(connections.get(`/pay/${id}`));
    expect(connections.get('read')).toBeDefined();
    expect(connections.get('read')).not.toBe(connections.get(`/pay/${id}`));
    // The built page: the script's preload right after the prerendered checkout, nothing after it.
    const html = await (await fetch(`${h.server.url}/pay/${id}`)).text();
    expect(html).toMatch(/<\/main><link rel="preload" as="script" href="\/assets\/[^"]+\.js">\s*<\/body>/);
    expect(html.match(/<link rel="preload"/g)).toHaveLength(1);
  }, 20_000);

  it('shows the form while the intent is being read, and keeps what the payer typed', async () => {
    const { id, secret } = await h.newIntent(5000);
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    let release = () => {};
    const readHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/payment-intents/*', async (route) => {
      await readHeld;
      await route.continue();
    });
    await page.goto(`${h.server.url}/pay/${id}#${secret}`);
    await waitForState(page, 'loading');
    await page.locator('#momo-phone').fill(testNumber('approved_at_once').national);
    expect(await page.locator('.momo-pay').isDisabled()).toBe(true);
    release();
    await waitForState(page, 'form');
    await expect(page.locator('#momo-phone').inputValue()).resolves.toBe(testNumber('approved_at_once').national);
    await expect(page.locator('.momo-pay').textContent()).resolves.toMatch(/^Payer 5\s000\sFCFA$/);
  }, 20_000);
});
