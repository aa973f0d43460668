// `npx tsx bench/sandbox-restart.ts [--check [--strict]] [--keep]`: how long a sandbox takes to start on a
// state directory at the default bound (64 MiB of records), in its worst shapes (issue 22: ≤ 5 s).
// Fills a new temporary directory through the store and its journal as requests would (sessions,
// their intents and an attempt each, from 50 tokens), then starts a sandbox on it in a fresh
// process, five times a shape:
//   journal              one sealed journal holding the bound (a sandbox filled once, stopped);
//   snapshot + journal   a snapshot of the bound, then a journal of as many bytes again, of
//                        sessions made at the bound (so `forget` lines too), just short of what
//                        makes the next snapshot due: the most a directory holds at rest;
//   crash                the same, stopped by a crash: the lock of a dead process, the last
//                        journal unsealed and its last line cut (a start then also sets it aside
//                        and seals the journal).
// Writes bench/sandbox-restart.results.json (docs/sandbox-state.md quotes it); with --check, exits
// 1 as the bench's gate does (bench/budgets.ts: past the timed budget's alarm; with --strict, over
// the budget). `npm run bench` runs `measureRestart` and `restartBudgets` in its sandbox phase.
// Writes about 200 MB to the temporary directory, deleted at the end (--keep keeps it). About 40 s.
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createSandbox } from '../src/sandbox';
import { resolveConfig } from '../src/sandbox/config';
import { startAttempt } from '../src/sandbox/intent-lifecycle';
import { journalName, writeCurrent } from '../src/sandbox/persist/files';
import { Journal } from '../src/sandbox/persist/journal';
import { newSession } from '../src/sandbox/sessions';
import type { EntrySink } from '../src/sandbox/store/store';
import { Store } from '../src/sandbox/store/store';
import { DEFAULT_STATE_LIMITS } from '../src/sandbox/store/usage';
import { ALARMS, BUDGETS, type BudgetResult, budget, failing, formatBudgets, timed } from './budgets';

/** Starts a shape: the budget holds each shape's median, so that one start slowed by the machine's other work is not the figure. */
const RUNS = 5;
const SELF = fileURLToPath(import.meta.url);
const REPO = join(SELF, '..', '..');
const RESULTS = join(REPO, 'bench', 'sandbox-restart.results.json');

export interface RestartCase {
  /** The directory's files and their sizes, in bytes, as the starts found them. */
  files: Record<string, number>;
  /** Each start's time until the sandbox answers (createSandbox returned), in ms. */
  ms: number[];
  /** The CPU time (user and system) each start took, in ms: what a busy machine's other work does not add to. */
  cpuMs: number[];
  /** The median of `ms`. */
  medianMs: number;
  /** The heap in use once started (after a collection: the records), and the process's peak resident memory, in MB. */
  heapMb: number[];
  maxRssMb: number[];
  /** What it held once started. */
  intents: number;
  sessions: number;
  bytes: number;
}

export interface RestartResults {
  at: string;
  node: string;
  cpus: number;
  bound: number;
  cases: Record<'journal' | 'snapshotAndJournal' | 'crash', RestartCase>;
  /** The slowest shape's median start: what the budget holds. */
  worstMedianMs: number;
  /** The slowest start of all, for the record. */
  slowestMs: number;
  budgetMs: number;
}

/** One start, in this (fresh) process: the time createSandbox takes to read the directory back. */
async function openOnce(dir: string): Promise<void> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const sandbox = createSandbox({ dataDir: dir, env: {} });
  const ms = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  // What stays once the files read are collected: the records in memory (the peak is maxRSS).
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed } = process.memoryUsage();
  const { intents, sessions, bytes } = sandbox.stats();
  console.log(
    JSON.stringify({
      ms: Math.round(ms),
      cpuMs: Math.round((user + system) / 1000),
      heapMb: Math.round(heapUsed / 2 ** 20),
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      intents,
      sessions,
      bytes,
    }),
  );
  await sandbox.close();
}

const filesOf = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, statSync(join(dir, name)).size]),
  );

/** Starts a sandbox on `dir` in a fresh process `RUNS` times; `before` shapes the directory before each. */
export function measure(dir: string, before: () => void = () => undefined): RestartCase {
  const out: RestartCase = {
    files: {},
    ms: [],
    cpuMs: [],
    medianMs: 0,
    heapMb: [],
    maxRssMb: [],
    intents: 0,
    sessions: 0,
    bytes: 0,
  };
  for (let run = 0; run < RUNS; run += 1) {
    before();
    out.files = filesOf(dir);
    const line = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', SELF, '--open', dir], {
      cwd: REPO,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1) as string;
    const seen = JSON.parse(line) as { ms: number; cpuMs: number; heapMb: number; maxRssMb: number } & Record<
      string,
      number
    >;
    out.ms.push(seen.ms);
    out.cpuMs.push(seen.cpuMs);
    out.heapMb.push(seen.heapMb);
    out.maxRssMb.push(seen.maxRssMb);
    Object.assign(out, { intents: seen.intents, sessions: seen.sessions, bytes: seen.bytes });
    console.info(
      `  start ${run + 1}: ${seen.ms} ms (CPU ${seen.cpuMs} ms), heap ${seen.heapMb} MB, peak RSS ${seen.maxRssMb} MB`,
    );
  }
  out.medianMs = [...out.ms].sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number;
  return out;
}

const account = { country: 'cg', operator: 'mtn', msisdn: '242061234500', national: '061234500' };
const item = (i: number) => ({ productId: `prt_${i}`, productName: `Article ${i}`, price: 2500, quantity: 2 });

/** A session, its intent and an attempt, as a payer's page would make them. */
function paidSession(store: Store, config: ReturnType<typeof resolveConfig>, i: number, now: number): void {
  const session = newSession(
    store,
    {
      total: 5000,
      currency: 'xaf',
      accountId: 'acct_bench',
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/cancel',
      metadata: { order: `B-${i}` },
      items: [item(i)],
    },
    `owner-${i % 50}`,
    now,
    now + 3_600_000,
  );
  startAttempt(store, config, store.intent(session.intentId) as NonNullable<ReturnType<Store['intent']>>, account, now);
}

/** Removes the last line of a file (a journal's seal) and appends the start of a line a crash cut. */
function unseal(path: string): void {
  const size = statSync(path).size;
  const tail = Buffer.alloc(Math.min(size, 4096));
  const fd = openSync(path, 'r');
  try {
    readSync(fd, tail, 0, tail.length, size - tail.length);
  } finally {
    closeSync(fd);
  }
  const lastLineStart = tail.lastIndexOf(0x0a, tail.length - 2) + 1;
  truncateSync(path, size - tail.length + lastLineStart);
  writeFileSync(path, '0123456789abcdef {"kind":"intent","record":{"id":1,"intentId":"pi_cut', { flag: 'a' });
}

/** Fills `dir` to the default bound: one sealed journal. Answers how many sessions it made. */
export async function fillToBound(dir: string, now: number): Promise<number> {
  const config = resolveConfig({ env: {} });
  const store = new Store({ limits: config.limits, retentionMs: config.retentionMs });
  const journal = Journal.open(dir, store, now);
  store.writeTo(journal);
  let i = 0;
  for (; store.usage.total < DEFAULT_STATE_LIMITS.maxBytes * 0.99; i += 1) {
    paidSession(store, config, i, now);
    if (i % 2000 === 0) await journal.durable();
  }
  await journal.durable();
  await journal.close();
  console.info(`filled: ${i} sessions, ${store.usage.total} bytes of records`);
  return i;
}

export async function measureRestart(options: { keep?: boolean } = {}): Promise<RestartResults> {
  const dir = mkdtempSync(join(tmpdir(), 'momo-restart-'));
  const config = resolveConfig({ env: {} });
  const now = Date.now();
  try {
    // 1. One journal at the bound.
    let i = await fillToBound(dir, now);
    const journalOnly = measure(dir);

    // 2. At the bound, as many bytes again: every session made forgets others' oldest (a `forget`
    // line each), the journals come to outweigh the live records, and a snapshot of them replaces
    // the first journal; the next journal is filled to just short of the next snapshot.
    const store = new Store({ limits: config.limits, retentionMs: config.retentionMs });
    const journal = Journal.open(dir, store, now);
    let written = 0;
    const counted: EntrySink = {
      check: () => journal.check(),
      append: (line) => {
        written += Buffer.byteLength(line) + 1;
        journal.append(line);
      },
    };
    store.writeTo(counted);
    // The clock moves on a millisecond a session, from after every attempt made so far settled:
    // what makes room is never a payment under way (those are never forgotten).
    let at = now + 60_000;
    store.forgetExpired(at);
    paidSession(store, config, i++, at);
    await journal.durable(); // the snapshot is due: appends move to the next journal here
    written = 0;
    for (; written < store.usage.total * 0.97; i += 1) {
      at += 1;
      store.forgetExpired(at);
      paidSession(store, config, i, at);
      if (i % 2000 === 0) await journal.durable();
    }
    await journal.durable();
    await journal.close();
    const snapshotAndJournal = measure(dir);

    // 3. The same, stopped by a crash while the journal with the records was being written.
    const journals = readdirSync(dir)
      .filter((name) => /^journal-\d+\.jsonl$/.test(name))
      .sort();
    const withRecords = journals.filter((name) => statSync(join(dir, name)).size > 200).at(-1) as string;
    const generation = Number(/\d+/.exec(withRecords)?.[0]);
    const sealed = statSync(join(dir, withRecords)).size;
    const crash = measure(dir, () => {
      // Undo what the last start did (sealed it, began the next journal), then crash it.
      truncateSync(join(dir, withRecords), sealed);
      for (const name of readdirSync(dir))
        if (name.endsWith('.torn') || name === journalName(generation + 1)) rmSync(join(dir, name));
      writeCurrent(dir, generation);
      unseal(join(dir, withRecords));
      writeFileSync(join(dir, 'lock'), '999999999');
    });

    const cases = { journal: journalOnly, snapshotAndJournal, crash };
    return {
      at: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      bound: DEFAULT_STATE_LIMITS.maxBytes,
      cases,
      worstMedianMs: Math.max(...Object.values(cases).map((c) => c.medianMs)),
      slowestMs: Math.max(...Object.values(cases).flatMap((c) => c.ms)),
      budgetMs: BUDGETS.restartMs,
    };
  } finally {
    if (options.keep) console.info(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

export const restartBudgets = (results: RestartResults): BudgetResult[] => [
  timed(
    budget(
      'sandbox restart at the 64 MiB bound, the slowest shape’s median start',
      results.worstMedianMs,
      BUDGETS.restartMs,
      'ms',
      `a snapshot and a journal of the bound, after a clean stop or a crash; slowest single start ${results.slowestMs} ms`,
    ),
    ALARMS.restartMs,
  ),
];

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  if (args[0] === '--open') {
    await openOnce(args[1] as string);
    process.exit(0);
  }
  const results = await measureRestart({ keep: args.includes('--keep') });
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  // In the repository's formatting (npm run lint checks it), as committed.
  execFileSync(join(REPO, 'node_modules', '.bin', 'biome'), ['format', '--write', RESULTS], { stdio: 'ignore' });
  const budgets = restartBudgets(results);
  console.log(formatBudgets(budgets));
  console.log(`written to ${RESULTS}`);
  if (args.includes('--check') && failing(budgets, args.includes('--strict')).length > 0) process.exit(1);
}
