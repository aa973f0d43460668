// `npx tsx bench/store-compare.ts [--keep]`: the sandbox's hand-written journal against LMDB (the
// `lmdb` package: LMDB bindings whose binaries ship inside their npm packages), on the same records
// at the 64 MiB bound (issue 22 asked to weigh such a store before mending the journal):
//   - install cost: lmdb installed into a temporary directory with `npm install --prefix` (nothing
//     goes into the repository): its packages, their size, those with install scripts, the time;
//   - restart: in a fresh process, open, read every record back and load it into the sandbox's
//     store (`Store.apply`, as a start does), three times each — the journal by `Journal.open`,
//     LMDB by `open` and `getRange` (its default msgpack encoding: no JSON to parse, its best case);
//   - damage: each store's main file (the journal; LMDB's data.mdb) cut to half, cut by their last 4 KiB, a byte of a record changed,
//     the main file deleted; what a start then does (refuses, dies, or starts, with how many records
//     and how many changed).
// Writes bench/store-compare.results.json (docs/sandbox-state.md quotes it). Needs the npm
// registry; about 250 MB in a temporary directory, deleted at the end (--keep keeps it).
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolveConfig } from '../src/sandbox/config';
import { readState } from '../src/sandbox/persist/files';
import { Journal } from '../src/sandbox/persist/journal';
import type { Entry } from '../src/sandbox/store/records';
import { Store } from '../src/sandbox/store/store';
import { fillToBound } from './sandbox-restart';

const LMDB = 'lmdb@3.5.6';
const RUNS = 3;
const SELF = fileURLToPath(import.meta.url);
const REPO = join(SELF, '..', '..');
const RESULTS = join(REPO, 'bench', 'store-compare.results.json');
/** Every session the fill makes has this account: a record changed by the damage no longer does. */
const ACCOUNT = 'acct_bench';
const CHANGED = 'acct_bencX';

interface LmdbDatabase {
  getRange(): Iterable<{ key: number; value: { w: number; e: Entry } }>;
  transactionSync<T>(work: () => T): T;
  putSync(key: number, value: unknown): void;
  close(): Promise<void>;
}
type OpenLmdb = (options: { path: string; compression: boolean }) => LmdbDatabase;
const lmdbFrom = (install: string): OpenLmdb =>
  (createRequire(join(install, 'package.json'))('lmdb') as { open: OpenLmdb }).open;

const newStore = () => {
  const config = resolveConfig({ env: {} });
  return new Store({ limits: config.limits, retentionMs: config.retentionMs });
};

/** What a start found: how many sessions, and how many of them a damage changed. */
function census(store: Store) {
  let sessions = 0;
  let changed = 0;
  for (const session of store.allSessions()) {
    sessions += 1;
    if (session.accountId !== ACCOUNT) changed += 1;
  }
  return { intents: store.counts().intents, sessions, changed };
}

/** One start, in this fresh process; prints what it took and found as a JSON line. */
async function openOnce(kind: string, dir: string, install: string): Promise<void> {
  const started = performance.now();
  const store = newStore();
  if (kind === 'journal') {
    const journal = Journal.open(dir, store, Date.now());
    const ms = performance.now() - started;
    await journal.close();
    report(ms, store);
  } else {
    const db = lmdbFrom(install)({ path: join(dir, 'data.mdb'), compression: false });
    for (const { value } of db.getRange()) store.apply(value.e, value.w);
    store.forgetExpired(Date.now());
    const ms = performance.now() - started;
    await db.close();
    report(ms, store);
  }
}

function report(ms: number, store: Store): void {
  (globalThis as { gc?: () => void }).gc?.();
  console.log(
    JSON.stringify({
      ms: Math.round(ms),
      heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      ...census(store),
    }),
  );
}

interface Outcome {
  /** `started`, `refused` (an error naming what is wrong), or `died` (a signal or a crash). */
  result: 'started' | 'refused' | 'died';
  detail: string;
  ms?: number;
  heapMb?: number;
  maxRssMb?: number;
  intents?: number;
  sessions?: number;
  changed?: number;
}

function start(kind: 'journal' | 'lmdb', dir: string, install: string): Outcome {
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', SELF, '--open', kind, dir, install], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 2 ** 24,
  });
  if (child.signal) return { result: 'died', detail: `killed by ${child.signal}` };
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status === 0 && line.startsWith('{')) return { result: 'started', detail: '', ...JSON.parse(line) };
  const message =
    /The sandbox's saved state[^\n]*/.exec(child.stderr)?.[0] ??
    /\w*Error: [^\n]*/.exec(child.stderr)?.[0] ??
    child.stderr.slice(0, 200);
  return { result: child.status === 0 ? 'died' : 'refused', detail: `exit ${child.status}: ${message.slice(0, 300)}` };
}

/** The packages in an install, those with install scripts, and their bytes. */
function installCost(install: string) {
  const modules = join(install, 'node_modules');
  const packages: string[] = [];
  for (const name of readdirSync(modules).filter((n) => !n.startsWith('.')))
    if (name.startsWith('@')) for (const inner of readdirSync(join(modules, name))) packages.push(`${name}/${inner}`);
    else packages.push(name);
  const withScripts = packages.filter((name) => {
    const scripts = (JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')) as { scripts?: object })
      .scripts;
    return scripts !== undefined && ['preinstall', 'install', 'postinstall'].some((hook) => hook in scripts);
  });
  const bytes = Number(execFileSync('du', ['-sb', modules], { encoding: 'utf8' }).split('\t')[0]);
  return { packages: packages.sort(), withInstallScripts: withScripts, bytes };
}

const damages: Record<string, (file: string) => void> = {
  'cut to half': (file) => truncateSync(file, Math.floor(statSync(file).size / 2)),
  'last 4 KiB cut': (file) => truncateSync(file, statSync(file).size - 4096),
  // One session's account, from the middle of the file (LMDB's first copy of a value may sit in a
  // page no longer in use: copy-on-write leaves those behind).
  'a byte of a record changed': (file) => {
    const bytes = readFileSync(file);
    let at = bytes.indexOf(ACCOUNT, Math.floor(bytes.length / 2));
    if (at === -1) at = bytes.indexOf(ACCOUNT);
    bytes.write(CHANGED, at);
    writeFileSync(file, bytes);
  },
  'main file deleted': (file) => rmSync(file),
};

async function compare(keep: boolean) {
  const base = mkdtempSync(join(tmpdir(), 'momo-store-compare-'));
  try {
    const install = join(base, 'install');
    mkdirSync(install);
    writeFileSync(join(install, 'package.json'), '{"private":true}\n');
    const installStarted = performance.now();
    execFileSync(
      'npm',
      ['install', '--prefix', install, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', LMDB],
      { stdio: 'inherit' },
    );
    const installSeconds = Math.round((performance.now() - installStarted) / 100) / 10;

    const journalDir = join(base, 'journal');
    mkdirSync(journalDir);
    await fillToBound(journalDir, Date.now());
    // The same records, in the same order, one key each, with their weight (the journal's line size).
    const lmdbDir = join(base, 'lmdb');
    mkdirSync(lmdbDir);
    const saved = readState(journalDir, { crashed: false, maxBytes: 64 * 2 ** 20, compactAfterBytes: 16 * 2 ** 20 });
    const db = lmdbFrom(install)({ path: join(lmdbDir, 'data.mdb'), compression: false });
    let key = 0;
    db.transactionSync(() => {
      for (const { records } of saved.files)
        for (const json of records) db.putSync(key++, { w: Buffer.byteLength(json) + 1, e: JSON.parse(json) });
    });
    await db.close();
    const filesOf = (dir: string) =>
      Object.fromEntries(readdirSync(dir).map((name) => [name, statSync(join(dir, name)).size]));
    const restart = { journal: [] as Outcome[], lmdb: [] as Outcome[] };
    for (let run = 0; run < RUNS; run += 1) {
      restart.journal.push(start('journal', journalDir, install));
      restart.lmdb.push(start('lmdb', lmdbDir, install));
      console.info(
        `start ${run + 1}: journal ${restart.journal.at(-1)?.ms} ms, lmdb ${restart.lmdb.at(-1)?.ms} ms (open, read back, loaded)`,
      );
    }

    const damage: Record<string, { journal: Outcome; lmdb: Outcome }> = {};
    for (const [name, harm] of Object.entries(damages)) {
      const outcome = { journal: undefined as unknown as Outcome, lmdb: undefined as unknown as Outcome };
      for (const kind of ['journal', 'lmdb'] as const) {
        const copy = join(base, `${kind}-damaged`);
        rmSync(copy, { recursive: true, force: true });
        cpSync(kind === 'journal' ? journalDir : lmdbDir, copy, { recursive: true });
        harm(join(copy, kind === 'journal' ? 'journal-000001.jsonl' : 'data.mdb'));
        outcome[kind] = start(kind, copy, install);
      }
      damage[name] = outcome;
      console.info(`${name}: journal ${outcome.journal.result}, lmdb ${outcome.lmdb.result}`);
    }
    return {
      at: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      lmdb: LMDB,
      install: { seconds: installSeconds, ...installCost(install) },
      files: { journal: filesOf(journalDir), lmdb: filesOf(lmdbDir) },
      restart,
      damage,
    };
  } finally {
    if (keep) console.info(`kept ${base}`);
    else rmSync(base, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  if (args[0] === '--open') {
    await openOnce(args[1] as string, args[2] as string, args[3] as string);
    process.exit(0);
  }
  const results = await compare(args.includes('--keep'));
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  execFileSync(join(REPO, 'node_modules', '.bin', 'biome'), ['format', '--write', RESULTS], { stdio: 'ignore' });
  console.log(`written to ${RESULTS}`);
}
