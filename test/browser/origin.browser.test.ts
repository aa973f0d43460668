// One API origin everywhere (issue 27): a checkout server configured with an API elsewhere (a
// separate sandbox) writes it into the hosted page and widget.js as it serves them. The README's
// one-line snippet, with no api-base, pays through that API; the hosted page's first read (the
// inline one) goes there; and an element named `currentScript` on the merchant's page moves nothing.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { type RunningServer, startCheckoutServer } from '../../src/server/checkout-server';
import { DEFAULT_DIST_DIR } from '../../src/server/paths';
import { startSandboxServer } from '../../src/server/sandbox-server';
import { launchChromium } from '../support/chromium';
import { type MerchantSite, startMerchantSite } from '../support/merchant-site';
import { pay, waitForState } from '../widget/browser-helpers';
import { TEST_TOKEN } from './support/harness';

/** An origin no test may reach: every request to it is answered by the browser itself, and counted. */
const EVIL = 'https://evil.example';
/** A 1×1 transparent PNG, the "product image" that clobbers document.currentScript. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let api: RunningServer;
let checkout: RunningServer;
let merchant: MerchantSite;
let browser: Browser;

beforeAll(async () => {
  const sandboxOptions = { approvalMs: 800, env: {} };
  // The payment service, on its own origin.
  api = await startSandboxServer({ port: 0, host: '127.0.0.1', distDir: DEFAULT_DIST_DIR, sandboxOptions });
  // The checkout (hosted page, widget.js), told at run time where the service is. (Its own /v1, the
  // in-process sandbox this server still carries, must never be called.)
  checkout = await startCheckoutServer({ port: 0, apiOrigin: `${api.url}/v1`, sandboxOptions });
  merchant = await startMerchantSite();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([merchant?.close(), checkout?.close(), api?.close()]);
});

async function newIntent(amount = 5000): Promise<{ id: string; secret: string }> {
  const intent = await createClient({ baseUrl: api.url, token: TEST_TOKEN }).createIntent({
    amount,
    currency: 'xaf',
    description: 'Origin test',
  });
  if (!intent.client_secret) throw new Error('the sandbox returned no client secret');
  return { id: intent.intent_id, secret: intent.client_secret };
}

interface Seen {
  /** `METHOD url` of every request the page and its frames made, in order. */
  requests: string[];
  /** Console errors and answers of 400 and more. */
  problems: string[];
}

async function newPage(): Promise<{ page: Page; seen: Seen }> {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  const seen: Seen = { requests: [], problems: [] };
  page.on('request', (request) => void seen.requests.push(`${request.method()} ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) seen.problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') seen.problems.push(`${message.text()} (${message.location().url})`);
  });
  page.on('close', () => void context.close());
  return { page, seen };
}

/** Every request to an API path went to the configured service, none to the checkout's own /v1. */
function expectApiElsewhere(seen: Seen): void {
  const reads = seen.requests.filter((line) => / https?:\/\/[^/]+\/v1\//.test(line));
  expect(reads.length).toBeGreaterThan(0);
  for (const line of reads) expect(line).toMatch(new RegExp(` ${api.url}/v1/`));
  expect(seen.requests.filter((line) => line.includes(`${checkout.url}/v1`))).toEqual([]);
}

const merchantPageWith = (body: string) =>
  merchant.page(
    `/shop-${Math.random().toString(36).slice(2)}`,
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Shop</title></head><body>${body}</body></html>`,
  );

describe('one API origin › served at run time', () => {
  it("the README's snippet, without api-base, pays through the configured API", async () => {
    const { id, secret } = await newIntent();
    const { page, seen } = await newPage();
    await page.goto(
      merchantPageWith(`<script src="${checkout.url}/widget.js" defer></script>
<momo-checkout id="w" intent="${id}" client-secret="${secret}"></momo-checkout>`),
    );
    const widget = page.locator('#w');
    await waitForState(widget, 'form');
    await pay(widget, 'approved_at_once');
    await waitForState(widget, 'succeeded');
    expectApiElsewhere(seen);
    expect(seen.requests).toContain(`GET ${api.url}/v1/payment-intents/${id}`);
    expect(seen.requests.some((line) => line.startsWith(`POST ${api.url}/v1/payment-intents/${id}/`))).toBe(true);
    expect(seen.problems).toEqual([]);
  });

  it('the hosted page makes its first read, the inline one, to the configured API, and reads once', async () => {
    const { id, secret } = await newIntent();
    const { page, seen } = await newPage();
    await page.goto(`${checkout.url}/pay/${id}#${secret}`);
    await waitForState(page, 'form');
    const read = `GET ${api.url}/v1/payment-intents/${id}`;
    // index.html's inline script sent it; the page's script took it over rather than reading again.
    expect(seen.requests.filter((line) => / https?:\/\/[^/]+\/v1\//.test(line))).toEqual([read]);
    await pay(page, 'approved_at_once');
    await waitForState(page, 'succeeded');
    expectApiElsewhere(seen);
    expect(seen.problems).toEqual([]);
  });

  it("the isolated frame comes from widget.js's origin and reads from the configured API", async () => {
    const { id, secret } = await newIntent();
    const { page, seen } = await newPage();
    await page.goto(
      merchantPageWith(`<script src="${checkout.url}/widget.js" defer></script>
<momo-checkout id="w" isolated intent="${id}" client-secret="${secret}" lang="fr"></momo-checkout>`),
    );
    const frame = page.frameLocator('#w iframe') as unknown as Locator;
    await waitForState(frame, 'form');
    expect(seen.requests).toContain(`GET ${checkout.url}/embed?lang=fr`);
    await pay(frame, 'approved_at_once');
    await waitForState(frame, 'succeeded');
    expectApiElsewhere(seen);
    expect(seen.problems).toEqual([]);
  });
});

/** Answers every request to EVIL with a pixel, as its server would; each is recorded (kind, method, address). */
async function answerEvil(page: Page): Promise<string[]> {
  const evil: string[] = [];
  await page.route(`${EVIL}/**`, async (route) => {
    evil.push(`${route.request().resourceType()} ${route.request().method()} ${route.request().url()}`);
    await route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }).catch(() => {});
  });
  return evil;
}

describe('one API origin › a page that clobbers document.currentScript', () => {
  it('an <img name="currentScript"> before widget.js moves no request: its parts from its own origin, its API the configured one', async () => {
    const { id, secret } = await newIntent();
    const { page, seen } = await newPage();
    const evil = await answerEvil(page);
    // Spanish is not built in: its catalogue is one of widget.js's parts, fetched from its origin.
    await page.goto(
      merchantPageWith(`<p>Un produit : <img name="currentScript" src="${EVIL}/p.png" alt=""></p>
<script src="${checkout.url}/widget.js" defer></script>
<momo-checkout id="w" intent="${id}" client-secret="${secret}" lang="es"></momo-checkout>`),
    );
    // The element did take document.currentScript's place on this page.
    expect(await page.evaluate(() => (document.currentScript as unknown as Element | null)?.localName)).toBe('img');
    const widget = page.locator('#w');
    // Its first screen, whatever it is: the form, or the error of a read sent elsewhere.
    await widget.locator('.momo[data-state="form"], .momo[data-state="error"]').first().waitFor();
    // The product image itself, and nothing else: no read, no catalogue, no step.
    const onlyTheImage = [`image GET ${EVIL}/p.png`];
    expect(evil).toEqual(onlyTheImage);
    await waitForState(widget, 'form');
    await expect.poll(() => seen.requests).toContain(`GET ${checkout.url}/i18n/es.json`);
    await pay(widget, 'approved_at_once');
    await waitForState(widget, 'succeeded');
    expect(evil).toEqual(onlyTheImage);
    expect(seen.requests.filter((line) => line.includes(EVIL))).toEqual([`GET ${EVIL}/p.png`]);
    expect(seen.requests).toContain(`GET ${checkout.url}/i18n/es.json`);
    expectApiElsewhere(seen);
    expect(seen.problems).toEqual([]);
  });

  it('widget.js as built (a server that is its own API, as the sandbox command) trusts no such element either', async () => {
    const { id, secret } = await newIntent();
    const { page, seen } = await newPage();
    const evil = await answerEvil(page);
    // The sandbox server writes nothing into widget.js: it finds its origin itself, from a real
    // <script> only. The clobbered page has none to give: it falls back to the page's own origin.
    await page.goto(
      merchantPageWith(`<img name="currentScript" src="${EVIL}/p.png" alt="">
<script src="${api.url}/widget.js" defer></script>
<momo-checkout id="w" intent="${id}" client-secret="${secret}" lang="es"></momo-checkout>`),
    );
    const widget = page.locator('#w');
    await widget.locator('.momo[data-state="form"], .momo[data-state="error"]').first().waitFor();
    expect(evil).toEqual([`image GET ${EVIL}/p.png`]);
    expect(seen.requests.filter((line) => line.includes(EVIL))).toEqual([`GET ${EVIL}/p.png`]);
    expect(seen.requests).toContain(`GET ${merchant.url}/v1/payment-intents/${id}`);
  });

  it('widget.js as built, from a real <script>, uses its origin as before', async () => {
    const { id, secret } = await newIntent();
    const { page, seen } = await newPage();
    await page.goto(
      merchantPageWith(`<script src="${api.url}/widget.js" defer></script>
<momo-checkout id="w" intent="${id}" client-secret="${secret}" lang="es"></momo-checkout>`),
    );
    const widget = page.locator('#w');
    await waitForState(widget, 'form');
    await pay(widget, 'approved_at_once');
    await waitForState(widget, 'succeeded');
    expect(seen.requests).toContain(`GET ${api.url}/i18n/es.json`);
    expectApiElsewhere(seen);
    expect(seen.problems).toEqual([]);
  });
});
