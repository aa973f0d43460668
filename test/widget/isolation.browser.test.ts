// The widget among other things on a merchant's page: hostile CSS, a strict CSP, a neighbour
// widget, and destroy() leaving nothing behind.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '../../src/i18n/fr';
import { type Harness, startHarness } from '../browser/support/harness';
import { merchantPage, openMerchantPage, pay, recordEvents, seenEvents, waitForState } from './browser-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const HOSTILE_CSS = `
* { all: unset; }
html { font-size: 40px; }
body { font-size: 48px; line-height: 4; letter-spacing: 6px; text-transform: uppercase; color: magenta; font-family: serif; }
button, input, select, label, h1, h2, p, div, form, fieldset { display: none !important; }
.momo, .momo-pay, .momo-form { display: none !important; }
momo-checkout { font-size: 60px; line-height: 5; word-spacing: 20px; --momo-accent: rgb(200, 0, 100); --momo-radius: 0px; --momo-font: Georgia, serif; }
`;

const style = (page: Page, selector: string, properties: string[]) =>
  page.evaluate(
    ({ selector, properties }) => {
      const [host, inner] = selector.split(' >>> ');
      const element = document.querySelector(host!)!.shadowRoot!.querySelector(inner!)!;
      const computed = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return {
        ...Object.fromEntries(properties.map((p) => [p, computed.getPropertyValue(p)])),
        height: Math.round(box.height),
      };
    },
    { selector, properties },
  );

describe('widget › style isolation', () => {
  it('keeps working under hostile merchant CSS and a CSP without unsafe-inline, themed by --momo-*', async () => {
    const page = await h.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    h.merchant.page('/hostile.css', { html: HOSTILE_CSS, headers: { 'Content-Type': 'text/css; charset=utf-8' } });
    const csp = `default-src 'none'; script-src ${h.server.url}; connect-src ${h.server.url}; style-src 'self'; base-uri 'none'`;
    const intent = await h.newIntent();
    const url = merchantPage(
      h,
      `<section><momo-checkout id="w" intent="${intent.id}" client-secret="${intent.secret}" lang="fr"></momo-checkout></section>`,
      {
        head: '<link rel="stylesheet" href="/hostile.css">',
        headers: { 'Content-Security-Policy': csp },
      },
    );
    await openMerchantPage(page, url);
    const scope = page.locator('#w');
    await waitForState(scope, 'form');

    expect(await scope.locator('.momo-pay').isVisible()).toBe(true);
    const root = await style(page, '#w >>> .momo', [
      'font-size',
      'line-height',
      'letter-spacing',
      'text-transform',
      'word-spacing',
      'font-family',
      'display',
    ]);
    expect(root).toMatchObject({
      'font-size': '16px',
      'line-height': '24px',
      'letter-spacing': 'normal',
      'text-transform': 'none',
      'word-spacing': '0px',
      'font-family': 'Georgia, serif',
      display: 'block',
    });
    const button = await style(page, '#w >>> .momo-pay', ['background-color', 'border-radius', 'display']);
    expect(button).toMatchObject({ 'background-color': 'rgb(200, 0, 100)', 'border-radius': '0px', display: 'flex' });
    expect(button.height).toBeGreaterThanOrEqual(44);
    expect(button.height).toBeLessThan(80);

    await pay(scope, 'approved_after_delay');
    await waitForState(scope, 'succeeded');
    expect(violations).toEqual([]);
  });

  it('does not style the merchant’s own elements', async () => {
    const page = await h.newPage();
    const intent = await h.newIntent();
    const lookalikes =
      '<div class="momo" id="theirs"><h2>Boutique</h2><button class="momo-pay" id="their-button">Acheter</button></div>';
    const url = merchantPage(
      h,
      `${lookalikes}<momo-checkout id="w" intent="${intent.id}" client-secret="${intent.secret}" lang="fr"></momo-checkout>`,
    );
    const before = await page.goto(merchantPage(h, lookalikes)).then(() => theirStyles(page));
    await openMerchantPage(page, url);
    await waitForState(page.locator('#w'), 'form');
    expect(await theirStyles(page)).toEqual(before);
  });
});

function theirStyles(page: Page) {
  return page.evaluate(() =>
    ['theirs', 'their-button'].map((id) => {
      const computed = getComputedStyle(document.getElementById(id)!);
      return [
        'padding',
        'max-width',
        'font-family',
        'background-color',
        'border-radius',
        'min-height',
        'box-sizing',
      ].map((p) => computed.getPropertyValue(p));
    }),
  );
}

describe('widget › two on one page', () => {
  it('pays, fails and tears down each one on its own', async () => {
    const page = await h.newPage();
    const [a, b] = [await h.newIntent(1000), await h.newIntent(2000)];
    const body = [a, b]
      .map(
        (intent, i) =>
          `<momo-checkout id="${'ab'[i]}" intent="${intent.id}" client-secret="${intent.secret}" lang="fr"></momo-checkout>`,
      )
      .join('');
    await openMerchantPage(page, merchantPage(h, body));
    await recordEvents(page);
    const [first, second] = [page.locator('#a'), page.locator('#b')];
    await waitForState(first, 'form');
    await waitForState(second, 'form');

    await pay(first, 'approved_after_delay');
    await pay(second, 'declined');
    await waitForState(first, 'succeeded');
    await waitForState(second, 'failed');
    const events = await seenEvents(page);
    expect(events.map((e) => [e.type, e.target, (e.detail as { intentId: string }).intentId]).sort()).toEqual([
      ['attemptfailed', 'b', b.id],
      ['succeeded', 'a', a.id],
    ]);

    await page.evaluate(() => document.getElementById('a')!.remove());
    await second.getByRole('button', { name: fr['failed.changeNumber'] }).click();
    await waitForState(second, 'form');
    await pay(second, 'approved_after_delay');
    await waitForState(second, 'succeeded');
  });
});

// Every timer the page creates, so a test can tell whether any is still pending.
const TIMER_LEDGER = `(() => {
  const active = new Set();
  const { setTimeout: st, clearTimeout: ct, setInterval: si, clearInterval: ci } = window;
  window.setTimeout = (fn, ms, ...args) => {
    const id = st(() => { active.delete(id); typeof fn === 'function' && fn(...args); }, ms);
    active.add(id);
    return id;
  };
  window.clearTimeout = (id) => { active.delete(id); ct(id); };
  window.setInterval = (fn, ms, ...args) => { const id = si(fn, ms, ...args); active.add(id); return id; };
  window.clearInterval = (id) => { active.delete(id); ci(id); };
  window.pendingTimers = () => active.size;
})();`;

describe('MomoCheckout.mount › destroy()', () => {
  it('stops polling and leaves no timer, listener, node or stylesheet behind', async () => {
    const page = await h.newPage();
    await page.addInitScript(TIMER_LEDGER);
    const intent = await h.newIntent();
    await openMerchantPage(page, merchantPage(h, '<div id="slot"></div>'));
    const cdp = await page.context().newCDPSession(page);
    const listenerCount = async () => {
      let total = 0;
      for (const expression of ['window', 'document']) {
        const { result } = await cdp.send('Runtime.evaluate', { expression });
        const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
        total += listeners.length;
      }
      return total;
    };
    const listenersBefore = await listenerCount();

    await page.evaluate(({ id, secret }) => {
      const w = window as unknown as {
        handle: { destroy(): void };
        MomoCheckout: { mount(target: string, options: object): { destroy(): void } };
      };
      w.handle = w.MomoCheckout.mount('#slot', { intentId: id, clientSecret: secret, lang: 'fr' });
    }, intent);
    const scope = page.locator('#slot');
    await waitForState(scope, 'form');
    await pay(scope, 'never_approved');
    await waitForState(scope, 'pending');

    let reads = 0;
    page.on('request', (request) => {
      if (request.url().startsWith(h.server.url)) reads++;
    });
    await expect.poll(() => reads, { timeout: 5000 }).toBeGreaterThan(0);
    expect(await listenerCount()).toBeGreaterThan(listenersBefore);

    await page.evaluate(() => (window as unknown as { handle: { destroy(): void } }).handle.destroy());
    reads = 0;
    await page.waitForTimeout(3500);
    expect(reads).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pendingTimers(): number }).pendingTimers())).toBe(0);
    expect(await listenerCount()).toBe(listenersBefore);
    expect(
      await page.evaluate(() => {
        const root = document.getElementById('slot')!.shadowRoot!;
        return { nodes: root.childNodes.length, sheets: root.adoptedStyleSheets.length };
      }),
    ).toEqual({ nodes: 0, sheets: 0 });
    await cdp.detach();
  });
});
