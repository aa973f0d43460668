// A merchant's Next.js App Router project from the tarball (issue 21): a Server Component creates
// the intent with the packaged client and renders a 'use client' wrapper around momo-checkout/react
// (the React example pasted as a Server Component fails: "Event handlers cannot be passed to
// Client Component props"). Installed (Next.js pinned), built with `next build`, served with
// `next start`, and its page rendered on the server with the checkout element in it. Its two app
// files are docs/integration-first-hour.md's snippets (test/docs/snippets.test.ts). The steps'
// times are printed.
import { cp, readFile, writeFile } from 'node:fs/promises';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../src/server/paths';
import { run, startCommand } from './support/commands';

const { tarball, sandboxUrl } = inject('pkg');
let app: { child: ChildProcess; url: string } | undefined;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const started = Date.now();
  const step = (what: string) =>
    console.log(`package tests, Next.js: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const project = join(tarball, '..', 'nextjs');
  await cp(join(REPO_ROOT, 'test/package/nextjs'), project, { recursive: true });
  const manifest = join(project, 'package.json');
  await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('__TARBALL__', tarball));
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error'], { cwd: project });
  step('installed');
  const env = { NEXT_TELEMETRY_DISABLED: '1', MOMO_API_BASE: sandboxUrl, MOMO_SECRET_KEY: 'sk_test_next_shop' };
  await run('npx', ['next', 'build'], { cwd: project, env });
  step('built');
  const port = await freePort();
  app = await startCommand('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: project, env });
  step('started');
}, 600_000);

afterAll(() => {
  app?.child.kill();
});

describe('a Next.js App Router page', () => {
  it('renders the checkout from a Server Component through a client wrapper, the secret key kept on the server', async () => {
    const response = await fetch(`${app?.url}/`);
    const html = await response.text();
    expect(response.status, html.slice(0, 500)).toBe(200);
    expect(html).toMatch(
      /<momo-checkout intent="pi_[A-Za-z0-9]+" client-secret="pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+" lang="fr" api-base="[^"]+"><p>Chargement du paiement…<\/p><\/momo-checkout>/,
    );
    expect(html).not.toContain('sk_test_next_shop');
  });
});
