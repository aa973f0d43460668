// Issue 30: the payments pass beside Chromium, in Debian's Firefox ESR (Gecko, as KaiOS phones run;
// puppeteer-core over WebDriver BiDi) and WebKitGTK (WebKit, as every iPhone browser runs;
// selenium-webdriver through WebKitWebDriver, on a private Xvfb). In each: a push payment, a
// one-time code payment and a payment in the wallet's app (its QR code) on the hosted page, and a
// push payment with the widget on a merchant page of another origin, each to the success screen, the intent paid as the sandbox's API says. The
// sandbox's clock is the test's: an attempt waits on the pending screen until the test lets the
// operator approve, so no step depends on the machine's speed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { frScreens } from '../../src/i18n/fr-screens';
import { RIGHT_CODE } from '../../src/methods/momo/steps/enter_otp.sandbox';
import { findWallet, type TestNumber } from '../../src/phone';
import { type RunningServer, startCheckoutServer } from '../../src/server/checkout-server';
import { launchFirefox } from '../support/firefox';
import { type MerchantSite, startMerchantSite } from '../support/merchant-site';
import { launchWebKitGtk } from '../support/webkitgtk';
import { type EnginePage, puppeteerPage, webDriverPage } from './support/engine-page';
import { testNumber } from './support/harness';

/** Longer than any test waits: an attempt is approved only when the test moves the clock on. */
const APPROVAL_MS = 120_000;
/** Each test: a few waits of up to a minute each, on a loaded machine. */
const TEST_MS = 300_000;

let server: RunningServer;
let merchant: MerchantSite;
let skew = 0;
const api = () => createClient({ baseUrl: server.url, token: 'sk_test_engines' });
/** The operator approves every push waiting: the sandbox's clock moves past the approval delay. */
const operatorApproves = () => {
  skew += APPROVAL_MS;
};

beforeAll(async () => {
  server = await startCheckoutServer({
    port: 0,
    sandboxOptions: { env: {}, now: () => Date.now() + skew, approvalMs: APPROVAL_MS },
  });
  merchant = await startMerchantSite();
}, TEST_MS);
afterAll(async () => {
  await Promise.all([merchant?.close(), server?.close()]);
});

interface Engine {
  name: string;
  /** What its user agent says, and must not say (a Chromium would pass every other test). */
  agent: RegExp;
  start(): Promise<{ newPage(): Promise<EnginePage>; close(): Promise<void> }>;
}

const ENGINES: Engine[] = [
  {
    name: 'Firefox ESR (Gecko, WebDriver BiDi)',
    agent: /^(?!.*Chrome\/).*Gecko\/\d+ Firefox\/\d+/,
    async start() {
      const browser = await launchFirefox();
      return { newPage: () => puppeteerPage(browser), close: () => browser.close() };
    },
  },
  {
    name: 'WebKitGTK (WebKitWebDriver)',
    agent: /^(?!.*(?:Chrome|Firefox)\/).*AppleWebKit\/\d+.*Safari\/\d+/,
    async start() {
      const webkit = await launchWebKitGtk();
      return { newPage: async () => webDriverPage(webkit.driver), close: () => webkit.close() };
    },
  },
];

const state = (name: string) => `.momo[data-state="${name}"]:not(:has(.momo-standin))`;

async function newIntent(currency: string) {
  const intent = await api().createIntent({ amount: 5000, currency, description: 'Commande A-17' });
  return { id: intent.intent_id, secret: intent.client_secret ?? '' };
}

/** The form filled as a payer does: country, number (its wallet selected from it), names, e-mail; then Pay. */
async function fillAndPay(page: EnginePage, number: TestNumber, host?: string) {
  await page.waitFor(state('form'), host);
  await page.choose('#momo-country', number.country, host);
  await page.type('#momo-phone', number.national, host);
  // A wallet that takes every network is never selected by the number: the payer picks it.
  if (!findWallet(number.country, number.operator)?.network)
    await page.click(`input[name="operator"][value="${number.operator}"]`, host);
  await page.waitFor(`input[name="operator"][value="${number.operator}"]:checked`, host);
  await page.type('#momo-first-name', 'Awa', host);
  await page.type('#momo-last-name', 'Ndiaye', host);
  await page.type('#momo-email', 'awa@exemple.sn', host);
  await page.click('.momo-pay', host);
}

/** The success screen, its receipt naming the wallet and the amount; and the intent paid from that number. */
async function expectPaid(page: EnginePage, intentId: string, number: TestNumber, host?: string) {
  await page.waitFor(state('succeeded'), host);
  expect((await page.text('.momo-success h2', host)).trim()).toBe(frScreens['succeeded.heading']);
  const receipt = await page.text('.momo-receipt', host);
  expect(receipt).toContain(findWallet(number.country, number.operator)?.label ?? '?');
  expect(receipt).toMatch(/5\s?000/);
  const paid = await api().getIntent(intentId);
  expect(paid.status).toBe('succeeded');
  expect(paid.payment_method?.momo).toEqual({
    country: number.country,
    operator_name: number.operator,
    msisdn_last4: number.msisdn.slice(-4),
  });
}

describe.each(ENGINES)('$name', (engine) => {
  let browser: Awaited<ReturnType<Engine['start']>>;
  beforeAll(async () => {
    browser = await engine.start();
  }, TEST_MS);
  afterAll(() => browser?.close());

  it(
    'pays a push payment on the hosted page (MTN MoMo, Congo)',
    async () => {
      const intent = await newIntent('xaf');
      const number = testNumber('approved_after_delay', 'cg', 'mtn');
      const page = await browser.newPage();
      try {
        await page.goto(`${server.url}/pay/${intent.id}#${intent.secret}`);
        expect(await page.userAgent()).toMatch(engine.agent);
        await fillAndPay(page, number);
        await page.waitFor('.momo-pending[data-step="push"]');
        operatorApproves();
        await expectPaid(page, intent.id, number);
      } finally {
        await page.close();
      }
    },
    TEST_MS,
  );

  it(
    'pays with a one-time code on the hosted page (Orange Money, Senegal)',
    async () => {
      const intent = await newIntent('xof');
      const number = testNumber('approved_after_delay', 'sn', 'orange');
      const page = await browser.newPage();
      try {
        await page.goto(`${server.url}/pay/${intent.id}#${intent.secret}`);
        await fillAndPay(page, number);
        await page.waitFor('.momo-pending[data-step="enter_otp"] #momo-code');
        await page.type('#momo-code', RIGHT_CODE);
        await page.click('.momo-code button[type="submit"]');
        await expectPaid(page, intent.id, number);
      } finally {
        await page.close();
      }
    },
    TEST_MS,
  );

  it(
    'pays in the wallet’s app on the hosted page (Wave, Senegal: its QR code on a computer)',
    async () => {
      const intent = await newIntent('xof');
      const number = testNumber('approved_after_delay', 'sn', 'wave');
      const page = await browser.newPage();
      try {
        await page.goto(`${server.url}/pay/${intent.id}#${intent.secret}`);
        await fillAndPay(page, number);
        // The QR code drawn in this engine, beside the link to the same launch address.
        await page.waitFor('.momo-pending[data-step="open_wallet"] svg.momo-qr');
        const launch = (await page.attribute('.momo-pending[data-step="open_wallet"] a.momo-open', 'href')) ?? '';
        expect(launch.startsWith(`${server.url}/v1/_sandbox/wallet/${intent.id}/`)).toBe(true);
        // The payer approves in the app on their phone: the sandbox's wallet page, answered by a script.
        const approved = await fetch(launch, { method: 'POST', body: new URLSearchParams({ answer: 'approve' }) });
        expect(approved.status).toBe(200);
        await expectPaid(page, intent.id, number);
      } finally {
        await page.close();
      }
    },
    TEST_MS,
  );

  it(
    'pays a push payment with the widget on a merchant page of another origin',
    async () => {
      const intent = await newIntent('xaf');
      const number = testNumber('approved_after_delay', 'cg', 'airtel');
      const url = merchant.page(
        `/shop-${engine.name.split(' ')[0]}`,
        `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boutique</title>
<script src="${server.url}/widget.js" defer></script></head>
<body><h1>Boutique Awa</h1>
<momo-checkout id="w" intent="${intent.id}" client-secret="${intent.secret}" lang="fr"></momo-checkout></body></html>`,
      );
      const page = await browser.newPage();
      try {
        await page.goto(url);
        await fillAndPay(page, number, '#w');
        await page.waitFor('.momo-pending[data-step="push"]', '#w');
        operatorApproves();
        await expectPaid(page, intent.id, number, '#w');
      } finally {
        await page.close();
      }
    },
    TEST_MS,
  );
});
