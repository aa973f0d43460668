// The languages loaded only when chosen, and right to left, in Chromium: an Arabic page (Chad) is
// dir=rtl and mirrored, its numbers still read left to right; ar/es/pt come from /i18n/<lang>.json
// once, only when asked for, and until then (or if they never come) the page keeps its language.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ar } from '../../src/i18n/ar';
import { es } from '../../src/i18n/es';
import { fr } from '../../src/i18n/fr';
import { pt } from '../../src/i18n/pt';
import { DEFAULT_DIST_DIR } from '../../src/server/paths';
import { merchantPage, openMerchantPage, waitForState } from '../widget/browser-helpers';
import { type Harness, startHarness, testNumber } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** The catalogue requests a page made. */
function catalogueRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/i18n/')) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

const box = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);

describe('languages › Arabic, right to left (Chad)', () => {
  it('a page opened in Arabic is dir=rtl and mirrored; numbers and amounts still read left to right', async () => {
    const { id, secret } = await h.newIntent(25_000);
    const page = await h.newPage({ viewport: { width: 360, height: 740 }, locale: 'ar-TD' });
    const requests = catalogueRequests(page);
    await page.goto(`${h.server.url}/pay/${id}?lang=ar#${secret}`);
    await page.locator('.momo[lang="ar"][data-state="form"]').waitFor();
    expect(
      await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang, document.title]),
    ).toEqual(['rtl', 'ar', ar['page.title']]);
    expect(await page.locator('.momo').getAttribute('dir')).toBe('rtl');
    expect(requests).toEqual(['/i18n/ar.json']);

    await page.locator('#momo-country').selectOption('td');
    const number = testNumber('approved_after_delay', 'td', 'airtel');
    await page.locator('#momo-phone').fill(number.national);
    // Mirrored: labels and the pay button's text start on the right, the language switch is on the left.
    const [main, label, pay, lang] = [
      await box(page, '.momo-main'),
      await box(page, 'label[for="momo-first-name"]'),
      await box(page, '.momo-pay'),
      await box(page, '.momo-lang'),
    ];
    expect(main.right - label.right).toBeLessThan(2);
    expect(lang.left).toBeLessThan(main.left + main.width / 2);
    const payText = await page.locator('.momo-pay').evaluate((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      return range.getBoundingClientRect().toJSON() as DOMRect;
    });
    expect(payText.right).toBeGreaterThan(pay.left + pay.width / 2);
    const first = await box(page, '#momo-first-name');
    const last = await box(page, '#momo-last-name');
    expect(first.left).toBeGreaterThan(last.left);
    // Western digits, amounts read left to right; the number with its prefix too. Pay's amount may
    // break between number and currency (large text: src/components/i18n.ts, breakable).
    await expect(page.locator('.momo-pay').textContent()).resolves.toMatch(
      /^ادفع \u2066\u206625,000 FCFA\u2069\u2069$/,
    );
    expect(await page.locator('.momo-input:has(#momo-phone)').evaluate((el) => getComputedStyle(el).direction)).toBe(
      'ltr',
    );
    const [prefix, input] = [await box(page, '.momo-prefix'), await box(page, '#momo-phone')];
    expect(prefix.left).toBeLessThan(input.left);
    // Still inside a phone's first viewport, every control a thumb can hit.
    await page.locator('#momo-first-name').fill('عائشة');
    await page.locator('#momo-last-name').fill('محمد');
    await page.locator('#momo-email').fill('aicha@example.td');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect((await box(page, '.momo-pay')).bottom).toBeLessThanOrEqual(740);
    expect((await box(page, '.momo-lang')).height).toBeGreaterThanOrEqual(44);

    const typed = await page.locator('#momo-phone').inputValue();
    // The waiting screen is read while the payment waits: the page's reads of it are held meanwhile.
    // The sandbox approves in 800 ms and the page shows it about two seconds after the confirm, a
    // window a busy machine's steps below could outlast.
    let release!: () => void;
    const readsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/payment-intents/*', async (route) => {
      await readsHeld;
      await route.continue();
    });
    await page.locator('.momo-pay').click();
    await waitForState(page, 'pending');
    await expect(page.locator('.momo-timer').textContent()).resolves.toMatch(
      /^الوقت المتبقي للموافقة: \u2066[45]:\d\d\u2069$/,
    );
    // The number as typed, in the sentence, reads left to right: its first digits left of its last.
    const sentence = page.locator('.momo-pending p', { hasText: typed }).first();
    const [firstAt, lastAt] = await sentence.evaluate((p, shown) => {
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      let text = walker.nextNode();
      // (Its spaces are no-break ones, which keep it on one line: the same length as typed.)
      const spaced = (node: Node) => node.textContent!.replace(/\u00a0/g, ' ');
      while (text && !spaced(text).includes(shown)) text = walker.nextNode();
      const start = spaced(text!).indexOf(shown);
      const box = (from: number, to: number) => {
        const range = document.createRange();
        range.setStart(text!, from);
        range.setEnd(text!, to);
        const { left, top } = range.getBoundingClientRect();
        return [left, top] as const;
      };
      return [box(start, start + 2), box(start + shown.length - 2, start + shown.length)];
    }, typed);
    expect(firstAt[1]).toBe(lastAt[1]);
    expect(firstAt[0]).toBeLessThan(lastAt[0]);
    release();
    await waitForState(page, 'succeeded');
    await expect(page.locator('.momo-success h2').textContent()).resolves.toBe(ar['succeeded.heading']);
    expect(await page.locator('.momo-receipt').textContent()).not.toMatch(/[\u0660-\u0669]/);
    expect(requests).toEqual(['/i18n/ar.json']);
  }, 30_000);

  it('the payer picks Arabic in the switch, and back: one request, the layout follows', async () => {
    const { id, secret } = await h.newIntent();
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    const requests = catalogueRequests(page);
    await page.goto(`${h.server.url}/pay/${id}#${secret}`);
    await waitForState(page, 'form');
    expect(requests).toEqual([]);
    await page.locator('#momo-country').selectOption('td');
    // Chad's languages first.
    expect(
      await page
        .locator('.momo-lang option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(['fr', 'ar', 'en', 'es', 'pt']);
    await page.locator('.momo-lang').selectOption('ar');
    await expect.poll(() => page.locator('.momo-form-heading').textContent()).toBe(ar['form.heading']);
    expect(
      await page.evaluate(() => [document.documentElement.dir, new URL(location.href).searchParams.get('lang')]),
    ).toEqual(['rtl', 'ar']);
    await page.locator('.momo-lang').selectOption('fr');
    await expect.poll(() => page.locator('.momo-form-heading').textContent()).toBe(fr['form.heading']);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.locator('.momo-lang').selectOption('ar');
    await expect.poll(() => page.locator('.momo-form-heading').textContent()).toBe(ar['form.heading']);
    expect(requests).toEqual(['/i18n/ar.json']);
  }, 20_000);
});

describe('languages › loaded only when chosen', () => {
  it("are not in widget.js nor in any of the page's scripts: each is its own JSON file", () => {
    const scripts = [
      'widget.js',
      ...readdirSync(join(DEFAULT_DIST_DIR, 'assets'))
        .filter((name) => name.endsWith('.js'))
        .map((name) => `assets/${name}`),
    ];
    for (const script of scripts) {
      const code = readFileSync(join(DEFAULT_DIST_DIR, script), 'utf8');
      for (const catalogue of [ar, es, pt]) {
        for (const key of ['pending.heading', 'form.heading', 'error.lost'] as const) {
          expect(
            code.includes(catalogue[key]) || code.includes(JSON.stringify(catalogue[key]).slice(1, -1)),
            `${script}: ${catalogue[key]}`,
          ).toBe(false);
        }
      }
    }
    for (const [lang, catalogue] of Object.entries({ ar, es, pt })) {
      expect(JSON.parse(readFileSync(join(DEFAULT_DIST_DIR, 'i18n', `${lang}.json`), 'utf8'))).toEqual(catalogue);
    }
  });

  it('keeps the language it shows while a catalogue is on its way, and when it never comes', async () => {
    const { id, secret } = await h.newIntent();
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/i18n/es.json', async (route) => {
      await released;
      await route.fulfill({ status: 503, body: 'down' });
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${h.server.url}/pay/${id}?lang=es#${secret}`);
    await waitForState(page, 'form');
    // On its way: the page is in French, complete, with no key and no placeholder.
    const text = async () => (await page.locator('.momo').textContent()) ?? '';
    expect(await page.locator('.momo-form-heading').textContent()).toBe(fr['form.heading']);
    release();
    await page.waitForTimeout(300);
    expect(await page.locator('.momo-form-heading').textContent()).toBe(fr['form.heading']);
    expect(await page.locator('.momo-lang').inputValue()).toBe('fr');
    expect(await text()).not.toMatch(/[{}]|form\.|error\./);
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    expect(errors).toEqual([]);
    // Once the service answers again, the payer's next choice works.
    await page.unroute('**/i18n/es.json');
    await page.locator('.momo-lang').selectOption('es');
    await expect.poll(() => page.locator('.momo-form-heading').textContent()).toBe(es['form.heading']);
  }, 20_000);

  it('the widget fetches Arabic from where widget.js came from, and shows it right to left', async () => {
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/i18n/')) requests.push(request.url());
    });
    const intent = await h.newIntent();
    await openMerchantPage(
      page,
      merchantPage(
        h,
        `<momo-checkout id="w" intent="${intent.id}" client-secret="${intent.secret}" lang="ar"></momo-checkout>`,
      ),
    );
    const widget = page.locator('#w');
    await widget.locator('.momo[lang="ar"][dir="rtl"][data-state="form"]').waitFor();
    expect(await widget.locator('.momo-form-heading').textContent()).toBe(ar['form.heading']);
    expect(requests).toEqual([`${h.server.url}/i18n/ar.json`]);
  }, 20_000);
});
