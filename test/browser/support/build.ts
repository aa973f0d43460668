// Vitest globalSetup of the browser tests: they exercise what `npm run build` produces (the hosted
// page, dist/widget.js and dist/widget.mjs), built from the sources as they are now. The builds run in a child
// process with NODE_ENV=production: under Vitest (NODE_ENV=test) Vite would make development
// bundles (JSX with source locations, Preact's devtools hook).
import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from '../../../src/server/paths';

export default function setup(): void {
  const env = { ...process.env, NODE_ENV: 'production' };
  for (const args of [['build'], ['build', '--mode', 'widget'], ['build', '--mode', 'widget-esm']]) {
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', ...args, '--logLevel', 'warn'], { cwd: REPO_ROOT, env, stdio: 'inherit' });
  }
}
