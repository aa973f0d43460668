// The bench measures the sources as they are now, built into directories of its own (never dist/,
// which `npm run build` and a developer's server use): the hosted page and widget.js exactly as
// `npm run build` makes them, and the same built again with hidden source maps, so every byte can
// be traced to the package it came from (bytes.ts).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../src/server/paths';

const run = promisify(execFile);

/** Vite modes of `npm run build` that produce what a payer downloads (widget.mjs is for bundlers). */
const MODES = ['production', 'widget'] as const;

export interface BenchBuild {
  /** What ships. */
  dir: string;
  /** The same with `.map` files beside each script (the bytes may differ: see bytes.ts). */
  mapsDir: string;
  remove(): Promise<void>;
}

async function build(outDir: string, sourcemap: boolean) {
  // NODE_ENV=production as in `npm run build`: a parent that runs under a test runner must not
  // leak NODE_ENV=test into Vite (it would make development bundles).
  const env = { ...process.env, NODE_ENV: 'production' };
  for (const mode of MODES) {
    const args = ['node_modules/vite/bin/vite.js', 'build', '--mode', mode, '--outDir', outDir, '--logLevel', 'warn', ...(sourcemap ? ['--sourcemap', 'hidden'] : [])];
    await run(process.execPath, args, { cwd: REPO_ROOT, env, maxBuffer: 16 * 1024 * 1024 });
  }
}

export async function buildForBench(): Promise<BenchBuild> {
  const root = await mkdtemp(join(tmpdir(), 'momo-bench-'));
  const dir = join(root, 'dist');
  const mapsDir = join(root, 'with-maps');
  await build(dir, false);
  await build(mapsDir, true);
  return { dir, mapsDir, remove: () => rm(root, { recursive: true, force: true }) };
}
