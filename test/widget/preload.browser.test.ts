// Issue 30: the widget on 2G as fast as the page. docs/integration.md ("On a slow network") gives
// merchants a page that hands widget.js the payment's first read: a preload of the intent started
// with the page, and widget.js fetched without credentials. Its snippet, as the doc has it, must do
// what the doc says: the checkout uses the preload's answer (one read, not two) and pays through
// it; and `crossorigin` alone puts the checkout's first read on widget.js's connection.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../browser/support/harness';
import { pay, waitForState } from './browser-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ approvalMs: 300 });
});
afterAll(() => h?.close());

const doc = readFileSync(join(__dirname, '../../docs/integration.md'), 'utf8');
const section = doc.slice(doc.indexOf('### On a slow network'));
const snippet = /```html\n([\s\S]*?)```/.exec(section)?.[1] ?? '';

/** The doc's snippet for this intent, the checkout server being both the checkout and the API host (as under npm start). */
function shopWith(intent: { id: string; secret: string }, keep: (line: string) => boolean = () => true): string {
  const body = snippet
    .split('\n')
    .filter(keep)
    .join('\n')
    .replaceAll('https://<api host>', h.server.url)
    .replaceAll('https://<checkout host>', h.server.url)
    .replaceAll('pi_…_secret_…', intent.secret)
    .replaceAll('pi_…', intent.id);
  return h.merchant.page(`/shop-${intent.id}`, {
    html: `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boutique</title></head><body>${body}</body></html>`,
  });
}

/** The reads of `id` the browser sent (a preload the page's fetch took over is one request, not two). */
function recordReads(page: Page, id: string): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === `/v1/payment-intents/${id}`) reads.push(request.resourceType());
  });
  return reads;
}

describe('widget.js › a merchant page that hands it its first read (docs/integration.md)', () => {
  it('the doc holds the snippet: the preload, the script without credentials, the element', () => {
    expect(snippet).toMatch(
      /<link rel="preload" as="fetch" crossorigin href="https:\/\/<api host>\/v1\/payment-intents\/pi_…">/,
    );
    expect(snippet).toMatch(/<script src="https:\/\/<checkout host>\/widget\.js" defer crossorigin><\/script>/);
    expect(snippet).toContain('<momo-checkout intent="pi_…"');
  });

  it('the checkout takes the preload’s answer — the intent is read once before the form — and pays through it', async () => {
    const intent = await h.newIntent(7_500);
    const page = await h.newPage();
    const reads = recordReads(page, intent.id);
    await page.goto(shopWith(intent));
    const checkout = page.locator('momo-checkout');
    await waitForState(checkout, 'form');
    await expect.poll(() => checkout.locator('.momo-pay').textContent()).toContain('7');
    expect(reads).toHaveLength(1);
    await pay(checkout, 'approved_at_once');
    await waitForState(checkout, 'succeeded', 20_000);
  });

  it('crossorigin alone: the first read goes on widget.js’s connection, not a new one', async () => {
    const intent = await h.newIntent();
    const page = await h.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const connections = new Map<string, { id: number; reused: boolean }>();
    cdp.on('Network.responseReceived', (event) => {
      const path = new URL(event.response.url).pathname;
      connections.set(path, { id: event.response.connectionId, reused: event.response.connectionReused });
    });
    await page.goto(shopWith(intent, (line) => !line.startsWith('<link rel="preload"')));
    await waitForState(page.locator('momo-checkout'), 'form');
    const script = connections.get('/widget.js');
    const read = connections.get(`/v1/payment-intents/${intent.id}`);
    expect(script && read).toBeTruthy();
    expect(read).toEqual({ id: script?.id, reused: true });
  });
});
