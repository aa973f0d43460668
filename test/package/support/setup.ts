// Vitest globalSetup of the package tests: the tarball `npm pack` makes (prepack builds it), installed
// as merchants install it, into throw-away projects under a temp folder:
//   bare/      the tarball alone (what an install costs; the Node servers run here)
//   consumer/  a copy of test/package/consumer: TypeScript, Vite, React 19, pinned, + the tarball
// and the packaged sandbox command running, for every test file to use.
// MOMO_PACKAGE_KEEP=1 keeps the folder for a look afterwards.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../../../src/server/paths';
import { run, startCommand } from './commands';

export interface PackageTestContext {
  tarball: string;
  bare: string;
  consumer: string;
  /** The packaged `momo-checkout-sandbox`, e.g. `http://127.0.0.1:40123`. */
  sandboxUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pkg: PackageTestContext;
  }
}

const NPM_INSTALL = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error'];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'momo-package-'));
  try {
    return await prepare(project, root);
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

async function prepare(project: TestProject, root: string): Promise<() => Promise<void>> {
  const started = Date.now();
  const step = (what: string) =>
    console.log(`package tests: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  // prepack builds first, and its output comes before npm's JSON.
  const packOutput = await run('npm', ['pack', '--json', '--pack-destination', root], { cwd: REPO_ROOT });
  const packed = JSON.parse(packOutput.slice(packOutput.search(/^\[$/m))) as [{ filename: string }];
  const tarball = join(root, packed[0].filename);
  step(`packed ${packed[0].filename}`);

  const bare = join(root, 'bare');
  await mkdir(bare);
  await writeFile(join(bare, 'package.json'), JSON.stringify({ name: 'merchant-server', private: true }));
  await run('npm', [...NPM_INSTALL, tarball], { cwd: bare });
  step('installed the tarball alone');

  const consumer = join(root, 'consumer');
  await cp(join(REPO_ROOT, 'test/package/consumer'), consumer, { recursive: true });
  const manifest = join(consumer, 'package.json');
  await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('__TARBALL__', tarball));
  await run('npm', NPM_INSTALL, { cwd: consumer });
  step('installed the consumer project');
  await run('npx', ['vite', 'build'], { cwd: consumer });
  await run('npx', ['vite', 'build', '--ssr', 'src/entry-server.tsx'], { cwd: consumer });
  step('built the Vite pages and the React client and server');

  const sandbox = await startCommand(join(bare, 'node_modules/.bin/momo-checkout-sandbox'), ['--port', '0'], {
    cwd: bare,
    env: { SANDBOX_APPROVAL_MS: '500' },
  });
  project.provide('pkg', { tarball, bare, consumer, sandboxUrl: sandbox.url });
  return async () => {
    sandbox.child.kill();
    if (process.env.MOMO_PACKAGE_KEEP) console.log(`package tests: kept ${root}`);
    else await rm(root, { recursive: true, force: true });
  };
}
