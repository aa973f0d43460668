// Issue 20, items 1 and 2, in Debian's Chromium. The engine floor: a payer whose browser lacks every
// API later than Chrome 67 and iOS 12 (deleted before any script runs) pays on the hosted page and in
// the widget. Never a dead form: when the page's script is blocked, stalls, throws at start or cannot
// be parsed, the payer reads what is due, to whom, and what to do, on the plain form that pays
// without it, instead of a form that cannot pay; the widget's isolated frame and a widget that
// cannot start say so in the element.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { merchantPage, waitForState } from '../widget/browser-helpers';
import { type Harness, startHarness, testNumber } from './support/harness';

let h: Harness;
const TOKEN = 'sk_test_engine_floor';

beforeAll(async () => {
  h = await startHarness();
  const profile = await fetch(`${h.server.url}/v1/_sandbox/merchant`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Boutique Awa' }),
  });
  expect(profile.status).toBe(200);
  h.merchant.page('/thanks', '<!doctype html><title>Merci</title><h1>Merci</h1>');
});
afterAll(() => h?.close());

const merchant = () => createClient({ baseUrl: h.server.url, token: TOKEN });

const newSession = () =>
  merchant().createSession({
    total: 12_500,
    currency: 'xaf',
    accountId: 'acct_floor',
    successUrl: `${h.merchant.url}/thanks`,
    cancelUrl: `${h.merchant.url}/thanks`,
    metadata: {},
    items: [{ productId: 'prt_wax', quantity: 1, price: 12_500, productName: 'Pagne wax' }],
  });

async function newIntent(amount = 4_000) {
  const intent = await merchant().createIntent({ amount, currency: 'xaf', description: 'Engine floor' });
  return { id: intent.intent_id, secret: intent.client_secret! };
}

/** What Chrome 67 and iOS 12 lack, gone before the page's first script. */
function removeLaterApis() {
  const remove = (owner: object | undefined, name: string) => {
    if (owner) delete (owner as Record<string, unknown>)[name];
  };
  remove(Object, 'hasOwn');
  remove(Object, 'fromEntries');
  remove(Array.prototype, 'at');
  remove(Array.prototype, 'flat');
  remove(Array.prototype, 'flatMap');
  remove(Array.prototype, 'findLast');
  remove(String.prototype, 'at');
  remove(String.prototype, 'replaceAll');
  remove(String.prototype, 'matchAll');
  remove(window, 'structuredClone');
  remove(window, 'queueMicrotask');
  remove(window, 'ResizeObserver');
  remove(AbortSignal, 'timeout');
  remove(AbortSignal, 'any');
  remove(CSSStyleSheet.prototype, 'replaceSync');
  remove(CSSStyleSheet.prototype, 'replace');
  remove(Document.prototype, 'adoptedStyleSheets');
  remove(ShadowRoot.prototype, 'adoptedStyleSheets');
  remove(Element.prototype, 'replaceChildren');
  remove(Element.prototype, 'checkVisibility');
  remove(Document.prototype, 'replaceChildren');
  remove(DocumentFragment.prototype, 'replaceChildren');
}

/** A page without the later APIs, and every error it throws. */
async function oldEngine(): Promise<{ page: Page; errors: Error[] }> {
  const page = await h.newPage({ viewport: { width: 360, height: 740 } });
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.addInitScript(removeLaterApis);
  return { page, errors };
}

describe('engine floor › a payment with every later API removed', () => {
  it('the hosted page (a session) takes the payment to the end', async () => {
    const { page, errors } = await oldEngine();
    const session = await newSession();
    await page.goto(session.url);
    await waitForState(page, 'form');
    expect(
      await page.evaluate(() => [typeof Object.hasOwn, typeof queueMicrotask, typeof String.prototype.replaceAll]),
    ).toEqual(['undefined', 'undefined', 'undefined']);
    await expect(page.locator('.momo-amount').first().textContent()).resolves.toMatch(/^12\s500\sFCFA$/);
    await page.locator('#momo-first-name').fill('Awa');
    await page.locator('#momo-last-name').fill('Ndong');
    await page.locator('#momo-email').fill('awa@example.cg');
    await page.locator('#momo-country').selectOption('cg');
    await page.locator('#momo-phone').fill(testNumber('approved_after_delay').national);
    // The wallet the number chose is marked without :has() (which the floor lacks, and
    // check:syntax refuses): by the picker's attribute, its card drawn thicker than the others.
    await expect.poll(() => page.locator('.momo-operator[data-chosen]').getAttribute('data-operator')).toBe('mtn');
    const borders = await page
      .locator('.momo-operator')
      .evaluateAll((cards) =>
        cards.map((card) => [card.getAttribute('data-operator'), getComputedStyle(card).borderTopWidth]),
      );
    expect(borders).toEqual([
      ['mtn', '3px'],
      ['airtel', '1px'],
    ]);
    await page.locator('.momo-pay').click();
    await waitForState(page, 'pending');
    await waitForState(page, 'succeeded');
    // Then back to the merchant, at the address built with replaceAll's fallback.
    await page.waitForURL(`${h.merchant.url}/thanks`, { timeout: 15_000 });
    expect(errors).toEqual([]);
  }, 40_000);

  it('the widget on a merchant page: styled through a <style> in its shadow root, paid, the page told', async () => {
    const { page, errors } = await oldEngine();
    const intent = await newIntent();
    await page.goto(
      merchantPage(
        h,
        `<momo-checkout id="w" intent="${intent.id}" client-secret="${intent.secret}" lang="fr"></momo-checkout>`,
      ),
    );
    const widget = page.locator('#w');
    await waitForState(widget, 'form');
    const styled = await page.evaluate(() => {
      const root = document.getElementById('w')!.shadowRoot!;
      const button = root.querySelector('.momo-pay')!;
      return { styles: root.querySelectorAll('style').length, background: getComputedStyle(button).backgroundColor };
    });
    expect(styled.styles).toBe(1);
    expect(styled.background).not.toBe('rgba(0, 0, 0, 0)');
    const events: string[] = [];
    await page.exposeFunction('seen', (type: string) => events.push(type));
    await page.evaluate(() =>
      document
        .getElementById('w')!
        .addEventListener('succeeded', () => (window as unknown as { seen(type: string): void }).seen('succeeded')),
    );
    await widget.locator('#momo-first-name').fill('Awa');
    await widget.locator('#momo-last-name').fill('Ndong');
    await widget.locator('#momo-email').fill('awa@example.cg');
    await widget.locator('#momo-phone').fill('06 123 4500');
    expect(await widget.locator('.momo-operator[data-chosen]').getAttribute('data-operator')).toBe('mtn');
    await widget.locator('.momo-pay').click();
    await waitForState(widget, 'succeeded');
    await expect.poll(() => events).toEqual(['succeeded']);
    // Still styled after every render of the payment, its one <style> holding the screens' part's
    // rules too (widget.js's screens after the form: dist/steps/screens.js, as the receipt shows).
    await widget.locator('.momo-receipt').waitFor();
    expect(
      await page.evaluate(() =>
        [...document.getElementById('w')!.shadowRoot!.querySelectorAll('style')].map((style) =>
          style.textContent!.includes('.momo-receipt'),
        ),
      ),
    ).toEqual([true]);
    expect(errors).toEqual([]);
  }, 40_000);
});

/** The plain form the hosted page whose script cannot start sends the payer to, once it is there. */
async function stuckPage(page: Page) {
  await page.waitForURL(/\?plain=1&stuck=1/, { timeout: 15_000 });
  const notice = page.locator('.notice[role="alert"]');
  return {
    lang: await page.locator('html').getAttribute('lang'),
    notice: await notice.textContent(),
    due: await page.locator('main > p:has(.amount)').textContent(),
    pay: await page.locator('form button[type="submit"]:enabled').textContent(),
    again: page.locator('form[method="get"] button'),
  };
}

describe('never a dead form › the hosted page whose script cannot start is the plain form', () => {
  const script = '**/assets/*.js';

  it('blocked (its download fails): what is due, to whom, what happened, a form that pays, and the page tried again', async () => {
    const page = await h.newPage();
    await page.route(script, (route) => route.abort('blockedbyclient'));
    const session = await newSession();
    await page.goto(session.url);
    const stuck = await stuckPage(page);
    expect(stuck.lang).toBe('fr');
    expect(stuck.notice).toMatch(/^La page de paiement n’a pas pu s’ouvrir dans ce navigateur/);
    expect(stuck.due).toMatch(/^12\s500\sFCFA à payer à Boutique Awa$/);
    expect(stuck.pay).toMatch(/^Payer 12\s500\sFCFA$/);
    // The secret left the address (and the history) for this tab's storage.
    expect(page.url()).not.toContain('#');
    // The page again, its script allowed this time: the form, the secret found in the tab.
    await page.unroute(script);
    await stuck.again.click();
    await waitForState(page, 'form');
    await expect(page.locator('.momo-amount').first().textContent()).resolves.toMatch(/^12\s500\sFCFA$/);
  }, 30_000);

  it('stalled (a download that never ends, which says nothing): the same within 8 s of the page, in Arabic as asked', async () => {
    const page = await h.newPage();
    // The page's clock, moved by the test: its timers fire when told, not when the machine gets to them.
    await page.clock.install();
    await page.route(script, () => {
      // Never answered.
    });
    const session = await newSession();
    // Its load never comes (the script holds it up): the page is parsed, the form painted.
    await page.goto(`${session.url.replace('#', '?lang=ar#')}`, { waitUntil: 'domcontentloaded' });
    // Pay, enabled in the HTML for a browser without scripts, waits for the script here.
    await expect(page.locator('#app .momo-pay').isDisabled()).resolves.toBe(true);
    await page.clock.runFor(7_000);
    expect(page.url()).not.toContain('plain=1');
    await page.clock.runFor(1_000);
    const stuck = await stuckPage(page);
    expect(stuck.lang).toBe('ar');
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    expect(stuck.notice).toContain('تعذّر فتح صفحة الدفع في هذا المتصفح');
    expect(stuck.due).toContain('Boutique Awa');
  }, 30_000);

  it('throwing at start, on an intent link in English: the same, in English', async () => {
    const page = await h.newPage({ locale: 'en-GB' });
    await page.route(script, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: `throw new Error('cannot start');\n${await response.text()}` });
    });
    const intent = await newIntent(4_000);
    await page.goto(`${h.server.url}/pay/${intent.id}?lang=en#${intent.secret}`);
    const stuck = await stuckPage(page);
    expect(stuck.notice).toMatch(/^The payment page could not open in this browser/);
    expect(stuck.due).toMatch(/^FCFA\s4,000 to pay to Boutique Awa$/);
    expect(stuck.pay).toMatch(/^Pay FCFA\s4,000$/);
  }, 30_000);

  it('not parsed (an engine that does not know its syntax): the same', async () => {
    const page = await h.newPage();
    await page.route(script, (route) => route.fulfill({ contentType: 'text/javascript', body: 'let a = 1 ?? ;' }));
    const session = await newSession();
    await page.goto(session.url);
    expect((await stuckPage(page)).due).toMatch(/^12\s500\sFCFA à payer à Boutique Awa$/);
  }, 30_000);
});

describe("never a dead form › the widget's isolated frame whose part cannot be had", () => {
  const part = '**/steps/embed.js';
  const open = async (page: Page, intent: { id: string; secret: string }) => {
    await page.goto(
      merchantPage(
        h,
        `<momo-checkout id="w" isolated intent="${intent.id}" client-secret="${intent.secret}" lang="fr"></momo-checkout>`,
      ),
      { waitUntil: 'domcontentloaded' },
    );
    return page.frameLocator('#w iframe');
  };
  // The widget says it in the frame's place, in its own language (the frame's page cannot: a plain
  // page refuses to be framed).
  const said = (page: Page) => page.locator('#w [role="alert"]');
  const text = 'Impossible de joindre le service de paiement. Vérifiez votre connexion et réessayez.';

  it('blocked: the widget says what to do at once, instead of a form that cannot pay', async () => {
    const page = await h.newPage();
    await page.route(part, (route) => route.abort('blockedbyclient'));
    await open(page, await newIntent());
    await expect(said(page).textContent()).resolves.toBe(text);
    await expect(page.locator('#w iframe').isVisible()).resolves.toBe(false);
  }, 30_000);

  it('stalled: the same, 8 s after the frame was parsed', async () => {
    const page = await h.newPage();
    await page.clock.install();
    await page.route(part, () => {
      // Never answered.
    });
    const frame = await open(page, await newIntent());
    await frame.locator('form').waitFor();
    await page.clock.runFor(7_000);
    await expect(said(page).count()).resolves.toBe(0);
    await page.clock.runFor(1_000);
    await expect(said(page).textContent()).resolves.toBe(text);
    await expect(page.locator('#w iframe').isVisible()).resolves.toBe(false);
  }, 30_000);
});

describe('never a dead form › the widget that cannot start on an old engine', () => {
  it('says so in the element, in its language, and the console says why', async () => {
    const page = await h.newPage();
    // Below the floor (iOS before 11.3): no AbortController, which the checkout cannot do without.
    await page.addInitScript(() => {
      delete (window as unknown as Record<string, unknown>).AbortController;
    });
    const logged: string[] = [];
    page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
    const intent = await newIntent();
    await page.goto(
      merchantPage(
        h,
        `<momo-checkout id="w" intent="${intent.id}" client-secret="${intent.secret}" lang="en"><p>Loading the payment…</p></momo-checkout>`,
      ),
    );
    const message = page.locator('#w').getByRole('alert');
    await expect(message.textContent()).resolves.toBe('To pay, update your browser or use another one.');
    expect(logged.some((text) => text.startsWith('momo-checkout:') && text.includes('AbortController'))).toBe(true);
  }, 30_000);
});
