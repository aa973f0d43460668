// Text at 200 % (issue 30, item 3; WCAG 1.4.4 Resize Text), in Debian's Chromium: on a 320 px phone
// every screen of the hosted page and of the widget keeps each box inside its parent and the screen,
// and no content runs past its box — "1 250 000 FCFA" neither crosses the summary's border nor is cut.
//
// What 200 % means here: the payer's own text size doubled, as browsers let payers set it —
// Chrome's font size setting, here its preference (webkit.webprefs.default_font_size: 32 px where
// 16 px is the default), which is the size rem, em and `medium` start from and what an em media
// query counts in. The checkout sizes its text in rem (the widget, from `all: initial`, in em of
// `medium`), so Android's text scaling and Firefox's "zoom text only" do the same to it. Not
// `html { font-size: 200% }` injected into the page (the widget's `all: initial` and the media
// queries would not see it, so it tests another page than payers get), nor
// `Page.setFontSizes` (undone by Playwright's own emulation at the first full-page screenshot),
// nor zoom or `--force-device-scale-factor`, which scale everything and leave the layout as it was.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { merchantPage, pay, waitForState } from '../widget/browser-helpers';
import { type Harness, startHarness, TEST_TOKEN } from './support/harness';

let h: Harness;
let profile: string;
let context: BrowserContext;

beforeAll(async () => {
  h = await startHarness({ approvalMs: 3_000 });
  h.merchant.page('/cart', '<!doctype html><title>Panier</title><h1>Votre panier</h1>');
  // A browser whose payer set their text size to 200 %: its profile's preference, read at start.
  profile = mkdtempSync(join(tmpdir(), 'momo-large-text-'));
  mkdirSync(join(profile, 'Default'));
  writeFileSync(
    join(profile, 'Default', 'Preferences'),
    JSON.stringify({ webkit: { webprefs: { default_font_size: 32, default_fixed_font_size: 26 } } }),
  );
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    locale: 'fr-FR',
  });
});
afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await h?.close();
});

/** Where a run's screenshots go when asked (MOMO_LARGE_TEXT_SCREENSHOTS=dir), to be looked at. */
const shots = process.env.MOMO_LARGE_TEXT_SCREENSHOTS;

const VIEWPORTS = [
  { name: '320', width: 320, height: 640 },
  { name: '360x740', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

async function newPage(viewport: Viewport): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  return page;
}

/**
 * Every box of the checkout (the page's, or a widget's in its shadow root) that runs past its
 * parent's content box or the screen's edge, or whose content runs past its own box; and the
 * page's, if it is wider than the screen. (A field's own text scrolls inside it, by design.)
 */
function overflowing(): string[] {
  const found: string[] = [];
  const named = (e: Element) =>
    `${e.tagName.toLowerCase()}${[...e.classList].map((c) => `.${c}`).join('')} «${(e.textContent ?? '').trim().slice(0, 30)}»`;
  const visit = (root: Document | ShadowRoot) => {
    for (const host of root.querySelectorAll('*')) if (host.shadowRoot) visit(host.shadowRoot);
    for (const element of root.querySelectorAll<HTMLElement>('.momo, .momo *')) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || style.position === 'absolute' || style.position === 'fixed') continue;
      if (box.right > innerWidth + 0.5 || box.left < -0.5) found.push(`past the screen: ${named(element)}`);
      const parent = element.parentElement;
      if (parent) {
        const outer = parent.getBoundingClientRect();
        const around = getComputedStyle(parent);
        const start = outer.left + Number.parseFloat(around.borderLeftWidth) + Number.parseFloat(around.paddingLeft);
        const end = outer.right - Number.parseFloat(around.borderRightWidth) - Number.parseFloat(around.paddingRight);
        if (box.right > end + 1 || box.left < start - 1) found.push(`past its parent: ${named(element)}`);
      }
      const scrolls = element.tagName === 'INPUT' || element.tagName === 'SELECT';
      if (!scrolls && element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1)
        found.push(`content past its box: ${named(element)} ${element.scrollWidth} > ${element.clientWidth}`);
    }
  };
  visit(document);
  if (document.documentElement.scrollWidth > innerWidth)
    found.push(`the page: ${document.documentElement.scrollWidth} px`);
  return found;
}

/** The screen as it is at 200 %: nothing past its box, and (when asked) its picture. */
async function check(page: Page, viewport: Viewport, screen: string) {
  // The text really is at 200 %: the preference took.
  await expect(page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).resolves.toBe('32px');
  expect(await page.evaluate(overflowing), `${screen} at ${viewport.name}`).toEqual([]);
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: join(shots, `text-200-${screen}-${viewport.name}.png`), fullPage: true });
  }
}

const newSession = (total: number) =>
  createClient({ baseUrl: h.server.url, token: TEST_TOKEN }).createSession({
    total,
    currency: 'xaf',
    accountId: 'acct_large_text',
    successUrl: `${h.merchant.url}/thanks`,
    cancelUrl: `${h.merchant.url}/cart`,
    metadata: {},
    items: [
      { productId: 'prt_moto', quantity: 1, price: total - 50_000, productName: 'Moto Haojue 125' },
      { productId: 'prt_casque', quantity: 2, price: 25_000, productName: 'Casque' },
    ],
  });

/** After a failed attempt: the form again, for another number. */
const anotherNumber = (scope: Page | Locator) =>
  scope.getByRole('button', { name: 'Utiliser un autre numéro ou opérateur' }).click();

describe('text at 200 % › the hosted page', () => {
  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.name}: the form, a failure, the wait and the receipt of 1 250 000 FCFA`, async () => {
      const page = await newPage(viewport);
      const session = await newSession(1_250_000);
      await page.goto(session.url);
      await waitForState(page, 'form');
      await expect(page.locator('.momo-amount').textContent()).resolves.toMatch(/^1\s250\s000\sFCFA$/);
      await check(page, viewport, 'hosted-form');
      // The order's items, folded on a phone: opened, their prices too.
      const items = page.locator('details.momo-items');
      if ((await items.getAttribute('open')) === null) await items.locator('summary').click();
      await check(page, viewport, 'hosted-form-items');
      await pay(page, 'declined');
      await waitForState(page, 'failed');
      await check(page, viewport, 'hosted-failed');
      await anotherNumber(page);
      await waitForState(page, 'form');
      await pay(page, 'approved_after_delay');
      await waitForState(page, 'pending');
      await check(page, viewport, 'hosted-pending');
      await waitForState(page, 'succeeded');
      await check(page, viewport, 'hosted-succeeded');
      await page.close();
    }, 60_000);

    it(`at ${viewport.name}: Back after canceling, and a link without its secret`, async () => {
      const page = await newPage(viewport);
      const session = await newSession(1_250_000);
      await page.goto(session.url);
      await waitForState(page, 'form');
      await page.getByRole('button', { name: 'Annuler et revenir chez le marchand' }).click();
      await page.waitForURL(`${h.merchant.url}/cart`);
      await page.goBack();
      await waitForState(page, 'canceled');
      await check(page, viewport, 'hosted-canceled');
      await page.goto(`${h.server.url}/pay/${(await h.newIntent(1_250_000)).id}`);
      await waitForState(page, 'error');
      await check(page, viewport, 'hosted-error');
      await page.close();
    }, 40_000);
  }
});

describe('text at 200 % › the widget', () => {
  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.name}: the form, a failure, the wait and the receipt of 23 250 FCFA`, async () => {
      const page = await newPage(viewport);
      const { id, secret } = await h.newIntent(23_250);
      await page.goto(
        merchantPage(h, `<momo-checkout id="w" intent="${id}" client-secret="${secret}" lang="fr"></momo-checkout>`),
      );
      const widget = page.locator('#w');
      await waitForState(widget, 'form');
      await expect(widget.locator('.momo-amount').textContent()).resolves.toMatch(/^23\s250\sFCFA$/);
      await check(page, viewport, 'widget-form');
      await pay(widget, 'declined');
      await waitForState(widget, 'failed');
      await check(page, viewport, 'widget-failed');
      await anotherNumber(widget);
      await waitForState(widget, 'form');
      await pay(widget, 'approved_after_delay');
      await waitForState(widget, 'pending');
      await check(page, viewport, 'widget-pending');
      await waitForState(widget, 'succeeded');
      await check(page, viewport, 'widget-succeeded');
      await page.close();
    }, 60_000);
  }
});
