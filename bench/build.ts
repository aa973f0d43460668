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

/** The bundles of `npm run build` that a payer downloads (widget.mjs is for bundlers). */
const BUNDLES = 'page,widget';

export interface BenchBuild {
  /** What ships. */
  dir: string;
  /** The same with `.map` files beside each script (the bytes may differ: see bytes.ts). */
  mapsDir: string;
  remove(): Promise<void>;
}

/** The one build script (scripts/build.ts), in a child process: it builds for production whatever NODE_ENV this runs under. */
async function build(outDir: string, sourcemap: boolean) {
  const args = [
    '--import',
    'tsx',
    'scripts/build.ts',
    'bundles',
    '--only',
    BUNDLES,
    '--out',
    outDir,
    '--log-level',
    'warn',
    ...(sourcemap ? ['--sourcemap', 'hidden'] : []),
  ];
  await run(process.execPath, args, { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
}

export async function buildForBench(): Promise<BenchBuild> {
  const root = await mkdtemp(join(tmpdir(), 'momo-bench-'));
  const dir = join(root, 'dist');
  const mapsDir = join(root, 'with-maps');
  await build(dir, false);
  await build(mapsDir, true);
  return { dir, mapsDir, remove: () => rm(root, { recursive: true, force: true }) };
}
