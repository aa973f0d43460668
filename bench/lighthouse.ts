// Lighthouse (mobile) on the hosted page as a payer opens it: a checkout session of three items from
// a merchant with a profile (name, logo), and a bare intent link, each opened `runs` times by a
// fresh Debian Chromium (the flags of test/support/chromium.ts, headless, French), on the bench's own
// build and server. Lighthouse's defaults otherwise: mobile form factor and screen, simulated
// throttling (the page loads at full speed; Lantern then computes the metrics as on slow 4G: 150 ms
// round trip, 1.6 Mbit/s, CPU 4× slower). It needs no network but the loopback: nothing is
// downloaded, the page and Chromium run here.
//   tsx bench/lighthouse.ts [distDir]   # alone, for iterating on the page: builds into a temp dir
//                                       # unless given one; LIGHTHOUSE_RUNS=n, LIGHTHOUSE_KEEP=<dir>
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Flags, Result } from 'lighthouse';
import { createClient } from '../src/api';
import { redact } from '../src/api/redact';
import { demoMerchantProfile } from '../src/demo/profile';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/chromium';
import { median, round } from './stats';

/** Categories the budgets hold to 100, by their Lighthouse ids. */
export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

/** A token of its own, with the profile a merchant shows its payers (the demo shop's). */
const TOKEN = 'sk_test_bench_lighthouse';
/** The browser's language: the payers served are francophone, as in the slow-phone bench. */
const LANG = 'fr-FR';

export interface LighthouseAudit {
  id: string;
  title: string;
  /** 0–1, or null where Lighthouse does not score it. */
  score: number | null;
  displayValue?: string;
  /** What the audit found, shortened: the first rows of its table, the LCP element… */
  details?: string[];
  /** The category whose score it weighs on (for audits that cost points). */
  category?: LighthouseCategory;
  /** Runs of this page in which it did not pass (0 for a note). */
  failedRuns: number;
}

export interface LighthouseRun {
  scores: Record<LighthouseCategory, number>;
  /**
   * Lighthouse's measure of the machine's speed at that run (environment.benchmarkIndex; higher is
   * faster): its simulated phone is 4× slower than the machine, so the same page gives another TBT
   * on a slower or busier machine. Recorded with every figure so runs on different machines compare.
   */
  benchmarkIndex: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

export interface LighthousePage {
  page: string;
  runs: LighthouseRun[];
  /** Medians over the runs, each figure on its own. */
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  scores: Record<LighthouseCategory, number>;
  /** Audits that cost a category points (weight > 0, score < 1) in any run. */
  failing: LighthouseAudit[];
  /** What the LCP is made of (its element and phases) and, for each metric below a full score, what explains it and what would improve it (from the median-LCP run). */
  notes: LighthouseAudit[];
  /** Lighthouse's own warnings about its runs, if any. */
  warnings?: string[];
}

export interface LighthouseResult {
  settings: {
    lighthouse: string;
    formFactor: string;
    throttlingMethod: string;
    throttling: Record<string, number>;
    runs: number;
  };
  pages: LighthousePage[];
}

export interface LighthouseTarget {
  name: string;
  url(): Promise<string>;
}

interface LaunchedChromium {
  port: number;
  close(): Promise<void>;
}

/** Debian's Chromium with a DevTools port for Lighthouse (playwright's launch speaks over a pipe). */
async function launchForLighthouse(): Promise<LaunchedChromium> {
  const profile = await mkdtemp(join(tmpdir(), 'momo-lighthouse-'));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      '--headless',
      ...CHROMIUM_ARGS,
      `--accept-lang=${LANG}`,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(
        () => reject(new Error(`Chromium gave no DevTools port in 20 s: ${seen.slice(-500)}`)),
        20_000,
      );
      child.stderr!.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (${code}) before listening: ${seen.slice(-500)}`));
      });
    });
    child.stderr!.resume();
    return {
      port,
      async close() {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await rm(profile, { recursive: true, force: true, maxRetries: 3 });
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}

const FLAGS: Flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: [...LIGHTHOUSE_CATEGORIES],
  // Lighthouse's mobile defaults, said out loud: the figures depend on them.
  formFactor: 'mobile',
  throttlingMethod: 'simulate',
};

async function oneRun(url: string): Promise<Result> {
  const chromium = await launchForLighthouse();
  try {
    // Loaded when used: a second of imports that other phases need not pay.
    const { default: lighthouse } = await import('lighthouse');
    const result = await lighthouse(url, { ...FLAGS, port: chromium.port, hostname: '127.0.0.1' });
    if (!result) throw new Error(`lighthouse gave no result for ${url.split('#')[0]}`);
    const lhr = result.lhr;
    // LIGHTHOUSE_KEEP=<dir> keeps each run's full report, to open in Lighthouse's viewer.
    if (process.env.LIGHTHOUSE_KEEP) {
      await mkdir(process.env.LIGHTHOUSE_KEEP, { recursive: true });
      await writeFile(
        join(process.env.LIGHTHOUSE_KEEP, `${new URL(url).pathname.split('/').pop()}.json`),
        JSON.stringify(lhr),
      );
    }
    // The page's address without its fragment: a client secret, even a sandbox's, stays out of logs.
    if (lhr.runtimeError)
      throw new Error(`lighthouse on ${url.split('#')[0]}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    await chromium.close();
  }
}

const text = (value: unknown): string | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'number') return String(Math.abs(value) < 1 ? round(value, 3) : round(value, 1)); // a shift's score: 0.042
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (v.type === 'node') return [v.selector, v.snippet].filter(Boolean).join(' ').slice(0, 200) || undefined;
    if (v.type === 'source-location') return `${String(v.url)}:${String(v.line)}`;
    if (v.type === 'url' || v.type === 'code' || v.type === 'text') return text(v.value);
  }
  return undefined;
};

/**
 * The first rows of an audit's details, one line each, fields as `key: value`; the server's origin
 * left out, and ids and client secrets redacted (an intent link's address carries its secret in the
 * fragment, and these lines land in the committed results).
 */
function summarize(details: unknown, limit = 6): string[] | undefined {
  return rows(details, limit)?.map((line) => redact(line.replace(/https?:\/\/127\.0\.0\.1:\d+/g, '')));
}

function rows(details: unknown, limit: number): string[] | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const d = details as { type?: string; items?: unknown[]; nodeId?: string; snippet?: string };
  if (d.type === 'list' && Array.isArray(d.items))
    return d.items.flatMap((item) => rows(item, limit) ?? []).slice(0, limit * 2);
  if (d.type === 'node') return [text(d) ?? ''];
  if (d.type === 'debugdata') return undefined;
  if (!Array.isArray(d.items)) return undefined;
  const lines = d.items.slice(0, limit).map((item) =>
    Object.entries(item as Record<string, unknown>)
      .filter(([key]) => key !== 'subItems')
      .map(([key, value]) => {
        const shown = text(value);
        return shown === undefined ? undefined : `${key}: ${shown}`;
      })
      .filter(Boolean)
      .join('; '),
  );
  if (d.items.length > limit) lines.push(`… ${d.items.length - limit} more`);
  return lines.filter((line) => line !== '');
}

function audit(lhr: Result, id: string, failedRuns: number): LighthouseAudit {
  const a = lhr.audits[id]!;
  const details = summarize(a.details);
  return {
    id,
    title: a.title,
    score: a.score,
    ...(a.displayValue ? { displayValue: a.displayValue } : {}),
    ...(a.explanation || a.errorMessage
      ? { displayValue: [a.displayValue, a.explanation, a.errorMessage].filter(Boolean).join(' — ') }
      : {}),
    ...(details?.length ? { details } : {}),
    failedRuns,
  };
}

function figures(lhr: Result): LighthouseRun {
  const score = (id: LighthouseCategory) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
    },
    benchmarkIndex: round(lhr.environment?.benchmarkIndex ?? Number.NaN),
    lcpMs: round(value('largest-contentful-paint')),
    fcpMs: round(value('first-contentful-paint')),
    tbtMs: round(value('total-blocking-time')),
    cls: round(value('cumulative-layout-shift'), 3),
    speedIndexMs: round(value('speed-index')),
  };
}

/** Weighted audits below a full score, by id, with their category and the runs they failed in. */
function failingAudits(lhrs: readonly Result[]): Map<string, { category: LighthouseCategory; runs: number }> {
  const failed = new Map<string, { category: LighthouseCategory; runs: number }>();
  for (const lhr of lhrs) {
    for (const category of LIGHTHOUSE_CATEGORIES) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1)
          failed.set(ref.id, { category, runs: (failed.get(ref.id)?.runs ?? 0) + 1 });
      }
    }
  }
  return failed;
}

/** Metric audits and the metric of Lighthouse's savings estimates (`metricSavings`) each stands for. */
const METRICS = {
  'largest-contentful-paint': 'LCP',
  'first-contentful-paint': 'FCP',
  'cumulative-layout-shift': 'CLS',
  'total-blocking-time': 'TBT',
  'speed-index': 'SI',
} as const;
/** Diagnostics that say what a metric is made of, shown with it. */
const EXPLAINS: Record<string, readonly string[]> = {
  LCP: ['largest-contentful-paint-element', 'lcp-breakdown-insight'],
  CLS: ['layout-shifts'],
};

/**
 * Why the metrics are where they are: the LCP's element and phases always; for a metric below a
 * full score, the diagnostics that explain it and every audit that estimates a saving on it.
 */
function metricNotes(lhr: Result, failing: ReadonlySet<string>): LighthouseAudit[] {
  const metrics = new Set<string>(['LCP']);
  for (const [id, metric] of Object.entries(METRICS)) if (failing.has(id)) metrics.add(metric);
  const ids = [...metrics].flatMap((metric) => [
    ...(EXPLAINS[metric] ?? []),
    ...Object.values(lhr.audits)
      .filter((a) => (a.metricSavings?.[metric as keyof typeof a.metricSavings] ?? 0) > 0)
      .map((a) => a.id),
  ]);
  return [...new Set(ids)].filter((id) => lhr.audits[id]).map((id) => audit(lhr, id, 0));
}

/**
 * A run, tried again (on a fresh page and browser) when Lighthouse itself failed to record it —
 * NO_NAVSTART and the like, which its own message says to run again; never a measurement discarded.
 */
async function recordedRun(target: LighthouseTarget): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await oneRun(await target.url());
    } catch (error) {
      if (attempt >= 3 || !/: NO_[A-Z_]+ /.test((error as Error).message)) throw error;
      console.error(`bench: ${(error as Error).message.split('\n')[0]} — recording again`);
    }
  }
}

async function measurePage(
  target: LighthouseTarget,
  runs: number,
): Promise<{ page: LighthousePage; settings: LighthouseResult['settings'] }> {
  const lhrs: Result[] = [];
  for (let i = 0; i < runs; i++) lhrs.push(await recordedRun(target));
  const done = lhrs.map(figures);
  const mid = (pick: (run: LighthouseRun) => number) => median(done.map(pick));
  // The details come from the run whose LCP is the median one.
  const middle = lhrs[done.map((run, i) => [run.lcpMs, i] as const).sort((a, b) => a[0] - b[0])[done.length >> 1]![1]]!;
  const failed = failingAudits(lhrs);
  const warnings = [...new Set(lhrs.flatMap((lhr) => lhr.runWarnings))];
  const { formFactor, throttlingMethod, throttling } = middle.configSettings;
  const settings = {
    lighthouse: middle.lighthouseVersion,
    formFactor,
    throttlingMethod,
    throttling: Object.fromEntries(
      Object.entries(throttling).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    ),
    runs,
  };
  const page: LighthousePage = {
    page: target.name,
    runs: done,
    lcpMs: round(mid((r) => r.lcpMs)),
    fcpMs: round(mid((r) => r.fcpMs)),
    tbtMs: round(mid((r) => r.tbtMs)),
    cls: round(
      mid((r) => r.cls),
      3,
    ),
    scores: {
      performance: mid((r) => r.scores.performance),
      accessibility: mid((r) => r.scores.accessibility),
      'best-practices': mid((r) => r.scores['best-practices']),
    },
    // Each failing audit as the run closest to the median showed it, if it failed there.
    failing: [...failed].map(([id, { category, runs: n }]) => ({
      ...audit([middle, ...lhrs].find((lhr) => (lhr.audits[id]?.score ?? 1) < 1)!, id, n),
      category,
    })),
    notes: metricNotes(middle, new Set(failed.keys())),
    ...(warnings.length ? { warnings } : {}),
  };
  return { page, settings };
}

/** The pages a payer opens, on the server at `checkoutUrl` (its merchant's pages at `merchantUrl`). */
export async function lighthouseTargets(checkoutUrl: string, merchantUrl: string): Promise<LighthouseTarget[]> {
  const api = createClient({ baseUrl: checkoutUrl, token: TOKEN });
  const res = await fetch(`${checkoutUrl}/v1/_sandbox/merchant`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(demoMerchantProfile()),
  });
  if (!res.ok) throw new Error(`the merchant profile was refused: ${res.status} ${await res.text()}`);
  return [
    {
      name: 'hosted page, checkout session (3 items)',
      async url() {
        const session = await api.createSession({
          total: 23_250,
          currency: 'xaf',
          accountId: 'acct_bench',
          successUrl: `${merchantUrl}/thanks?session={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${merchantUrl}/cart`,
          metadata: { order: 'bench' },
          items: [
            { productId: 'prt_wax', quantity: 1, price: 15_000, productName: 'Pagne wax 6 yards' },
            { productId: 'prt_soap', quantity: 3, price: 1_750, productName: 'Savon noir de Pointe-Noire' },
            { productId: 'prt_rice', quantity: 1, price: 3_000, productName: 'Riz parfumé 5 kg' },
          ],
        });
        return `${checkoutUrl}/pay/${session.id}#${session.clientSecret}`;
      },
    },
    {
      name: 'hosted page, intent link',
      async url() {
        const intent = await api.createIntent({
          amount: 5000,
          currency: 'xaf',
          description: 'Commande A-18 · 2 sacs de riz',
        });
        if (!intent.client_secret) throw new Error('the sandbox returned no client secret');
        return `${checkoutUrl}/pay/${intent.intent_id}#${intent.client_secret}`;
      },
    },
  ];
}

export async function measureLighthouse(
  checkoutUrl: string,
  merchantUrl: string,
  runs: number,
): Promise<LighthouseResult> {
  const pages: LighthousePage[] = [];
  let settings: LighthouseResult['settings'] | undefined;
  for (const target of await lighthouseTargets(checkoutUrl, merchantUrl)) {
    const measured = await measurePage(target, runs);
    pages.push(measured.page);
    settings = measured.settings;
  }
  return { settings: settings!, pages };
}

// Alone, for iterating on the page: `tsx bench/lighthouse.ts [distDir]`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { buildForBench } = await import('./build');
  const { startFixtures } = await import('./fixtures');
  const given = process.argv[2];
  const build = given ? undefined : await buildForBench();
  const fixtures = await startFixtures(given ?? build!.dir);
  const started = Date.now();
  try {
    const result = await measureLighthouse(
      fixtures.server.url,
      fixtures.merchant.url,
      Number(process.env.LIGHTHOUSE_RUNS ?? 3),
    );
    console.log(JSON.stringify(result, null, 2));
    console.error(`lighthouse: ${round((Date.now() - started) / 1000, 1)} s`);
  } finally {
    await fixtures.close();
    await build?.remove();
  }
}
