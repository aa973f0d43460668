// The widget's isolated mode (`<momo-checkout isolated>`, `mount(…, { isolated: true })`): the
// checkout in a frame of the checkout's origin, on a merchant page of another origin. What the
// payer types must be out of the merchant page's reach, the outcome must still reach its events,
// and nothing but that frame, from that origin, may speak for it.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../browser/support/harness';
import { merchantPage, openMerchantPage, pay, recordEvents, seenEvents, waitForState } from './browser-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ approvalMs: 600 });
});
afterAll(() => h?.close());

const isolated = (intent: { id: string; secret: string }, extra = '') =>
  `<momo-checkout id="w" isolated intent="${intent.id}" client-secret="${intent.secret}" lang="fr" ${extra}></momo-checkout>`;

/** The checkout inside the frame, for the payer's moves (the test drives the frame as the payer would). */
const inFrame = (page: Page) => page.frameLocator('#w iframe') as unknown as Locator;

describe('widget.js › isolated mode', () => {
  it('pays in a frame the merchant page cannot read, and tells the page the outcome', async () => {
    const page = await h.newPage({ viewport: { width: 360, height: 740 } });
    const intent = await h.newIntent(6500);
    await openMerchantPage(page, merchantPage(h, isolated(intent)));
    await recordEvents(page);
    await waitForState(inFrame(page), 'form');
    await inFrame(page).locator('#momo-first-name').fill('Élodie');

    // The merchant page and its scripts: no field in the element, the frame's document closed to them.
    const reach = await page.evaluate(() => {
      const element = document.querySelector('momo-checkout')!;
      const frame = element.shadowRoot!.querySelector('iframe')!;
      let frameDocument: unknown = 'readable';
      try {
        frameDocument = frame.contentDocument;
      } catch {
        frameDocument = null;
      }
      return { inputs: element.shadowRoot!.querySelectorAll('input').length, frameDocument, src: frame.src };
    });
    expect(reach.inputs).toBe(0);
    expect(reach.frameDocument).toBeNull();
    expect(new URL(reach.src).origin).toBe(new URL(h.server.url).origin);
    expect(reach.src).not.toContain(intent.secret);

    await pay(inFrame(page), 'approved_at_once');
    await waitForState(inFrame(page), 'succeeded');
    await expect
      .poll(() => seenEvents(page))
      .toEqual([
        {
          type: 'succeeded',
          target: 'w',
          detail: { intentId: intent.id, status: 'succeeded', chargeId: expect.stringMatching(/^ch_/) },
        },
      ]);
    // Sized by its content: the receipt is not cut off, and the frame does not scroll.
    const [frameHeight, contentHeight] = await Promise.all([
      page.locator('#w iframe').evaluate((frame) => frame.getBoundingClientRect().height),
      inFrame(page)
        .locator('.momo')
        .evaluate((root) => root.getBoundingClientRect().bottom),
    ]);
    expect(frameHeight).toBeGreaterThanOrEqual(contentHeight);
  }, 30_000);

  it('ignores messages that do not come from its frame and its origin', async () => {
    const page = await h.newPage();
    const intent = await h.newIntent();
    await openMerchantPage(page, merchantPage(h, isolated(intent)));
    await recordEvents(page);
    await waitForState(inFrame(page), 'form');
    // A script of the page forging the frame's message, to the page itself and through another frame.
    await page.evaluate(({ id }) => {
      const forged = {
        momo: 'event',
        type: 'succeeded',
        detail: { intentId: id, status: 'succeeded', chargeId: 'ch_forged' },
      };
      window.postMessage(forged, '*');
      const other = document.createElement('iframe');
      other.srcdoc = `<script>parent.postMessage(${JSON.stringify(forged)}, '*')</script>`;
      document.body.append(other);
    }, intent);
    await page.waitForTimeout(500);
    expect(await seenEvents(page)).toEqual([]);
  }, 20_000);

  it('tells a cancel to the page, and leaves nothing when removed', async () => {
    const page = await h.newPage();
    const intent = await h.newIntent();
    await openMerchantPage(page, merchantPage(h, isolated(intent)));
    await recordEvents(page);
    await waitForState(inFrame(page), 'form');
    await inFrame(page).getByRole('button', { name: 'Annuler et revenir chez le marchand' }).click();
    await expect
      .poll(() => seenEvents(page))
      .toEqual([
        { type: 'canceled', target: 'w', detail: { intentId: intent.id, status: 'canceled', chargeId: null } },
      ]);
    await page.evaluate(() => document.querySelector('momo-checkout')!.remove());
    expect(page.frames()).toHaveLength(1);
  }, 20_000);

  it('the frame page opened on its own waits for a parent and pays nothing', async () => {
    const page = await h.newPage();
    const api: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/')) api.push(request.url());
    });
    const response = await page.goto(`${h.server.url}/embed`);
    expect(response!.headers()['content-security-policy']).toContain('frame-ancestors *');
    expect(response!.headers()['x-frame-options']).toBeUndefined();
    await page.waitForTimeout(300);
    // The first screen, as prerendered, and nothing more: no intent, no read, no way to pay.
    expect(await page.locator('.momo').getAttribute('data-state')).toBe('loading');
    expect(await page.locator('.momo-pay').isDisabled()).toBe(true);
    expect(api).toEqual([]);
  }, 20_000);
});
