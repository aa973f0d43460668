// `npm run screens`: every screen of the checkout as a payer sees it, in one folder a reviewer can
// page through — the hosted page and the widget, on a 360×740, a 320×568 and a 240×320 phone and a 1280×800 desktop, light
// and dark, French and English — as PNG files in bench/screens/ (not committed). Reads the build in
// dist/ (`npm run build:bundles` first); runs the sandbox in-process, nothing leaves the machine.
// `-- --only=pending` keeps the screens whose name contains that text.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createClient } from '../src/api';
import { TEST_NUMBERS, type TestOutcome } from '../src/phone';
import { startCheckoutServer } from '../src/server/checkout-server';
import { launchChromium } from '../test/support/chromium';
import { startMerchantSite } from '../test/support/merchant-site';
import { demoMerchantProfile } from '../src/demo/profile';
import { REPO_ROOT } from '../src/server/paths';

const OUT = join(REPO_ROOT, 'bench', 'screens');
const TOKEN = 'sk_test_screens';
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);

const DEVICES = {
  phone: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  // The smallest screens: a cheap 320 px phone, and a 240×320 KaiOS one (issue 20).
  small: { viewport: { width: 320, height: 568 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  kaios: { viewport: { width: 240, height: 320 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
} as const;
const LANGS = ['fr', 'en', 'ar'] as const;
const SCHEMES = ['light', 'dark'] as const;

type Combo = { device: keyof typeof DEVICES; lang: (typeof LANGS)[number]; scheme: (typeof SCHEMES)[number] };

const server = await startCheckoutServer({ port: 0, sandboxOptions: { approvalMs: 2500, env: {} } });
const merchantSite = await startMerchantSite();
const merchant = createClient({ baseUrl: server.url, token: TOKEN });
// Who is paid, as a merchant with a profile shows it (the demo shop's: a name, a logo, support).
await fetch(`${server.url}/v1/_sandbox/merchant`, {
  method: 'PUT',
  headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
  body: JSON.stringify(demoMerchantProfile()),
}).then((res) => {
  if (!res.ok) throw new Error(`the merchant profile was refused: ${res.status}`);
});
const browser: Browser = await launchChromium();

const number = (outcome: TestOutcome) =>
  TEST_NUMBERS.find((n) => n.country === 'cg' && n.operator === 'mtn' && n.outcome === outcome)!;

async function sessionUrl(lang: string): Promise<string> {
  const session = await merchant.createSession({
    total: 23_250,
    currency: 'xaf',
    accountId: 'acct_screens',
    successUrl: `${merchantSite.url}/thanks`,
    cancelUrl: `${merchantSite.url}/cart`,
    metadata: { order: 'A-17' },
    items: [
      { productId: 'prt_wax', quantity: 1, price: 15_000, productName: 'Pagne wax 6 yards' },
      { productId: 'prt_soap', quantity: 3, price: 1_750, productName: 'Savon noir de Pointe-Noire' },
      { productId: 'prt_rice', quantity: 1, price: 3_000, productName: 'Riz parfumé 5 kg' },
    ],
  });
  return `${server.url}/pay/${session.id}?lang=${lang}#${session.clientSecret}`;
}

async function intentUrl(lang: string): Promise<string> {
  const intent = await merchant.createIntent({
    amount: 5000,
    currency: 'xaf',
    description: 'Commande A-18 · 2 sacs de riz',
  });
  return `${server.url}/pay/${intent.intent_id}?lang=${lang}#${intent.client_secret}`;
}

async function xofIntentUrl(lang: string): Promise<string> {
  const intent = await merchant.createIntent({ amount: 5000, currency: 'xof', description: 'Commande A-22' });
  return `${server.url}/pay/${intent.intent_id}?lang=${lang}#${intent.client_secret}`;
}

/** Pays from `country` with `wallet` (a Senegal number: the steps of Orange Money and Wave). */
async function payIn(page: Page, country: string, wallet: string) {
  await page.locator('#momo-country').selectOption(country);
  await page.locator('#momo-first-name').fill('Awa');
  await page.locator('#momo-last-name').fill('Ndiaye');
  await page.locator('#momo-email').fill('awa@exemple.sn');
  await page
    .locator('#momo-phone')
    .fill(
      TEST_NUMBERS.find((n) => n.country === country && n.operator === wallet && n.outcome === 'approved_after_delay')!
        .national,
    );
  await page.locator(`input[name="operator"][value="${wallet}"]`).check();
  await page.locator('.momo-pay').first().click();
}

/** A merchant's page on another origin, loading widget.js, with `body` after its heading. */
const shop = (c: Combo, body: string) =>
  merchantSite.page(
    `/shop-${Math.random().toString(36).slice(2)}`,
    `<!doctype html><html lang="${c.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>Boutique</title><script src="${server.url}/widget.js" defer></script>` +
      `<style>body{font-family:system-ui;margin:0;padding:1rem;background:#faf7f2}main{max-width:40rem;margin:auto}</style></head>` +
      `<body><main><h1>Boutique Awa</h1>${body}</main></body></html>`,
  );

async function shopWithWidget(c: Combo, description: string): Promise<string> {
  const intent = await merchant.createIntent({ amount: 5000, currency: 'xaf', description });
  return shop(
    c,
    `<momo-checkout intent="${intent.intent_id}" client-secret="${intent.client_secret}" lang="${c.lang}"></momo-checkout>`,
  );
}

const state = (page: Page, name: string) =>
  page.locator(`.momo[data-state="${name}"]`).first().waitFor({ timeout: 20_000 });

async function fill(page: Page, outcome: TestOutcome) {
  await page.locator('#momo-first-name').fill('Élodie');
  await page.locator('#momo-last-name').fill('Mbemba');
  await page.locator('#momo-email').fill('elodie@exemple.cg');
  await page.locator('#momo-phone').fill(number(outcome).national);
  await page.locator('#momo-phone').blur();
}

async function pay(page: Page, outcome: TestOutcome, until: string) {
  await fill(page, outcome);
  await page.locator('.momo-pay').first().click();
  await state(page, until);
}

/** Each screen: how to reach it from a fresh page. */
const SCREENS: Record<string, (page: Page, c: Combo) => Promise<void>> = {
  async '00-loading'(page, c) {
    // The session's read (it brings the intent) held: the form is already there, the total's place waits.
    await page.route('**/v1/sessions/*', () => new Promise(() => {}));
    await page.goto(await sessionUrl(c.lang));
    await state(page, 'loading');
  },
  async '01-form'(page, c) {
    await page.goto(await sessionUrl(c.lang));
    await state(page, 'form');
  },
  async '02-form-filled'(page, c) {
    await page.goto(await sessionUrl(c.lang));
    await state(page, 'form');
    await fill(page, 'approved_after_delay');
  },
  async '03-form-errors'(page, c) {
    await page.goto(await sessionUrl(c.lang));
    await state(page, 'form');
    await page.locator('#momo-phone').fill('06 12');
    await page.locator('#momo-email').fill('jean@');
    await page.locator('.momo-pay').click();
    await page.locator('.momo-notice').waitFor();
  },
  async '04-pending'(page, c) {
    await page.goto(await sessionUrl(c.lang));
    await state(page, 'form');
    await pay(page, 'never_approved', 'pending');
  },
  async '05-succeeded'(page, c) {
    await page.goto(await sessionUrl(c.lang));
    await state(page, 'form');
    await pay(page, 'approved_at_once', 'succeeded');
  },
  async '06-failed'(page, c) {
    await page.goto(await intentUrl(c.lang));
    await state(page, 'form');
    await pay(page, 'declined', 'failed');
  },
  async '04-code-step'(page, c) {
    await page.goto(await xofIntentUrl(c.lang));
    await state(page, 'form');
    await payIn(page, 'sn', 'orange');
    await page.locator('#momo-code').waitFor({ timeout: 20_000 });
  },
  async '04-code-wrong'(page, c) {
    await page.goto(await xofIntentUrl(c.lang));
    await state(page, 'form');
    await payIn(page, 'sn', 'orange');
    await page.locator('#momo-code').fill('000000');
    await page.keyboard.press('Enter');
    await page.locator('#momo-code-hint[role="alert"]').waitFor({ timeout: 20_000 });
  },
  async '04-app-step'(page, c) {
    // A phone gets the link to the wallet's app; a desktop its QR code.
    await page.goto(await xofIntentUrl(c.lang));
    await state(page, 'form');
    await payIn(page, 'sn', 'wave');
    await page.locator(c.device === 'desktop' ? 'svg.momo-qr' : 'a.momo-open').waitFor({ timeout: 20_000 });
  },
  async '07-error-bad-link'(page, c) {
    const intent = await merchant.createIntent({ amount: 5000, currency: 'xaf' });
    await page.goto(`${server.url}/pay/${intent.intent_id}?lang=${c.lang}`);
    await state(page, 'error');
  },
  async '08-intent-form'(page, c) {
    await page.goto(await intentUrl(c.lang));
    await state(page, 'form');
  },
  async '09-widget'(page, c) {
    await page.goto(await shopWithWidget(c, 'Commande A-19'));
    await state(page, 'form');
  },
  async '09-widget-canceled'(page, c) {
    await page.goto(await shopWithWidget(c, 'Commande A-21'));
    await state(page, 'form');
    await page.locator('.momo-link').click();
    await state(page, 'canceled');
  },
  async '11-not-found'(page) {
    await page.goto(`${server.url}/pay/`);
  },
  async '10-dialog-succeeded'(page, c) {
    const intent = await merchant.createIntent({ amount: 5000, currency: 'xaf', description: 'Commande A-20' });
    const url = shop(c, '');
    await page.goto(url);
    await page.waitForFunction(() => 'MomoCheckout' in window);
    await page.evaluate(
      ({ id, secret, lang }) =>
        (window as unknown as { MomoCheckout: { open(o: object): void } }).MomoCheckout.open({
          intentId: id,
          clientSecret: secret,
          lang,
        }),
      { id: intent.intent_id, secret: intent.client_secret, lang: c.lang },
    );
    await state(page, 'form');
    await pay(page, 'approved_at_once', 'succeeded');
  },
};

const combos: Combo[] = [];
for (const device of Object.keys(DEVICES) as (keyof typeof DEVICES)[])
  for (const lang of LANGS) for (const scheme of SCHEMES) combos.push({ device, lang, scheme });

if (!only) await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });
const failures: string[] = [];
let written = 0;
try {
  // A few pages at once: the machine has two cores, and each payment waits on the sandbox.
  const jobs = combos.flatMap((c) =>
    Object.entries(SCREENS)
      .filter(([name]) => !only || name.includes(only))
      .map(([name, reach]) => ({ c, name, reach })),
  );
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const { c, name, reach } = job;
        const context = await browser.newContext({
          ...DEVICES[c.device],
          colorScheme: c.scheme,
          locale: { fr: 'fr-FR', en: 'en-GB', ar: 'ar-TD' }[c.lang],
        });
        const page = await context.newPage();
        const file = `${name}.${c.device}.${c.lang}.${c.scheme}.png`;
        try {
          await reach(page, c);
          // Fonts and the last frame of any transition.
          await page.waitForTimeout(300);
          await page.screenshot({ path: join(OUT, file), fullPage: true });
          written++;
        } catch (error) {
          failures.push(`${file}: ${(error as Error).message.split('\n')[0]}`);
        } finally {
          await context.close();
        }
      }
    }),
  );
} finally {
  await browser.close();
  await Promise.all([merchantSite.close(), server.close()]);
}
console.log(`${written} screenshots in ${OUT}`);
if (failures.length) {
  console.error(failures.join('\n'));
  process.exitCode = 1;
}
