// `npx tsx bench/sandbox-restart.ts [DIR]`: how long a sandbox takes to start on a state directory
// filled to the default bound (64 MiB of records). Fills DIR (a new temporary one by default)
// with sessions, intents and their attempts from 50 tokens, written through the store and its
// journal as requests would write them, until the records weigh the bound; then starts a sandbox
// on it in a fresh process, three times, and prints each start's time and the files' sizes.
// Not part of `npm run bench` (it writes about 70 MB); its figures are in docs/sandbox-state.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSandbox } from '../src/sandbox';
import { resolveConfig } from '../src/sandbox/config';
import { startAttempt } from '../src/sandbox/intent-lifecycle';
import { Journal } from '../src/sandbox/persist/journal';
import { newSession } from '../src/sandbox/sessions';
import { Store } from '../src/sandbox/store/store';
import { DEFAULT_STATE_LIMITS } from '../src/sandbox/store/usage';

const [mode, dirArgument] = process.argv.slice(2);

if (mode === '--open') {
  // One start, in this fresh process: the time createSandbox takes to read the directory back.
  const started = performance.now();
  const sandbox = createSandbox({ dataDir: dirArgument as string, env: {} });
  const ms = performance.now() - started;
  const { heapUsed } = process.memoryUsage();
  console.log(JSON.stringify({ ms: Math.round(ms), records: sandbox.stats(), heapMb: Math.round(heapUsed / 2 ** 20) }));
  await sandbox.close();
  process.exit(0);
}

const dir = mode ?? mkdtempSync(join(tmpdir(), 'momo-restart-'));
const config = resolveConfig({ env: {} });
const store = new Store({ limits: config.limits, retentionMs: config.retentionMs });
const journal = Journal.open(dir, store, Date.now());
store.writeTo(journal);
const now = Date.now();
const account = { country: 'cg', operator: 'mtn', msisdn: '242061234500', national: '061234500' };
const item = (i: number) => ({ productId: `prt_${i}`, productName: `Article ${i}`, price: 2500, quantity: 2 });
for (let i = 0; store.usage.total < DEFAULT_STATE_LIMITS.maxBytes * 0.99; i += 1) {
  const owner = `owner-${i % 50}`;
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
    owner,
    now,
    now + 3_600_000,
  );
  startAttempt(
    store,
    config,
    store.intent(session.intentId) as NonNullable<ReturnType<typeof store.intent>>,
    account,
    now,
  );
  if (i % 2000 === 0) await journal.durable();
}
await journal.durable();
await journal.close();
const files = Object.fromEntries(readdirSync(dir).map((name) => [name, statSync(join(dir, name)).size]));
console.log(JSON.stringify({ dir, bytes: store.usage.total, counts: store.counts(), files }));
for (let run = 0; run < 3; run += 1) {
  console.log(
    execFileSync(process.execPath, ['--import', 'tsx', 'bench/sandbox-restart.ts', '--open', dir], {
      encoding: 'utf8',
    }).trim(),
  );
}
