// axe-core, run inside Chromium, on every state of the hosted page and of the widget, in French and
// English, light and dark: no violation of any rule axe runs by default (WCAG 2.x A and AA, and
// best practices). axe is evaluated through the DevTools protocol, which the pages' strict CSP does
// not govern, so the pages are audited as served.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page, Route } from 'playwright-core';
import { approvalOf } from '../../src/methods/momo/approval';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import type { TestOutcome } from '../../src/phone';
import { type Harness, startHarness, TEST_TOKEN, testNumber, typeCodeIfAsked, waitForState } from './support/harness';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.merchant.page('/cart', '<!doctype html><html lang="fr"><title>Panier</title><main><h1>Panier</h1></main></html>');
});
afterAll(() => h?.close());

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** The violations axe finds on the page now, one readable line each (an empty list passes). */
async function audit(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${JSON.stringify(n.target)}: ${n.failureSummary?.replace(/\s+/g, ' ')}`).join(' | ')}`,
  );
}

/** Holds matching requests until released: a state that lasts a round trip stays on screen. */
function hold(page: Page, pattern: string, method: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => {
    void page.route(pattern, async (route: Route) => {
      if (route.request().method() !== method) return route.fallback();
      resolve();
      await released;
      await route.fallback();
    });
  });
  return { held, release };
}

async function fill(page: Page, outcome: TestOutcome) {
  await page.locator('#momo-first-name').fill('Élodie');
  await page.locator('#momo-last-name').fill('Mbemba');
  await page.locator('#momo-email').fill('elodie@example.cg');
  await page.locator('#momo-phone').fill(testNumber(outcome).national);
}

async function newSessionUrl(total = 12_500, currency = 'xaf') {
  const merchant = createClient({ baseUrl: h.server.url, token: TEST_TOKEN });
  const session = await merchant.createSession({
    total,
    currency,
    accountId: 'acct_a11y',
    successUrl: `${h.merchant.url}/thanks?session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${h.merchant.url}/cart`,
    metadata: { order: 'A-11' },
    items: [
      { productId: 'prt_wax', quantity: 1, price: 10_000, productName: 'Pagne wax 6 yards' },
      { productId: 'prt_soap', quantity: 2, price: (total - 10_000) / 2, productName: 'Savon noir' },
    ],
  });
  return `${h.server.url}/pay/${session.id}#${session.clientSecret}`;
}

/** An ISO timestamp in Central African time, as the service writes them. */
const wat = (ms: number) => new Date(ms + 3_600_000).toISOString().replace('Z', '+01:00');

const COMBOS = [
  { lang: 'fr', colorScheme: 'light' },
  { lang: 'fr', colorScheme: 'dark' },
  { lang: 'en', colorScheme: 'light' },
  { lang: 'en', colorScheme: 'dark' },
] as const;

describe.each(COMBOS)('accessibility › hosted page, $lang, $colorScheme', ({ lang, colorScheme }) => {
  /** A fresh page, and the address of `url` in this language (`?lang=` before the fragment). */
  const open = async (url: string) => {
    const page = await h.newPage({
      viewport: { width: 360, height: 740 },
      colorScheme,
      locale: lang === 'fr' ? 'fr-FR' : 'en-GB',
    });
    const [path, fragment] = url.split('#');
    return { page, address: `${path}?lang=${lang}${fragment === undefined ? '' : `#${fragment}`}` };
  };

  it('loading, form, form with errors, confirming, pending: no violation', async () => {
    const { page, address } = await open(await newSessionUrl());
    // A session page's one read (the session brings its intent), held: the loading screen stays.
    const read = hold(page, '**/v1/sessions/*', 'GET');
    await page.goto(address, { waitUntil: 'commit' });
    await read.held;
    await waitForState(page, 'loading');
    expect(await audit(page), 'loading').toEqual([]);
    read.release();
    await page.unroute('**/v1/sessions/*');

    await waitForState(page, 'form');
    expect(await audit(page), 'form').toEqual([]);

    await page.locator('#momo-phone').fill('06 12');
    await page.locator('#momo-email').fill('jean@');
    await page.keyboard.press('Enter');
    await page.locator('.momo-notice').waitFor();
    expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    expect(await audit(page), 'form with errors').toEqual([]);

    const confirm = hold(page, '**/v1/payment-intents/*/confirm', 'POST');
    await fill(page, 'never_approved');
    await page.locator('.momo-pay').click();
    await confirm.held;
    await waitForState(page, 'confirming');
    expect(await audit(page), 'confirming').toEqual([]);
    confirm.release();

    await waitForState(page, 'pending');
    expect(await audit(page), 'pending').toEqual([]);
  });

  it('unknown (past the approval window, the service still says pending): no violation', async () => {
    const { id, secret } = await h.newIntent();
    const number = testNumber('never_approved');
    await createClient({ baseUrl: h.server.url }).confirmIntent(id, {
      client_secret: secret,
      first_name: 'Élodie',
      last_name: 'Mbemba',
      receipt_email: 'elodie@example.cg',
      payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: number.msisdn, operator_name: 'mtn' } },
    });
    const { page, address } = await open(`${h.server.url}/pay/${id}#${secret}`);
    // The sandbox keeps the attempt open for 5 minutes; the page is told it closed 10 minutes ago.
    await page.route('**/v1/payment-intents/*', async (route) => {
      // A conditional read would come back 304 without a body: this one asks for the whole answer.
      const headers = route.request().headers();
      delete headers['if-none-match'];
      const response = await route.fetch({ headers });
      const intent = (await response.json()) as { status: string; approval_expires_at?: string | null };
      if (intent.status === 'pending') intent.approval_expires_at = wat(Date.now() - 10 * 60_000);
      await route.fulfill({ response, json: intent });
    });
    await page.goto(address);
    await waitForState(page, 'unknown');
    expect(await audit(page), 'unknown').toEqual([]);
  });

  it('succeeded, failed, error: no violation', async () => {
    for (const [outcome, state] of [
      ['approved_at_once', 'succeeded'],
      ['declined', 'failed'],
    ] as const) {
      const { id, secret } = await h.newIntent();
      const { page, address } = await open(`${h.server.url}/pay/${id}#${secret}`);
      await page.goto(address);
      await waitForState(page, 'form');
      await fill(page, outcome);
      await page.locator('.momo-pay').click();
      await waitForState(page, state);
      expect(await audit(page), state).toEqual([]);
    }
    // A link without its secret.
    const { id } = await h.newIntent();
    const { page, address } = await open(`${h.server.url}/pay/${id}`);
    await page.goto(address);
    await waitForState(page, 'error');
    expect(await audit(page), 'error').toEqual([]);
  });
});

// Chad's XAF session, and an XOF one (issue 13: the strict checks run on an XOF session in Arabic too).
describe.each([
  { colorScheme: 'light', currency: 'xaf', country: 'td', wallet: 'airtel', badNumber: '66 12' },
  { colorScheme: 'dark', currency: 'xaf', country: 'td', wallet: 'airtel', badNumber: '66 12' },
  { colorScheme: 'light', currency: 'xof', country: 'sn', wallet: 'orange', badNumber: '77 12' },
] as const)(
  'accessibility › hosted page in Arabic (right to left), $currency, $colorScheme',
  ({ colorScheme, currency, country, wallet, badNumber }) => {
    it('form, form with errors, pending, succeeded, failed: no violation', async () => {
      // Orange Money in Senegal approves with a one-time code: its code step is audited as the
      // waiting screen, and a failure is the lack of funds once the code is in.
      const byCode = approvalOf(country, wallet).kind === 'enter_otp';
      for (const [outcome, state] of [
        ['never_approved', 'pending'],
        ['approved_at_once', 'succeeded'],
        [byCode ? 'insufficient_funds' : 'declined', 'failed'],
      ] as const) {
        const page = await h.newPage({ viewport: { width: 360, height: 740 }, colorScheme, locale: 'ar-TD' });
        const [path, fragment] = (await newSessionUrl(12_500, currency)).split('#');
        await page.goto(`${path}?lang=ar#${fragment}`);
        await page.locator('.momo[lang="ar"][dir="rtl"][data-state="form"]').waitFor();
        await page.locator('#momo-country').selectOption(country);
        if (state === 'pending') {
          expect(await audit(page), 'form').toEqual([]);
          await page.locator('#momo-phone').fill(badNumber);
          await page.keyboard.press('Enter');
          await page.locator('.momo-notice').waitFor();
          expect(await audit(page), 'form with errors').toEqual([]);
        }
        await page.locator('#momo-first-name').fill('عائشة');
        await page.locator('#momo-last-name').fill('محمد');
        await page.locator('#momo-email').fill('aicha@example.td');
        await page.locator('#momo-phone').fill(testNumber(outcome, country, wallet).national);
        await page.locator('.momo-pay').click();
        if (byCode && state === 'pending') await page.locator('#momo-code').waitFor();
        if (byCode && state !== 'pending') await typeCodeIfAsked(page);
        await waitForState(page, state);
        expect(await audit(page), state).toEqual([]);
      }
    });
  },
);

describe.each(COMBOS)('accessibility › widget, $lang, $colorScheme', ({ lang, colorScheme }) => {
  const shop = (body: string) =>
    h.merchant.page(
      `/a11y-${Math.random().toString(36).slice(2)}`,
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>Boutique</title><script src="${h.server.url}/widget.js" defer></script></head>` +
        `<body><main><h1>Boutique Mbemba</h1>${body}</main></body></html>`,
    );
  const element = (intent: { id: string; secret: string }) =>
    `<momo-checkout intent="${intent.id}" client-secret="${intent.secret}" lang="${lang}"></momo-checkout>`;
  const newPage = () =>
    h.newPage({ viewport: { width: 360, height: 740 }, colorScheme, locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });

  it('form, pending, succeeded, failed, error: no violation', async () => {
    const page = await newPage();
    await page.goto(shop(element(await h.newIntent())));
    await waitForState(page, 'form');
    expect(await audit(page), 'form').toEqual([]);
    await fill(page, 'never_approved');
    await page.locator('.momo-pay').click();
    await waitForState(page, 'pending');
    expect(await audit(page), 'pending').toEqual([]);

    for (const [outcome, state] of [
      ['approved_at_once', 'succeeded'],
      ['declined', 'failed'],
    ] as const) {
      await page.goto(shop(element(await h.newIntent())));
      await waitForState(page, 'form');
      await fill(page, outcome);
      await page.locator('.momo-pay').click();
      await waitForState(page, state);
      expect(await audit(page), state).toEqual([]);
    }

    // Left by the payer: the canceled screen.
    await page.goto(shop(element(await h.newIntent())));
    await waitForState(page, 'form');
    await page.locator('.momo-cancel').click();
    await waitForState(page, 'canceled');
    expect(await audit(page), 'canceled').toEqual([]);

    // An intent the service does not know.
    await page.goto(
      shop(
        element({
          id: 'pi_000000000000000000000000',
          secret: 'pi_000000000000000000000000_secret_000000000000000000000000',
        }),
      ),
    );
    await waitForState(page, 'error');
    expect(await audit(page), 'error').toEqual([]);
  });

  it('the modal dialog: no violation', async () => {
    const page = await newPage();
    const intent = await h.newIntent();
    await page.goto(shop('<p>Votre panier : 1 article.</p>'));
    await page.waitForFunction(() => 'MomoCheckout' in window);
    await page.evaluate(
      ({ id, secret, lang }) =>
        (window as unknown as { MomoCheckout: { open(o: object): void } }).MomoCheckout.open({
          intentId: id,
          clientSecret: secret,
          lang,
        }),
      { ...intent, lang },
    );
    await waitForState(page, 'form');
    expect(await audit(page), 'modal form').toEqual([]);
  });
});
