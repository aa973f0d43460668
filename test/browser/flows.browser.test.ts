// Every wallet approves the way it really does (issue 19), in Debian's Chromium: a Senegal Orange
// Money payer types a one-time code (a wrong one first; one typed too late, whose attempt ends at
// once), a Wave payer opens the sandbox's wallet page on a phone and scans the QR code on a computer
// (decoded here to the launch address), or approves in the app when the launch address is one no
// page may open, an MTN Cameroon payer approves the push as before, and against a bare service every
// wallet pushes; then the steps in the widget, its dialog and its isolated frame. Each flow in
// French, English and Arabic, by keyboard (the wallet's link too: Tab, then Enter), axe 0, no
// violation of the page's strict CSP (a canary shows the watch would see one), one confirm each.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { BrowserContextOptions, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostedFirstLoad } from '../../bench/size';
import { LANGS } from '../../src/i18n';
import { frScreens } from '../../src/i18n/fr-screens';
import { CODE_MESSAGES } from '../../src/methods/momo/steps/enter_otp';
import { MAX_WRONG_CODES } from '../../src/methods/momo/steps/enter_otp.sandbox';
import { APP_MESSAGES } from '../../src/methods/momo/steps/open_wallet';
import { fillText } from '../../src/i18n/fill';
import { fillerOf } from '../../src/methods/momo/steps/fill';
import { findWallet, type TestOutcome } from '../../src/phone';
import { DEFAULT_DIST_DIR } from '../../src/server/paths';
import { startCheckoutServer } from '../../src/server/checkout-server';
import { merchantPage } from '../widget/browser-helpers';
import { type Harness, startHarness, testNumber } from './support/harness';

/** A step's filler, over the checkout's one filler of text, as the page lends it. */
const fill = fillerOf(fillText);

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let h: Harness;
let bare: Harness;

beforeAll(async () => {
  h = await startHarness({ approvalMs: 1000 });
  bare = await startHarness({ approvalMs: 1000, extensions: false });
});
afterAll(async () => {
  await h?.close();
  await bare?.close();
});

async function intentIn(harness: { server: { url: string } }, currency: string) {
  const response = await fetch(`${harness.server.url}/v1/payment-intents`, {
    method: 'POST',
    headers: { Authorization: 'Bearer sk_test_browser', 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: 5000, currency, description: 'Commande A-17' }),
  });
  const intent = (await response.json()) as { intent_id: string; client_secret: string };
  return { id: intent.intent_id, url: `${harness.server.url}/pay/${intent.intent_id}#${intent.client_secret}` };
}

function watch(page: Page) {
  const requests: Request[] = [];
  const violations: string[] = [];
  page.on('request', (request) => requests.push(request));
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  return {
    requests,
    violations,
    confirms: () => requests.filter((r) => r.method() === 'POST' && r.url().endsWith('/confirm')).length,
    codes: () => requests.filter((r) => r.method() === 'POST' && r.url().endsWith('/otp')),
  };
}

const waitFor = (page: Page, selector: string, timeout = 15_000) => page.locator(selector).first().waitFor({ timeout });
const waitForState = (page: Page, name: string) =>
  waitFor(page, `.momo[data-state="${name}"]:not(:has(.momo-standin))`);

/** A phone's screen, touch and no mouse (the wallet's link, never the QR code); a narrow window; a computer's. */
const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const NARROW: BrowserContextOptions = { viewport: { width: 360, height: 740 } };
const COMPUTER: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/**
 * The hosted page of a new intent (in `currency`, of `service`), in `lang` on `device`: its form
 * shown (right to left in Arabic), every request it sends watched.
 */
async function hostedForm(
  lang: string,
  device: BrowserContextOptions,
  { service = h as { server: { url: string } }, currency = 'xof' } = {},
) {
  const { url } = await intentIn(service, currency);
  const page = await h.newPage(device);
  const seen = watch(page);
  await page.goto(url.replace('#', `?lang=${lang}#`));
  await waitForState(page, 'form');
  if (lang === 'ar') await waitFor(page, 'html[dir="rtl"]');
  return { page, seen };
}

/** The form filled by keyboard, as a payer without a mouse would, then Enter. */
async function payByKeyboard(
  page: Page,
  country: string,
  operator: string,
  outcome: TestOutcome = 'approved_after_delay',
) {
  const number = testNumber(outcome, country, operator);
  await page.locator('#momo-country').selectOption(country);
  await page.locator('#momo-phone').focus();
  await page.keyboard.type(number.national);
  if ((await page.locator(`input[name="operator"][value="${operator}"]`).isChecked()) === false) {
    await page.locator(`input[name="operator"][value="${operator}"]`).focus();
    await page.keyboard.press('Space');
  }
  await page.locator('#momo-first-name').focus();
  await page.keyboard.type('Awa');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ndiaye');
  await page.keyboard.press('Tab');
  await page.keyboard.type('awa@exemple.sn');
  await page.keyboard.press('Enter');
  return number;
}

/**
 * The wallet's link opened as a payer without a mouse would: Tab until it has the focus (in a
 * page, a widget's shadow root or a frame), then Enter. Answers the wallet's page, opened in a new tab.
 */
async function openWalletByKeyboard(page: Page, scope: Pick<Page, 'locator'> = page): Promise<Page> {
  const link = scope.locator('a.momo-open');
  await link.waitFor({ timeout: 15_000 });
  for (let presses = 0; ; presses++) {
    if (await link.evaluate((a) => (a.getRootNode() as Document | ShadowRoot).activeElement === a)) break;
    if (presses === 30) throw new Error('Tab never reached the wallet’s link');
    await page.keyboard.press('Tab');
  }
  const [wallet] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
  await wallet.waitForLoadState();
  return wallet;
}

/** The payer's answer in the sandbox's wallet page, then back to the checkout's tab. */
async function approveIn(wallet: Page, page: Page) {
  await wallet.getByRole('button', { name: /Approve/ }).click();
  await wallet.getByText(/Payment approved/).waitFor();
  await page.bringToFront();
}

/** The sandbox's wallet page's Approve, as the payer's phone would press it (a computer that shows the QR code). */
const approveFromPhone = (launch: string) =>
  fetch(launch, { method: 'POST', body: new URLSearchParams({ answer: 'approve' }) });

/** Paths of the steps' scripts a page fetched (the screens' part, a step, the QR encoder). */
const stepScripts = (seen: ReturnType<typeof watch>) =>
  seen.requests.filter((r) => r.url().includes('/steps/')).map((r) => new URL(r.url()).pathname);

async function audit(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

describe('the steps are parts of their own (the build)', () => {
  // What only each part holds: its messages in every language, the code field's token, lean-qr's own error text.
  const MARKS = {
    enter_otp: [...LANGS.map((lang) => CODE_MESSAGES[lang].wrongMenu), 'one-time-code'],
    open_wallet: LANGS.map((lang) => APP_MESSAGES[lang].computer),
    qr: ['lean-qr error'],
  };
  const built = (file: string) => readFileSync(join(DEFAULT_DIST_DIR, file), 'utf8');
  const holds = (code: string, text: string) => code.includes(text) || code.includes(JSON.stringify(text).slice(1, -1));

  it('each step is in its own script, and in neither widget.js nor the hosted page’s first load', async () => {
    const firstLoad = (await hostedFirstLoad(DEFAULT_DIST_DIR)).map((f) => f.file);
    expect(firstLoad).toContain('index.html');
    expect(firstLoad.some((file) => file.endsWith('.js'))).toBe(true);
    for (const [part, marks] of Object.entries(MARKS)) {
      const own = built(`steps/${part}.js`);
      for (const mark of marks) {
        expect(holds(own, mark), `steps/${part}.js lacks ${mark}`).toBe(true);
        for (const file of ['widget.js', ...firstLoad])
          expect(holds(built(file), mark), `${file} holds ${part}'s ${mark}`).toBe(false);
      }
    }
  });
});

describe('a one-time code: Orange Money, Senegal', () => {
  it.each([
    ['fr', /Composez #144#391# sur votre téléphone/, /Ce code n’est pas le bon/],
    ['en', /Dial #144#391# on your phone/, /This code is not right/],
    ['ar', /اطلب/, /هذا الرمز غير صحيح/],
  ] as const)(
    'in %s: a wrong code is said plainly, the right one pays; one confirm, each code sent once',
    async (lang, dial, wrong) => {
      const { page, seen } = await hostedForm(lang, NARROW);
      await payByKeyboard(page, 'sn', 'orange');
      await waitFor(page, '.momo-pending[data-step="enter_otp"] #momo-code');
      await expect(page.locator('.momo-code p').first().textContent()).resolves.toMatch(dial);
      // The code to dial opens the phone's dialler.
      await expect(page.locator('a.momo-dial').getAttribute('href')).resolves.toBe('tel:%23144%23391%23');
      await expect(page.locator('#momo-code').getAttribute('autocomplete')).resolves.toBe('one-time-code');
      await expect(page.locator('#momo-code').getAttribute('inputmode')).resolves.toBe('numeric');
      // Typing the code is the approval: no "I have approved — check now" beside it; the number typed is shown in full.
      await expect(page.locator('.momo-pending button.momo-check').count()).resolves.toBe(0);
      await expect(page.locator('.momo-code p').first().textContent()).resolves.not.toContain('•');
      await expect(audit(page)).resolves.toEqual([]);
      // Too short: said, and nothing sent.
      await page.locator('#momo-code').focus();
      await page.keyboard.type('123');
      await page.keyboard.press('Enter');
      await waitFor(page, '#momo-code[aria-invalid="true"]');
      expect(seen.codes()).toHaveLength(0);
      await page.locator('#momo-code').fill('');
      await page.keyboard.type('000000');
      await page.keyboard.press('Enter');
      await waitFor(page, '#momo-code-hint[role="alert"]');
      await expect(page.locator('#momo-code-hint').textContent()).resolves.toMatch(wrong);
      await expect(page.locator('.momo').getAttribute('data-state')).resolves.toBe('pending');
      await expect(audit(page)).resolves.toEqual([]);
      await page.locator('#momo-code').fill('');
      await page.keyboard.type('123456');
      await page.keyboard.press('Enter');
      await waitForState(page, 'succeeded');
      expect(seen.confirms()).toBe(1);
      expect(seen.codes().map((r) => (JSON.parse(r.postData() ?? '{}') as { code: string }).code)).toEqual([
        '000000',
        '123456',
      ]);
      // Each code carries its own Idempotency-Key, and the secret travels in the body only.
      expect(new Set(seen.codes().map((r) => r.headers()['idempotency-key'])).size).toBe(2);
      expect(seen.requests.some((r) => r.url().includes('_secret_'))).toBe(false);
      expect(seen.violations).toEqual([]);
    },
  );
});

describe('an expired one-time code', () => {
  it('in en: a code typed after the window ends the attempt at once, while the intent cannot be read: no code field, a check, then a new request pays', async () => {
    // A server of its own whose sandbox's clock the test moves: its window passes without a wait.
    let ahead = 0;
    const late = await startCheckoutServer({
      port: 0,
      sandboxOptions: { approvalMs: 1000, env: {}, now: () => Date.now() + ahead },
    });
    try {
      const { page, seen } = await hostedForm('en', { ...NARROW, locale: 'en-GB' }, { service: { server: late } });
      // From now on the page cannot read the intent: it does not learn that the window has passed.
      const reads = (address: URL) => /^\/v1\/payment-intents\/pi_[^/]+$/.test(address.pathname);
      await page.route(reads, (route) =>
        route.request().method() === 'GET' ? route.fulfill({ status: 503, body: '{}' }) : route.fallback(),
      );
      await payByKeyboard(page, 'sn', 'orange');
      await waitFor(page, '.momo-pending[data-step="enter_otp"] #momo-code');
      ahead = 6 * 60_000;
      await page.locator('#momo-code').focus();
      await page.keyboard.type('123456');
      await page.keyboard.press('Enter');
      // The service says the attempt has ended: its screen, never a field for another code.
      await waitForState(page, 'failed');
      await expect(page.locator('.momo-failed [role="alert"]').first().textContent()).resolves.toBe(
        'The payment request expired before it was approved.',
      );
      await expect(page.locator('#momo-code').count()).resolves.toBe(0);
      // The read that follows fails: said plainly, beside the new request and a way to check.
      await waitFor(page, '.momo-failed .momo-notice');
      await expect(page.locator('.momo-failed .momo-notice').textContent()).resolves.toBe(
        'The payment service is having trouble. Please try again in a moment.',
      );
      await expect(audit(page)).resolves.toEqual([]);
      expect(seen.confirms()).toBe(1);
      // The reads come back: the payer checks, by keyboard; the service says the same, and warns.
      await page.unroute(reads);
      await page.getByRole('button', { name: 'Check the payment status' }).focus();
      await page.keyboard.press('Enter');
      await waitFor(page, '.momo-failed .momo-warning');
      await expect(page.locator('.momo-failed .momo-notice').count()).resolves.toBe(0);
      await page.locator('.momo-failed .momo-pay').focus();
      await page.keyboard.press('Enter');
      await waitFor(page, '.momo-pending[data-step="enter_otp"] #momo-code:not([aria-invalid])');
      await page.locator('#momo-code').focus();
      await page.keyboard.type('123456');
      await page.keyboard.press('Enter');
      await waitForState(page, 'succeeded');
      expect(seen.confirms()).toBe(2);
      expect(seen.codes()).toHaveLength(2);
      expect(seen.violations).toEqual([]);
    } finally {
      await late.close();
    }
  });
});

describe('a repeat the wallet may refuse', () => {
  it('in fr: back on the form after an attempt whose code was wrong three times, the warning the screens’ part brought, filled in', async () => {
    const { page, seen } = await hostedForm('fr', NARROW);
    await payByKeyboard(page, 'sn', 'orange');
    await waitFor(page, '.momo-pending[data-step="enter_otp"] #momo-code');
    for (let sent = 1; sent <= MAX_WRONG_CODES; sent++) {
      // (fill waits for the field to take typing again: the previous code has been answered.)
      await page.locator('#momo-code').fill('000000');
      await page.locator('#momo-code').press('Enter');
      await expect.poll(() => seen.codes().length).toBe(sent);
    }
    await waitForState(page, 'failed');
    // The failed screen is the rarer screens' part's (src/hosted/outcomes.part.ts), fetched once, as
    // it was first shown (a payment that goes through never fetches it: 'the push', above).
    expect(stepScripts(seen).filter((path) => path === '/steps/outcomes.js')).toHaveLength(1);
    // Its message is the part's (src/i18n/fr-screens.ts), not the first load's: the form is reached
    // only through the failed screen's buttons, which came with it.
    await page.getByRole('button', { name: 'Utiliser un autre numéro ou opérateur' }).click();
    await waitForState(page, 'form');
    const wallet = findWallet('sn', 'orange')?.label ?? '?';
    await expect(page.locator('.momo-form .momo-warning').textContent()).resolves.toBe(
      frScreens['form.repeat'].replace('{wallet}', wallet),
    );
    expect(seen.confirms()).toBe(1);
    expect(seen.violations).toEqual([]);
  });
});

describe('the wallet’s app: Wave', () => {
  it.each(['fr', 'en', 'ar'] as const)(
    'on a phone, in %s: one large link, opened by keyboard, opens the sandbox wallet page; Approve there, and the checkout shows the receipt',
    async (lang) => {
      const { page, seen } = await hostedForm(lang, PHONE);
      await payByKeyboard(page, 'sn', 'wave');
      await waitFor(page, '.momo-pending[data-step="open_wallet"] a.momo-open');
      await expect(page.locator('svg.momo-qr').count()).resolves.toBe(0);
      // Wave takes no number: no "Wrong number?", how to pay with another operator instead.
      await expect(page.locator('.momo-pending > .momo-hint').last().textContent()).resolves.toMatch(
        { fr: /^Payer avec un autre opérateur/, en: /^Pay with another operator/, ar: /مشغّل آخر/ }[lang],
      );
      await expect(page.locator('a.momo-open').getAttribute('target')).resolves.toBe('_blank');
      await expect(audit(page)).resolves.toEqual([]);
      const wallet = await openWalletByKeyboard(page);
      await approveIn(wallet, page);
      await waitForState(page, 'succeeded');
      expect(seen.confirms()).toBe(1);
      // A phone never fetches the QR encoder.
      expect(stepScripts(seen)).not.toContain('/steps/qr.js');
      expect(stepScripts(seen)).toContain('/steps/open_wallet.js');
      expect(seen.violations).toEqual([]);
    },
  );

  it.each([
    ['en', /QR code of the Wave payment link/],
    ['fr', /Code QR du lien de paiement Wave/],
    ['ar', /رمز QR لرابط الدفع عبر/],
  ] as const)(
    'on a computer, in %s: the launch address as a QR code (decoded here) and as a link',
    async (lang, label) => {
      const { page, seen } = await hostedForm(lang, COMPUTER);
      await payByKeyboard(page, 'sn', 'wave');
      await waitFor(page, 'svg.momo-qr');
      const launch = await page.locator('a.momo-open').getAttribute('href');
      expect(launch).toMatch(/\/v1\/_sandbox\/wallet\/pi_/);
      // What the payer's phone would read: the QR code as drawn, rasterised, decoded by jsQR.
      const image = await page.locator('svg.momo-qr').evaluate(async (svg) => {
        const size = 330;
        const img = new Image();
        img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = size;
        const context = canvas.getContext('2d')!;
        context.drawImage(img, 0, 0, size, size);
        return { data: Array.from(context.getImageData(0, 0, size, size).data), size };
      });
      const decoded = jsQR(Uint8ClampedArray.from(image.data), image.size, image.size);
      expect(decoded?.data).toBe(launch);
      await expect(page.locator('svg.momo-qr').getAttribute('aria-label')).resolves.toMatch(label);
      await expect(audit(page)).resolves.toEqual([]);
      // The payer approves on their phone; the computer's page follows.
      await approveFromPhone(launch!);
      await waitForState(page, 'succeeded');
      expect(seen.confirms()).toBe(1);
      expect(seen.violations).toEqual([]);
    },
  );

  it('a launch address no page may open (`javascript:`), on a phone in en: approve in the app, no link, no PIN prompt pictured; followed to the receipt', async () => {
    const { page, seen } = await hostedForm('en', PHONE);
    // The service's answers, the confirm's and the reads', with a launch address no page may open.
    let launch = '';
    await page.route(
      (address) => /^\/v1\/payment-intents\/pi_[^/]+(\/confirm)?$/.test(address.pathname),
      async (route) => {
        const response = await route.fetch();
        if (response.status() !== 200) return route.fulfill({ response });
        const body = (await response.json()) as { next_action?: { open_wallet?: { url: string } } | null };
        if (body.next_action?.open_wallet) {
          launch = body.next_action.open_wallet.url;
          body.next_action.open_wallet.url = 'javascript:alert(document.domain)';
        }
        return route.fulfill({ response, json: body });
      },
    );
    await payByKeyboard(page, 'sn', 'wave');
    await waitFor(page, '.momo-pending[data-step="open_wallet"] .momo-timer');
    await expect(page.locator('.momo-pending h2').textContent()).resolves.toBe('Approve the payment in Wave');
    const said = (await page.locator('.momo-pending p').allTextContents()).map((text) => text.replace(/\s/g, ' '));
    expect(said).toContain(fill(APP_MESSAGES, 'en', 'noLink', { wallet: 'Wave', amount: 'F CFA 5,000' }));
    await expect(page.locator('.momo-pending a, .momo-phone, svg.momo-qr').count()).resolves.toBe(0);
    await expect(page.locator('.momo-pending').textContent()).resolves.not.toMatch(/PIN/);
    await expect(audit(page)).resolves.toEqual([]);
    // The payer approves in their app all the same: the page follows it to the receipt.
    expect(launch).toMatch(/\/v1\/_sandbox\/wallet\/pi_/);
    await approveFromPhone(launch);
    await waitForState(page, 'succeeded');
    expect(seen.confirms()).toBe(1);
    expect(stepScripts(seen)).not.toContain('/steps/qr.js');
    expect(seen.violations).toEqual([]);
  });
  it('reloaded while it waits, in fr: the page follows the attempt again by itself (its following comes with the screens’ part), and shows the receipt once approved', async () => {
    const { page, seen } = await hostedForm('fr', COMPUTER);
    await payByKeyboard(page, 'sn', 'wave');
    await waitFor(page, 'a.momo-open');
    const launch = await page.locator('a.momo-open').getAttribute('href');
    await page.reload();
    await waitFor(page, '.momo-pending[data-step="open_wallet"] a.momo-open');
    // Approved on the phone after the reload: nothing on this page is touched, it follows by itself.
    await approveFromPhone(launch!);
    await waitForState(page, 'succeeded');
    expect(seen.confirms()).toBe(1);
    expect(seen.violations).toEqual([]);
  });
});

describe('the push', () => {
  it.each([
    ['fr', /Composez le \*126#/],
    ['en', /Dial \*126#/],
    ['ar', /اطلب \u2066?\*126#/],
  ] as const)(
    'MTN Cameroon, in %s: approve on the phone, with *126# from the service, as before',
    async (lang, ussd) => {
      const { page, seen } = await hostedForm(lang, NARROW, { currency: 'xaf' });
      await payByKeyboard(page, 'cm', 'mtn');
      await waitFor(page, '.momo-pending[data-step="push"]');
      await expect(page.locator('.momo-pending').textContent()).resolves.toMatch(ussd);
      await expect(audit(page)).resolves.toEqual([]);
      await waitForState(page, 'succeeded');
      expect(seen.confirms()).toBe(1);
      // The push needs no step's script: only the page's own screens after the form.
      expect(stepScripts(seen)).toEqual(['/steps/screens.js']);
      expect(seen.violations).toEqual([]);
    },
  );

  it.each([
    ['sn', 'orange'],
    ['sn', 'wave'],
    ['cm', 'mtn'],
  ])('against a bare service, %s %s pushes and is paid', async (country, operator) => {
    const { page, seen } = await hostedForm('fr', NARROW, {
      service: bare,
      currency: country === 'cm' ? 'xaf' : 'xof',
    });
    await payByKeyboard(page, country, operator);
    await waitFor(page, '.momo-pending[data-step="push"]');
    await expect(audit(page)).resolves.toEqual([]);
    await waitForState(page, 'succeeded');
    expect(seen.confirms()).toBe(1);
    // No step of a wallet's (a code, the app, its QR): only the page's own screens after the form, once.
    expect(stepScripts(seen)).toEqual(['/steps/screens.js']);
    expect(seen.violations).toEqual([]);
  });
});

describe('the steps in the widget, its dialog and its isolated frame, on a strict merchant page', () => {
  const strict = () => {
    const origin = new URL(h.server.url).origin;
    return `default-src 'self'; script-src ${origin}; style-src 'self'; connect-src ${origin}; img-src 'self' data:; frame-src ${origin}; frame-ancestors 'none'`;
  };
  const intentOf = async () => {
    const { id, url } = await intentIn(h, 'xof');
    return { id, secret: url.split('#')[1]! };
  };
  const widgetPage = (intent: { id: string; secret: string }, attributes = '') =>
    merchantPage(
      h,
      `<main><h1>Boutique</h1><momo-checkout id="w" ${attributes} intent="${intent.id}" client-secret="${intent.secret}" lang="fr"></momo-checkout></main>`,
      { headers: { 'Content-Security-Policy': strict() } },
    );
  /** The form of an isolated frame, filled for a Wave payer of Senegal, and Pay. */
  async function payInFrame(frame: ReturnType<Page['frameLocator']>) {
    await frame.locator('.momo[data-state="form"]').waitFor({ timeout: 15_000 });
    await frame.locator('#momo-country').selectOption('sn');
    await frame.locator('#momo-phone').fill(testNumber('approved_after_delay', 'sn', 'wave').national);
    await frame.locator('input[name="operator"][value="wave"]').check();
    await frame.locator('#momo-first-name').fill('Awa');
    await frame.locator('#momo-last-name').fill('Ndiaye');
    await frame.locator('#momo-email').fill('awa@exemple.sn');
    await frame.locator('.momo-pay').click();
  }

  it('would see a violation: the watch is live', async () => {
    const page = await h.newPage();
    const seen = watch(page);
    await page.goto(
      merchantPage(h, '<main><h1>Boutique</h1><p style="color: red">inline style</p></main>', {
        headers: { 'Content-Security-Policy': strict() },
      }),
    );
    await page.waitForFunction(() => 'MomoCheckout' in window);
    await expect.poll(() => seen.violations.length).toBeGreaterThan(0);
  });

  it('the code step inline: fetched from the checkout’s origin, a wrong code then the right one, zero violations', async () => {
    const intent = await intentOf();
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    const seen = watch(page);
    await page.goto(widgetPage(intent));
    await waitFor(page, '.momo[data-state="form"]');
    await payByKeyboard(page, 'sn', 'orange');
    await waitFor(page, '#momo-code');
    expect(seen.requests.some((r) => r.url() === `${h.server.url}/steps/enter_otp.js`)).toBe(true);
    await page.locator('#momo-code').fill('000000');
    await page.keyboard.press('Enter');
    await waitFor(page, '#momo-code-hint[role="alert"]');
    await page.locator('#momo-code').fill('123456');
    await page.keyboard.press('Enter');
    await waitForState(page, 'succeeded');
    expect(seen.confirms()).toBe(1);
    expect(seen.violations).toEqual([]);
  });

  it('the code step under the merchant’s Trusted Types (require-trusted-types-for script): its parts load through the momo-checkout policy, paid, zero violations', async () => {
    const intent = await intentOf();
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    const seen = watch(page);
    await page.goto(
      merchantPage(
        h,
        `<main><h1>Boutique</h1><momo-checkout id="w" intent="${intent.id}" client-secret="${intent.secret}" lang="fr"></momo-checkout></main>`,
        {
          headers: {
            'Content-Security-Policy': `${strict()}; require-trusted-types-for 'script'; trusted-types momo-checkout`,
          },
        },
      ),
    );
    await waitFor(page, '.momo[data-state="form"]');
    await payByKeyboard(page, 'sn', 'orange');
    await waitFor(page, '#momo-code');
    for (const part of ['screens', 'enter_otp'])
      expect(seen.requests.some((r) => r.url() === `${h.server.url}/steps/${part}.js`)).toBe(true);
    await page.locator('#momo-code').fill('123456');
    await page.keyboard.press('Enter');
    await waitForState(page, 'succeeded');
    expect(seen.confirms()).toBe(1);
    expect(seen.violations).toEqual([]);
  });

  it('the app step inline on a computer: its script and the QR encoder from the checkout’s origin, the link, then paid', async () => {
    const intent = await intentOf();
    const page = await h.newPage({ viewport: { width: 1280, height: 900 } });
    const seen = watch(page);
    await page.goto(widgetPage(intent));
    await waitFor(page, '.momo[data-state="form"]');
    await payByKeyboard(page, 'sn', 'wave');
    await waitFor(page, '.momo-pending[data-step="open_wallet"] svg.momo-qr');
    for (const part of ['open_wallet', 'qr'])
      expect(seen.requests.some((r) => r.url() === `${h.server.url}/steps/${part}.js`)).toBe(true);
    const launch = await page.locator('a.momo-open').getAttribute('href');
    expect(launch).toMatch(/\/v1\/_sandbox\/wallet\/pi_/);
    await expect(audit(page)).resolves.toEqual([]);
    await approveFromPhone(launch!);
    await waitForState(page, 'succeeded');
    expect(seen.confirms()).toBe(1);
    expect(seen.violations).toEqual([]);
  });

  it('the app step in the isolated frame on a computer: the QR code, then paid', async () => {
    const intent = await intentOf();
    const page = await h.newPage({ viewport: { width: 1280, height: 900 } });
    const seen = watch(page);
    await page.goto(widgetPage(intent, 'isolated'));
    const frame = page.frameLocator('#w iframe');
    await payInFrame(frame);
    await frame.locator('svg.momo-qr').waitFor({ timeout: 15_000 });
    const launch = await frame.locator('a.momo-open').getAttribute('href');
    await approveFromPhone(launch!);
    await frame.locator('.momo[data-state="succeeded"]:not(:has(.momo-standin))').waitFor({ timeout: 15_000 });
    expect(seen.confirms()).toBe(1);
    expect(seen.violations).toEqual([]);
  });

  it('the app step in the isolated frame on a phone: the link tapped inside the frame opens the wallet page, never blocked', async () => {
    const intent = await intentOf();
    const page = await h.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const seen = watch(page);
    await page.goto(widgetPage(intent, 'isolated'));
    const frame = page.frameLocator('#w iframe');
    await payInFrame(frame);
    const link = frame.locator('.momo-pending[data-step="open_wallet"] a.momo-open');
    await link.waitFor({ timeout: 15_000 });
    await expect(frame.locator('svg.momo-qr').count()).resolves.toBe(0);
    const [wallet] = await Promise.all([page.context().waitForEvent('page'), link.tap()]);
    await wallet.waitForLoadState();
    await approveIn(wallet, page);
    await frame.locator('.momo[data-state="succeeded"]:not(:has(.momo-standin))').waitFor({ timeout: 15_000 });
    expect(seen.confirms()).toBe(1);
    expect(seen.violations).toEqual([]);
  });

  it('the app step in the dialog on a phone: the link, opened by keyboard, opens the wallet page in a new tab, never blocked', async () => {
    const intent = await intentOf();
    const page = await h.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const seen = watch(page);
    await page.goto(
      merchantPage(
        h,
        `<main><h1>Boutique</h1><button id="pay">Payer</button></main>
         <script src="${h.merchant.url}/open.js" defer></script>`,
        { headers: { 'Content-Security-Policy': strict().replace('script-src ', `script-src ${h.merchant.url} `) } },
      ),
    );
    h.merchant.page('/open.js', {
      html: `document.getElementById('pay').addEventListener('click', () => MomoCheckout.open({ intentId: '${intent.id}', clientSecret: '${intent.secret}', lang: 'fr' }));`,
      headers: { 'Content-Type': 'text/javascript' },
    });
    await page.reload();
    await page.waitForFunction(
      () => typeof (window as { MomoCheckout?: { open?: unknown } }).MomoCheckout?.open === 'function',
    );
    await page.locator('#pay').click();
    await waitFor(page, '.momo[data-state="form"]');
    await payByKeyboard(page, 'sn', 'wave');
    const wallet = await openWalletByKeyboard(page);
    await approveIn(wallet, page);
    await waitForState(page, 'succeeded');
    expect(seen.confirms()).toBe(1);
    expect(seen.violations).toEqual([]);
  });
});

describe('a payer the merchant knows (prefill)', () => {
  it('the hosted page of a session with its customer: one press on Pay, then the approval', async () => {
    const response = await fetch(`${h.server.url}/v1/sessions`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_browser', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        total: 5000,
        currency: 'xaf',
        accountId: 'acct_prefill',
        successUrl: `${h.merchant.url}/thanks`,
        cancelUrl: `${h.merchant.url}/cart`,
        metadata: {},
        items: [{ productId: 'prt_riz', quantity: 1, price: 5000, productName: 'Riz' }],
        customer: {
          firstName: 'Awa',
          lastName: 'Ndong',
          email: 'awa@exemple.cm',
          phone: `+${testNumber('approved_after_delay', 'cm', 'mtn').msisdn}`,
        },
      }),
    });
    const session = (await response.json()) as { url: string };
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    const seen = watch(page);
    await page.goto(session.url);
    await page.locator('#momo-email[value="awa@exemple.cm"], #momo-email').first().waitFor();
    await expect.poll(() => page.locator('#momo-email').inputValue()).toBe('awa@exemple.cm');
    await expect(page.locator('#momo-country').inputValue()).resolves.toBe('cm');
    await expect(page.locator('input[name="operator"][value="mtn"]').isChecked()).resolves.toBe(true);
    await page.locator('.momo-pay').click();
    await waitForState(page, 'succeeded');
    expect(seen.confirms()).toBe(1);
  });

  it('the widget’s customer-* attributes fill its form', async () => {
    const { id, url } = await intentIn(h, 'xof');
    const secret = url.split('#')[1]!;
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(
      merchantPage(
        h,
        `<momo-checkout intent="${id}" client-secret="${secret}" lang="fr" customer-first-name="Fatou" customer-last-name="Diop" customer-email="fatou@exemple.sn" customer-phone="+221771234500"></momo-checkout>`,
      ),
    );
    await waitFor(page, '.momo[data-state="form"]');
    await expect(page.locator('#momo-first-name').inputValue()).resolves.toBe('Fatou');
    await expect(page.locator('#momo-country').inputValue()).resolves.toBe('sn');
    await expect(page.locator('input[name="operator"][value="orange"]').isChecked()).resolves.toBe(true);
  });
});
