// When the page's own script may call MomoCheckout: the queue `(window.MomoCheckout ??= []).push(…)`
// works before widget.js has run (an inline script after `<script … defer>`) and after it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../browser/support/harness';
import { waitForState } from './browser-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** A merchant page loading widget.js with `loading` (`defer`, `async`), then running `inline`. */
function page(loading: string, inline: string, body = '<div id="pay"></div>'): string {
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Shop</title>
<script src="${h.server.url}/widget.js" ${loading}></script>
<script>${inline}</script></head><body>${body}</body></html>`;
  return h.merchant.page(`/ready-${Math.random().toString(36).slice(2)}`, html);
}

const mountCall = (intent: { id: string; secret: string }) =>
  `(window.MomoCheckout ??= []).push(function (checkout) {
     window.handle = checkout.mount('#pay', { intentId: ${JSON.stringify(intent.id)}, clientSecret: ${JSON.stringify(intent.secret)}, lang: 'fr' });
   });`;

async function uncaught(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('MomoCheckout › before widget.js has run', () => {
  it('an inline call right after <script defer> is queued, then runs once widget.js has run', async () => {
    const intent = await h.newIntent(3100);
    const p = await h.newPage();
    const errors = await uncaught(p);
    await p.goto(page('defer', `window.typeBefore = typeof MomoCheckout; ${mountCall(intent)}`));
    await waitForState(p.locator('#pay'), 'form');
    expect(await p.evaluate(() => (window as unknown as { typeBefore: string }).typeBefore)).toBe('undefined');
    expect(await p.locator('#pay .momo-amount').textContent()).toMatch(/3\s100/);
    expect(await p.evaluate(() => typeof (window as unknown as { handle: { destroy: unknown } }).handle.destroy)).toBe(
      'function',
    );
    expect(errors).toEqual([]);
  });

  it('with async, waits until the document is parsed: an element after the script is found', async () => {
    const intent = await h.newIntent(3200);
    const p = await h.newPage();
    const errors = await uncaught(p);
    await p.goto(page('async', mountCall(intent)));
    await waitForState(p.locator('#pay'), 'form');
    expect(errors).toEqual([]);
  });

  it('runs every queued callback once, in order, even when one throws (reported as uncaught)', async () => {
    const p = await h.newPage();
    const errors = await uncaught(p);
    await p.goto(
      page(
        'defer',
        `window.calls = [];
         (window.MomoCheckout ??= []).push(() => calls.push('first'));
         MomoCheckout.push(() => { throw new Error('merchant bug'); }, (c) => calls.push(typeof c.open));`,
      ),
    );
    await p.waitForFunction(() => (window as unknown as { calls: string[] }).calls.length === 2);
    expect(await p.evaluate(() => (window as unknown as { calls: string[] }).calls)).toEqual(['first', 'function']);
    await expect.poll(() => errors).toEqual(['merchant bug']);
  });
});

describe('MomoCheckout › after widget.js has run', () => {
  it('push() runs at once, and mount/open are there to call directly', async () => {
    const intent = await h.newIntent(3300);
    const p = await h.newPage();
    await p.goto(page('', ''));
    const state = await p.evaluate(() => {
      let ran = false;
      const api = window.MomoCheckout as unknown as { push(cb: () => void): void; mount: unknown; open: unknown };
      api.push(() => (ran = true));
      return { ran, mount: typeof api.mount, open: typeof api.open };
    });
    expect(state).toEqual({ ran: true, mount: 'function', open: 'function' });
    await p.evaluate(mountCall(intent));
    await waitForState(p.locator('#pay'), 'form');
  });
});
