// The smallest screens (issue 20): the hosted page on a 320×568 phone and a 240×320 one (KaiOS), the
// widget at 360, 320 and 240 px, each screen of a payment (the form and its country list, the order,
// the waiting screen, the code step, the wallet's-app step, the failure, the receipt) in French,
// English and Arabic. Nothing sticks out of the screen or of its box, a select's longest choice fits
// it (beside its chevron), no two neighbours overlap, and no word is broken inside unless it alone is
// wider than its line; the pay button and "check now" are reachable.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { merchantPage, waitForState } from '../widget/browser-helpers';
import { type Harness, startHarness, TEST_TOKEN, testNumber } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ approvalMs: 300 });
  await fetch(`${h.server.url}/v1/_sandbox/merchant`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${TEST_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Boutique Awa Mbemba' }),
  });
});
afterAll(() => h?.close());

const merchant = () => createClient({ baseUrl: h.server.url, token: TEST_TOKEN });

/**
 * What is wrong with the checkout's layout (in the widget `host`'s shadow root, or the page): each a
 * line that says where. Run in the page.
 */
function layoutProblems(hostSelector: string | null): string[] {
  const found: string[] = [];
  const root: ParentNode = hostSelector ? document.querySelector(hostSelector)!.shadowRoot! : document;
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
  const shown = (el: Element) => {
    const style = getComputedStyle(el);
    return style.display !== 'none' && style.visibility !== 'hidden' && el.getClientRects().length > 0;
  };
  if (document.documentElement.scrollWidth > innerWidth)
    found.push(`the page is ${document.documentElement.scrollWidth} px wide on a ${innerWidth} px screen`);
  const elements = [...root.querySelectorAll<HTMLElement>('.momo, .momo *')].filter(
    (el) => shown(el) && !el.closest('svg'),
  );
  for (const el of elements) {
    const style = getComputedStyle(el);
    // Content wider than its box (a select's text is measured below, against its chevron).
    if (el.tagName !== 'SELECT' && el.scrollWidth > el.clientWidth + 1 && style.overflowX === 'visible')
      found.push(`${name(el)}: its content is ${el.scrollWidth} px in ${el.clientWidth}`);
    const box = el.getBoundingClientRect();
    if (box.width > 0 && (box.right > innerWidth + 1 || box.left < -1)) found.push(`${name(el)}: past the screen`);
  }
  // A select shows its choice on one line: its longest choice must fit beside its chevron.
  const measure = document.createElement('span');
  measure.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
  document.body.append(measure);
  for (const select of elements.filter((el): el is HTMLSelectElement => el.tagName === 'SELECT')) {
    const style = getComputedStyle(select);
    measure.style.font = style.font;
    measure.style.letterSpacing = style.letterSpacing;
    const room = select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    for (const option of select.options) {
      measure.textContent = option.text;
      const width = measure.getBoundingClientRect().width;
      if (width > room + 1)
        found.push(`${name(select)}: "${option.text}" is ${Math.ceil(width)} px in ${Math.floor(room)}`);
    }
  }
  measure.remove();
  // Neighbours in the flow never overlap (a wallet's name under the next card, a price on a name).
  for (const parent of elements) {
    const children = [...parent.children].filter((child) => {
      if (!shown(child) || child.closest('svg')) return false;
      const style = getComputedStyle(child);
      return style.position !== 'absolute' && style.position !== 'fixed' && style.opacity !== '0';
    });
    const boxes = children.map((child) => child.getBoundingClientRect());
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        const overlap =
          Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
          Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
        if (overlap && a.width * a.height > 0 && b.width * b.height > 0)
          found.push(`${name(children[i]!)} and ${name(children[j]!)} overlap in ${name(parent)}`);
      }
  }
  // A word is broken only where it alone is wider than its line: each word's pieces on one line.
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent?.closest('.momo') || parent.closest('select, svg, script, style') || !shown(parent)) continue;
    // The block the text flows in: its width is the line's.
    let block: HTMLElement = parent;
    while (getComputedStyle(block).display.startsWith('inline') && block.parentElement) block = block.parentElement;
    // Measured to the fraction of a pixel (clientWidth rounds): an id a hair wider than its line, as a
    // random charge id may be, has to break and is no fault.
    const blockStyle = getComputedStyle(block);
    const line =
      block.getBoundingClientRect().width -
      ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'].reduce(
        (sum, side) => sum + Number.parseFloat(blockStyle[side as 'paddingLeft']),
        0,
      );
    // Words: between spaces, hyphens (a break opportunity) and bidirectional controls.
    for (const match of node.textContent!.matchAll(/[^\s\-\u2010\u200e\u200f\u2066-\u2069]+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index!);
      range.setEnd(node, match.index! + match[0].length);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
      const lines = new Set(rects.map((rect) => Math.round(rect.top / 4)));
      const width = rects.reduce((sum, rect) => sum + rect.width, 0);
      if (lines.size > 1 && width < line - 0.5)
        found.push(
          `"${match[0]}" broken inside in ${name(parent)} (${Math.ceil(width)} px, the line ${Math.floor(line)})`,
        );
    }
  }
  return found;
}

type Where = { page: Page; host: string | null };

/** The checkout's layout problems in each of the three languages, switched in place. */
async function problemsInEachLanguage({ page, host }: Where): Promise<Record<string, string[]>> {
  const scope = host ? page.locator(host) : page;
  const seen: Record<string, string[]> = {};
  for (const lang of ['fr', 'en', 'ar']) {
    await scope.locator('.momo-lang').selectOption(lang);
    await scope.locator(`.momo[lang="${lang}"]`).waitFor();
    seen[lang] = await page.evaluate(layoutProblems, host);
  }
  return seen;
}

const none = { fr: [], en: [], ar: [] };

/** Fills the form as a payer would (a wallet chosen when told) and pays. */
async function fillAndPay({ page, host }: Where, country: string, phone: string, wallet?: string) {
  const scope = host ? page.locator(host) : page;
  await scope.locator('#momo-country').selectOption(country);
  await scope.locator('#momo-phone').fill(phone);
  if (wallet) await scope.locator(`.momo-operator[data-operator="${wallet}"]`).click();
  await scope.locator('#momo-first-name').fill('Awa');
  await scope.locator('#momo-last-name').fill('Koné');
  await scope.locator('#momo-email').fill('awa@exemple.ci');
  await scope.locator('.momo-pay').scrollIntoViewIfNeeded();
  await scope.locator('.momo-pay').click();
}

/** A payment of each screen's kind: the country, the number and the wallet that take it there. */
const SCREENS = {
  pending: { country: 'ci', outcome: 'never_approved', wallet: 'mtn', state: 'pending' },
  code: { country: 'ci', outcome: 'approved_after_delay', wallet: 'orange', state: 'pending', shows: '.momo-code' },
  app: { country: 'ci', outcome: 'approved_after_delay', wallet: 'wave', state: 'pending', shows: 'a.momo-pay' },
  failed: { country: 'ci', outcome: 'declined', wallet: 'mtn', state: 'failed' },
  succeeded: { country: 'ci', outcome: 'approved_at_once', wallet: 'mtn', state: 'succeeded' },
} as const;

async function reach(where: Where, screen: keyof typeof SCREENS) {
  const { country, outcome, wallet, state, ...rest } = SCREENS[screen];
  const scope = where.host ? where.page.locator(where.host) : where.page;
  await fillAndPay(where, country, testNumber(outcome, country, wallet).national, wallet);
  await scope.locator(`.momo[data-state="${state}"]:not(:has(.momo-standin))`).waitFor({ timeout: 15_000 });
  if ('shows' in rest) await scope.locator(rest.shows).first().waitFor({ timeout: 15_000 });
}

describe('the layout checks', () => {
  it('see what they look for: content past its box, a select too narrow, neighbours overlapping, a word broken inside', async () => {
    const page = await h.newPage({ viewport: { width: 320, height: 568 } });
    await page.setContent(`<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">
      <div class="momo" style="width:240px;font:16px sans-serif">
        <div style="width:60px"><span style="white-space:nowrap">Airtel Money</span></div>
        <select style="width:90px"><option>Burkina Faso</option><option>République centrafricaine</option></select>
        <div><span style="display:inline-block;width:120px">MTN</span><span style="display:inline-block;width:120px;margin-left:-50px">Wave</span></div>
        <p style="width:100px;word-break:break-all">Paiement sécurisé</p>
        <p style="width:100px;overflow-wrap:anywhere">ch_sY7DFtRWOKkId8Ks37NX4hOR</p>
        <p id="hair" style="overflow-wrap:anywhere">ch_l2GZj8gtQrOyIlasTCTlgP62</p>
      </div>`);
    // An id a fraction of a pixel wider than its line (as one random charge id was at 320 px).
    await page.evaluate(() => {
      const hair = document.getElementById('hair')!;
      const range = document.createRange();
      range.selectNodeContents(hair);
      hair.style.width = `${range.getBoundingClientRect().width - 0.4}px`;
    });
    const problems = await page.evaluate(layoutProblems, null);
    expect(problems.find((line) => line.startsWith('div: its content'))).toBeDefined();
    expect(problems).toContainEqual(expect.stringMatching(/^select: "République centrafricaine" is \d+ px in \d+$/));
    expect(problems.find((line) => line.includes('Burkina'))).toBeUndefined();
    expect(problems).toContain('span and span overlap in div');
    expect(problems).toContainEqual(expect.stringMatching(/^"(?:Paiement|sécurisé)" broken inside in p/));
    // A word wider than its line alone may break.
    expect(problems.find((line) => line.includes('ch_'))).toBeUndefined();
  });
});

describe.each([
  [320, 568],
  [240, 320],
])('the hosted page on a %i px phone', (width, height) => {
  const open = async (currency = 'xof') => {
    const session = await merchant().createSession({
      total: 23_250,
      currency,
      accountId: 'acct_narrow',
      successUrl: `${h.merchant.url}/thanks`,
      cancelUrl: `${h.merchant.url}/cart`,
      metadata: {},
      items: [
        { productId: 'prt_wax', quantity: 1, price: 15_000, productName: 'Pagne wax 6 yards' },
        { productId: 'prt_soap', quantity: 3, price: 2_750, productName: 'Savon noir de Pointe-Noire' },
      ],
    });
    const page = await h.newPage({ viewport: { width, height }, isMobile: true, hasTouch: true });
    await page.goto(session.url);
    await page.locator('.momo[data-state="form"]').waitFor();
    return { page, host: null };
  };

  it.each([
    ['xof', 'ci'],
    ['xaf', 'cg'],
  ])(
    'the form (%s, %s), its country list and the order opened: nothing sticks out, overlaps or breaks inside a word',
    async (currency, country) => {
      const where = await open(currency);
      await where.page.locator('#momo-country').selectOption(country);
      expect(await problemsInEachLanguage(where)).toEqual(none);
      await where.page.locator('.momo-items summary').click();
      expect(await problemsInEachLanguage(where)).toEqual(none);
    },
  );

  it.each(Object.keys(SCREENS) as (keyof typeof SCREENS)[])('the %s screen', async (screen) => {
    const where = await open();
    await reach(where, screen);
    expect(await problemsInEachLanguage(where)).toEqual(none);
    if (screen === 'pending') {
      const check = where.page.getByRole('button', { name: /vérifier maintenant|check now|تحقّق الآن/ });
      await check.scrollIntoViewIfNeeded();
      await expect(check.isVisible()).resolves.toBe(true);
    }
  });
});

describe.each([
  [360, 740],
  [320, 568],
  [240, 320],
])('the widget on a %i px phone', (width, height) => {
  const open = async (currency = 'xof') => {
    const intent = await merchant().createIntent({ amount: 23_250, currency, description: 'Pagne wax' });
    const page = await h.newPage({ viewport: { width, height }, isMobile: true, hasTouch: true });
    await page.goto(
      merchantPage(
        h,
        `<momo-checkout id="w" intent="${intent.intent_id}" client-secret="${intent.client_secret}" lang="fr"></momo-checkout>`,
        // A phone's page: laid out at the screen's width (without it, 980 px).
        { head: '<meta name="viewport" content="width=device-width, initial-scale=1">' },
      ),
    );
    await waitForState(page.locator('#w'), 'form');
    return { page, host: '#w' };
  };

  it.each([
    ['xaf', ['cg', 'ga', 'cm']],
    ['xof', ['ci', 'sn', 'bf']],
  ])(
    'the form (%s) and its country list, with the wallets of each country (Airtel Money beside MTN MoMo…)',
    async (currency, countries) => {
      const where = await open(currency);
      for (const country of countries) {
        await where.page.locator('#w #momo-country').selectOption(country);
        expect(await problemsInEachLanguage(where), country).toEqual(none);
      }
    },
  );

  it.each(Object.keys(SCREENS) as (keyof typeof SCREENS)[])('the %s screen', async (screen) => {
    const where = await open();
    await reach(where, screen);
    expect(await problemsInEachLanguage(where)).toEqual(none);
  });
});
