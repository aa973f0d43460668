// Slow-phone load: Debian's Chromium with the CPU slowed 4× and the bandwidth of slow 4G (1.6 Mbit/s
// down, 750 kbit/s up) through the DevTools protocol, its 150 ms round trip from a relay in front of
// each server (slow-link.ts says why), from a cold start: a new browser per run, so no HTTP cache,
// no code cache, no open connection. Measures the time from navigation until the first input can
// take typing: the first field is in the DOM on the form screen, and a task posted right after has
// run (the main thread is free to handle a key).
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/support/chromium';
import { startSlowLink } from './slow-link';
import { median, round } from './stats';
import { type Floor, floorOf, recordRequests, type WireRequest } from './waterfall';

export interface LinkProfile {
  rttMs: number;
  downKbps: number;
  upKbps: number;
  cpuSlowdown: number;
}

export const SLOW_PHONE = { rttMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: 4 } as const satisfies LinkProfile;
/** Issue 20: a 2G link (EDGE at its usual rate) and a phone slower still. */
export const TWO_G = { rttMs: 800, downKbps: 250, upKbps: 50, cpuSlowdown: 6 } as const satisfies LinkProfile;

export interface LoadRun {
  /** ms from navigation start until the first input can take typing. */
  interactiveMs: number;
  /** ms until the field appeared (before the posted task ran). */
  fieldMs: number;
  floor: Floor;
  /** Each request: ms from the navigation's request to its sending, its first answer and its last byte. */
  requests: {
    url: string;
    type: string;
    newConnection: boolean | null;
    bytes: number;
    sentMs: number;
    respondedMs: number | null;
    finishedMs: number | null;
  }[];
}

export interface LoadResult {
  scenario: string;
  runs: LoadRun[];
  medianMs: number;
  floorMs: number;
  roundTrips: number;
  wireBytes: number;
  /** medianMs ÷ floorMs. */
  ratio: number;
}

export interface Scenario {
  name: string;
  /** The address to open for one run (each run gets a fresh, payable intent). */
  url(origins: { checkout: string; merchant: string }): Promise<string>;
}

interface Marks {
  field: number | null;
  ready: number | null;
}

/**
 * Runs in every document before its scripts: watches the page and any shadow root for the form.
 * A string, not a function: tsx wraps named functions in a helper the page does not have.
 */
const WATCH_FOR_FORM = `(() => {
  const marks = { field: null, ready: null };
  window.__benchMarks = marks;
  const seen = () => {
    if (marks.field !== null) return;
    marks.field = performance.now();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { marks.ready = performance.now(); };
    channel.port2.postMessage(null);
  };
  const watch = (root) => {
    const observer = new MutationObserver(() => {
      const input = root.querySelector('.momo[data-state="form"] #momo-first-name');
      if (input && !input.disabled) { observer.disconnect(); seen(); }
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  };
  watch(document);
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    watch(root);
    return root;
  };
})();`;

async function oneRun(url: string, profile: LinkProfile): Promise<LoadRun> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      locale: 'fr-FR',
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const recorded = await recordRequests(cdp);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0, // the relay's job
      downloadThroughput: (profile.downKbps * 1000) / 8,
      uploadThroughput: (profile.upKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    await page.addInitScript(WATCH_FOR_FORM);
    await page.goto(url, { waitUntil: 'commit' });
    await page
      .waitForFunction(() => (window as unknown as { __benchMarks: Marks }).__benchMarks.ready !== null, null, {
        timeout: 30_000,
        polling: 50,
      })
      .catch(async (error: unknown) => {
        const state = await page
          .evaluate(
            // biome-ignore lint/performance/useDomNodeTextContent: the text as the page shows it (innerText), not its scripts' and styles' source too
            () => document.querySelector('.momo')?.getAttribute('data-state') ?? document.body?.innerText.slice(0, 200),
          )
          .catch(() => '?');
        throw new Error(`${url}: the form was not ready in 30 s (state: ${state})`, { cause: error });
      });
    const { marks, timeOrigin } = await page.evaluate(() => ({
      marks: (window as unknown as { __benchMarks: Marks }).__benchMarks,
      timeOrigin: performance.timeOrigin,
    }));
    await canType(page);
    const readyWall = timeOrigin + marks.ready!;
    // What the load needed: every request sent before the page was ready, but the favicon.
    const needed = [...recorded.values()].filter(
      (r: WireRequest) => r.wallSentAt <= readyWall && !r.url.endsWith('/favicon.ico'),
    );
    const unfinished = needed.filter((r) => !r.finished);
    if (unfinished.length > 0)
      throw new Error(`requests still running when the page was ready: ${unfinished.map((r) => r.url).join(', ')}`);
    const start = Math.min(...needed.map((r) => r.sentAt));
    return {
      interactiveMs: round(marks.ready!, 1),
      fieldMs: round(marks.field!, 1),
      floor: floorOf(needed, profile.rttMs, profile.downKbps),
      requests: needed.map((r) => {
        const ms = (at: number | null) => (at === null ? null : round((at - start) * 1000, 1));
        return {
          url: new URL(r.url).pathname,
          type: r.type,
          newConnection: r.newConnection,
          bytes: r.encodedBytes,
          sentMs: ms(r.sentAt)!,
          respondedMs: ms(r.respondedAt),
          finishedMs: ms(r.finishedAt),
        };
      }),
    };
  } finally {
    await browser.close();
  }
}

/** The check behind "can take typing": a key typed now lands in the field. */
async function canType(page: Page) {
  const field = page.locator('#momo-first-name');
  await field.focus();
  await page.keyboard.type('É');
  const value = await field.inputValue();
  if (value !== 'É') throw new Error(`typing in the first field gave ${JSON.stringify(value)}`);
}

export async function measureLoads(
  checkoutUrl: string,
  merchantUrl: string,
  scenarios: readonly Scenario[],
  runs: number,
  profile: LinkProfile = SLOW_PHONE,
): Promise<LoadResult[]> {
  const checkout = await startSlowLink(checkoutUrl, profile.rttMs);
  const merchant = await startSlowLink(merchantUrl, profile.rttMs);
  try {
    const results: LoadResult[] = [];
    for (const scenario of scenarios) {
      const done: LoadRun[] = [];
      for (let i = 0; i < runs; i++)
        done.push(await oneRun(await scenario.url({ checkout: checkout.url, merchant: merchant.url }), profile));
      const medianMs = median(done.map((r) => r.interactiveMs));
      // Runs' floors differ only by a few header bytes (or, rarely, a connection): take the middle one.
      const floor = done.map((r) => r.floor).sort((a, b) => a.ms - b.ms)[done.length >> 1]!;
      results.push({
        scenario: scenario.name,
        runs: done,
        medianMs: round(medianMs),
        floorMs: round(floor.ms),
        roundTrips: floor.roundTrips,
        wireBytes: floor.wireBytes,
        ratio: round(medianMs / floor.ms, 2),
      });
    }
    return results;
  } finally {
    await Promise.all([checkout.close(), merchant.close()]);
  }
}
