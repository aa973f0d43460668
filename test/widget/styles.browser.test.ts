// The widget's stylesheet (src/widget/styles.ts) in widget.js: the checkout's rules from the first
// render, and the screens after the form's rules once their part (dist/steps/screens.js) has come
// from the widget's origin, in every widget's shadow root, under a merchant's CSP without
// 'unsafe-inline' and with a merchant's root font size that the widget's em must not follow.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../browser/support/harness';
import { merchantPage, openMerchantPage, pay } from './browser-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const STANDIN = '.momo-standin';
/** A widget's screen, once the screens' part has put the real one in its stand-in's place. */
const shown = (page: Page, id: string, state: string) =>
  page.locator(`#${id} .momo[data-state="${state}"]:not(:has(${STANDIN}))`).waitFor({ timeout: 15_000 });

/** The waiting screen's progress bar, as the engine styles it inside widget `id`'s shadow root. */
const progress = (page: Page, id: string) =>
  page.evaluate((id) => {
    const bar = document.getElementById(id)!.shadowRoot!.querySelector('.momo-progress')!;
    const computed = getComputedStyle(bar);
    return {
      position: computed.position,
      // To a tenth of a pixel: the engine lays 0.3em out on its own grid (4.79688px).
      height: `${Math.round(Number.parseFloat(computed.height) * 10) / 10}px`,
      borderRadius: computed.borderTopLeftRadius,
      overflow: computed.overflow,
    };
  }, id);

/** Every request for the screens' part the page made, by address. */
const partRequests = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.includes('/steps/screens.js')),
  );

/** Whether any rule of the merchant's document (not a shadow root's) names the screens' classes. */
const documentHasScreensRules = (page: Page) =>
  page.evaluate(() =>
    [...document.styleSheets].some((sheet) => {
      try {
        return [...sheet.cssRules].some((rule) => rule.cssText.includes('momo-progress'));
      } catch {
        return false;
      }
    }),
  );

// The part's own rules (src/components/screens.css, its rem as the widget's em): at the payer's
// default 16 px, whatever the merchant's root (10 px here).
const PART_PROGRESS = { position: 'relative', height: '4.8px', borderRadius: '16px', overflow: 'hidden' };

describe("widget › the screens' part", () => {
  it('comes from the widget’s origin at the first touch, and styles the waiting screen of two widgets on one page, under a strict CSP', async () => {
    const page = await h.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const csp = `default-src 'none'; script-src ${h.server.url}; connect-src ${h.server.url}; style-src 'self'; base-uri 'none'`;
    h.merchant.page('/root.css', {
      html: 'html { font-size: 10px; }',
      headers: { 'Content-Type': 'text/css; charset=utf-8' },
    });
    const [a, b] = [await h.newIntent(1000), await h.newIntent(2000)];
    const body = [a, b]
      .map(
        (intent, i) =>
          `<momo-checkout id="${'ab'[i]}" intent="${intent.id}" client-secret="${intent.secret}" lang="fr"></momo-checkout>`,
      )
      .join('');
    await openMerchantPage(
      page,
      merchantPage(h, body, {
        head: '<link rel="stylesheet" href="/root.css">',
        headers: { 'Content-Security-Policy': csp },
      }),
    );
    await shown(page, 'a', 'form');
    await shown(page, 'b', 'form');
    // Not in the first load: nothing has touched either form yet.
    expect(await partRequests(page)).toEqual([]);

    await pay(page.locator('#a'), 'never_approved');
    await shown(page, 'a', 'pending');
    expect(await partRequests(page)).toEqual([`${new URL(h.server.url).origin}/steps/screens.js`]);
    expect(await progress(page, 'a')).toEqual(PART_PROGRESS);

    // The second widget, paid after the part has come, has its rules too (one part, one request).
    await pay(page.locator('#b'), 'never_approved');
    await shown(page, 'b', 'pending');
    expect(await progress(page, 'b')).toEqual(PART_PROGRESS);
    expect(await partRequests(page)).toHaveLength(1);

    // In the shadow roots only: the merchant's own stylesheets are left as they were.
    expect(await documentHasScreensRules(page)).toBe(false);
    expect(violations).toEqual([]);
  });

  it('comes at once, untouched, when a widget opens on one of its screens (a reload while the payment waits)', async () => {
    const page = await h.newPage();
    const intent = await h.newIntent();
    const url = merchantPage(
      h,
      `<momo-checkout id="w" intent="${intent.id}" client-secret="${intent.secret}" lang="fr"></momo-checkout>`,
    );
    await openMerchantPage(page, url);
    await shown(page, 'w', 'form');
    await pay(page.locator('#w'), 'never_approved');
    await shown(page, 'w', 'pending');

    await openMerchantPage(page, url);
    await shown(page, 'w', 'pending');
    expect(await progress(page, 'w')).toEqual(PART_PROGRESS);
  });

  it('while the part cannot be had: Pay sends nothing and says so; a reload\'s stand-in shows "try again"; the screens once it can', async () => {
    const page = await h.newPage();
    // The part brings the sending half of paying (src/checkout/sending.ts) as well as the screens.
    let refusing = true;
    await page.route('**/steps/screens.js', (route) => (refusing ? route.abort() : route.continue()));
    const confirms: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/confirm')) confirms.push(request.url());
    });
    const intent = await h.newIntent();
    const tag = `<momo-checkout id="w" intent="${intent.id}" client-secret="${intent.secret}" lang="fr"></momo-checkout>`;
    await openMerchantPage(page, merchantPage(h, tag));
    await shown(page, 'w', 'form');
    await pay(page.locator('#w'), 'never_approved');
    await page
      .locator('#w')
      .getByText('Impossible de joindre le service de paiement. Vérifiez votre connexion et réessayez.')
      .waitFor({ timeout: 15_000 });
    expect(confirms).toHaveLength(0);
    refusing = false;
    await page.locator('#w .momo-pay').click();
    await shown(page, 'w', 'pending');
    expect(confirms).toHaveLength(1);

    // The payment waits; the page is opened again and the part refused once: its stand-in.
    const again = await h.newPage();
    // Refused until the stand-in says so (the model and the stand-in may each ask for the part once:
    // how many asks come before the first refusal is back is the machine's timing, not the page's).
    let refusingAgain = true;
    await again.route('**/steps/screens.js', (route) => (refusingAgain ? route.abort() : route.continue()));
    await openMerchantPage(again, merchantPage(h, tag));
    const retry = again.locator(`#w ${STANDIN} [role="alert"] button`);
    await retry.waitFor({ timeout: 15_000 });
    expect(await again.locator('#w .momo-progress').count()).toBe(0);
    refusingAgain = false;
    await retry.click();
    await shown(again, 'w', 'pending');
    expect(await progress(again, 'w')).toEqual(PART_PROGRESS);
  });
});
