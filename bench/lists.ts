// The lists under load (issue 28, item 3): a key holding 30 000 intents runs 32 loops of
// `GET /v1/payment-intents?perPage=100` for 8 s while an unrelated payer reads its intent every
// 20 ms and confirms a fresh one every 250 ms; the sandbox in its own process on 127.0.0.1, its state
// on disk (test/sandbox/support/lists-load.ts, the same measure as test/sandbox/lists.load.test.ts).
// Three runs with the list rate limit off (what a page costs, the index and the turns alone), one
// with the defaults (300 lists a minute per key). Writes bench/lists.results.json.
//   npx tsx bench/lists.ts [--root DIR]   (DIR: another checkout with the support files, for a before)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../src/server/paths';
import {
  type ListsLoadFigures,
  measureListsLoad,
  startListsServer,
  stopListsServer,
} from '../test/sandbox/support/lists-load';

const RESULTS = join(REPO_ROOT, 'bench', 'lists.results.json');
const INTENTS = 30_000;

async function run(limit: 'on' | 'off', root: string): Promise<ListsLoadFigures & { loadMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'momo-bench-lists-'));
  try {
    const served = await startListsServer(dir, INTENTS, 40, limit, [], root);
    try {
      return { loadMs: served.loadMs, ...(await measureListsLoad(served)) };
    } finally {
      await stopListsServer(served.child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function commitOf(root: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const rootAt = process.argv.indexOf('--root');
const root = rootAt === -1 ? REPO_ROOT : (process.argv[rootAt + 1] as string);
const limitOff = [];
for (let i = 0; i < 3; i += 1) {
  limitOff.push(await run('off', root));
  console.info(`limit off, run ${i + 1}: ${JSON.stringify(limitOff.at(-1))}`);
}
const defaults = await run('on', root);
console.info(`defaults: ${JSON.stringify(defaults)}`);
const results = {
  at: new Date().toISOString(),
  commit: commitOf(root),
  node: process.version,
  cpus: cpus().length,
  loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  budgets: { readP99Ms: 100, confirmMaxMs: 250 },
  limitOff,
  defaults,
};
if (root === REPO_ROOT) {
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  execFileSync(join(REPO_ROOT, 'node_modules', '.bin', 'biome'), ['format', '--write', RESULTS], { stdio: 'ignore' });
  console.info(`written to ${RESULTS}`);
} else console.log(JSON.stringify(results, null, 2));
