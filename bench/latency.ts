// Status latency: how long after the sandbox marks an intent succeeded the page shows it. The
// sandbox is lazy: an attempt succeeds at confirm time + approvalMs, and the charge record's
// updated_at carries that instant (ms precision); the page's side is a MutationObserver on
// data-state reporting performance.timeOrigin + performance.now(). Both clocks are this machine's.
// Payments run several at a time (one page each), at the sandbox's default settings.
//
// With those, an attempt succeeds exactly approvalMs (4000) after the confirm arrives, and the page
// reads every 1 s from the confirm's answer: the read that finds the success comes a few ms after
// it, every time. A real approval comes at any moment; the bench also runs the payments with the
// confirm's answer held 0–950 ms on its way back (payment i: i × 1000/n ms), which spreads the
// approval over a whole polling interval.
import type { Browser, Page } from 'playwright-core';
import { pollDelay } from '../src/checkout/constants';
import { TEST_NUMBERS, type TestOutcome } from '../src/phone';
import type { Fixtures } from './fixtures';
import { median, round } from './stats';

export interface LatencyResult {
  payments: number;
  /** How long each confirm answer was held on its way to the page, in ms (first, last). */
  confirmAnswerHeldMs: [number, number];
  concurrency: number;
  samplesMs: number[];
  medianMs: number;
  worstMs: number;
  /** Largest gap seen between the page's performance clock and its Date.now(), in ms. */
  clockGapMs: number;
}

export interface WaitingResult {
  seconds: number;
  /** Requests the page sent in the first `seconds` after its confirm (the confirm not counted). */
  requests: number;
  /** The same, per 10 s. */
  perTenSeconds: number[];
  /** What the polling schedule (src/checkout/constants.ts) allows in that time, responses taking no time. */
  scheduleAllows: number;
}

const number = (outcome: TestOutcome) =>
  TEST_NUMBERS.find((n) => n.country === 'cg' && n.operator === 'mtn' && n.outcome === outcome)!;

interface Shown {
  perf: number;
  date: number;
}

/** Installed once the form is up: notes when the root first says "succeeded". String: see load.ts. */
const WATCH_FOR_SUCCESS = `(() => {
  const observer = new MutationObserver(() => {
    if (window.__benchShown || !document.querySelector('.momo[data-state="succeeded"]')) return;
    window.__benchShown = { perf: performance.timeOrigin + performance.now(), date: Date.now() };
    observer.disconnect();
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
})()`;

export async function openAndFill(page: Page, url: string, outcome: TestOutcome) {
  await page.goto(url);
  await page.locator('.momo[data-state="form"]').waitFor({ timeout: 15_000 });
  await page.locator('#momo-first-name').fill('Élodie');
  await page.locator('#momo-last-name').fill('Mbemba');
  await page.locator('#momo-email').fill('elodie@example.cg');
  await page.locator('#momo-phone').fill(number(outcome).national);
}

async function onePayment(
  f: Fixtures,
  browser: Browser,
  holdAnswerMs: number,
): Promise<{ latencyMs: number; clockGapMs: number }> {
  const { id, secret } = await f.newIntent();
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    if (holdAnswerMs > 0) {
      await page.route('**/v1/payment-intents/*/confirm', async (route) => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, holdAnswerMs));
        await route.fulfill({ response });
      });
    }
    await openAndFill(page, `${f.server.url}/pay/${id}#${secret}`, 'approved_after_delay');
    await page.evaluate(WATCH_FOR_SUCCESS);
    await page.locator('.momo-pay').click();
    // A function, not a string: the page's CSP forbids evaluating strings.
    await page.waitForFunction(() => Boolean((window as unknown as { __benchShown?: Shown }).__benchShown), null, {
      timeout: 30_000,
      polling: 100,
    });
    const shown = (await page.evaluate('window.__benchShown')) as Shown;
    const intent = await f.api.getIntent(id);
    const success = intent.event.charges.find((c) => c.type === 'charge.success');
    if (!success) throw new Error(`intent ${id} shows success but has no charge.success record`);
    return { latencyMs: shown.perf - Date.parse(success.updated_at), clockGapMs: Math.abs(shown.perf - shown.date) };
  } finally {
    await context.close();
  }
}

/** `spread`: hold payment i's confirm answer i × 1000/payments ms; else answers go straight back. */
export async function measureLatency(
  f: Fixtures,
  browser: Browser,
  payments: number,
  concurrency: number,
  spread: boolean,
): Promise<LatencyResult> {
  const samples: { latencyMs: number; clockGapMs: number }[] = [];
  const hold = (i: number) => (spread ? Math.round((i * 1000) / payments) : 0);
  let started = 0;
  const worker = async () => {
    while (started < payments) {
      const i = started++;
      samples.push(await onePayment(f, browser, hold(i)));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const latencies = samples.map((s) => round(s.latencyMs, 1));
  return {
    payments,
    confirmAnswerHeldMs: [hold(0), hold(payments - 1)],
    concurrency,
    samplesMs: latencies,
    medianMs: round(median(latencies)),
    worstMs: round(Math.max(...latencies)),
    clockGapMs: round(Math.max(...samples.map((s) => s.clockGapMs)), 1),
  };
}

/** Reads the polling schedule allows in `ms` after a confirm, each read taking no time. */
export function scheduleAllows(ms: number): number {
  let reads = 0;
  for (let t = pollDelay(0); t <= ms; t += pollDelay(t)) reads += 1;
  return reads;
}

/** One payer who never approves (number ending 92): the requests their page sends in a minute. */
export async function measureWaiting(f: Fixtures, browser: Browser, seconds = 60): Promise<WaitingResult> {
  const { id, secret } = await f.newIntent();
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    await openAndFill(page, `${f.server.url}/pay/${id}#${secret}`, 'never_approved');
    const sent: { at: number; confirm: boolean }[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/v1/'))
        sent.push({ at: Date.now(), confirm: request.method() === 'POST' && request.url().endsWith('/confirm') });
    });
    await page.locator('.momo-pay').click();
    await page.locator('.momo[data-state="pending"]').waitFor({ timeout: 15_000 });
    const confirmAt = sent.find((r) => r.confirm)?.at;
    if (confirmAt === undefined) throw new Error('the page sent no confirm');
    await new Promise((resolve) => setTimeout(resolve, confirmAt + seconds * 1000 + 500 - Date.now()));
    if ((await page.locator('.momo').getAttribute('data-state')) !== 'pending')
      throw new Error('the waiting page left "pending" within the minute');
    const inWindow = sent.filter((r) => !r.confirm && r.at > confirmAt && r.at <= confirmAt + seconds * 1000);
    const perTenSeconds = Array.from(
      { length: Math.ceil(seconds / 10) },
      (_, i) => inWindow.filter((r) => r.at - confirmAt > i * 10_000 && r.at - confirmAt <= (i + 1) * 10_000).length,
    );
    return { seconds, requests: inWindow.length, perTenSeconds, scheduleAllows: scheduleAllows(seconds * 1000) };
  } finally {
    await context.close();
  }
}
