// Vitest globalSetup of the browser tests: they exercise what `npm run build` produces (the hosted
// page, dist/widget.js and dist/widget.mjs), built from the sources as they are now by the one
// build script, in a child process (it builds for production, whatever this runner's NODE_ENV).
import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from '../../../src/server/paths';

export default function setup(): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', 'bundles', '--log-level', 'warn'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
}
