// A merchant's Node server, ESM and CommonJS, using only the installed tarball (no TypeScript
// loader, no other package) against the packaged sandbox command.
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { run, startCommand } from './support/commands';

const { bare, consumer, sandboxUrl } = inject('pkg');

describe('the tarball installed alone', () => {
  it('brings no other package: no runtime dependency', async () => {
    // Every installed package's folder: the project's own, then the tarball's, and nothing else.
    const installed = (await run('npm', ['ls', '--all', '--parseable'], { cwd: bare })).trim().split('\n');
    expect(installed).toEqual([bare, join(bare, 'node_modules/momo-checkout')]);
    const manifest = JSON.parse(
      await readFile(join(bare, 'node_modules/momo-checkout/package.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect([manifest.dependencies, manifest.private, manifest.license]).toEqual([undefined, undefined, 'MIT']);
    const size = await run('du', ['-sk', join(bare, 'node_modules')], { cwd: bare });
    console.log(`install: 1 package, ${(Number.parseInt(size, 10) / 1024).toFixed(1)} MB on disk`);
  });

  it.each([
    ['ESM', 'server.mjs', 12_500, 'invalid_request'],
    ['CommonJS', 'server.cjs', 5000, 404],
  ])(
    'a %s server creates a session against momo-checkout-sandbox, and meets ApiError',
    async (_kind, script, amount, refused) => {
      const output = await run(process.execPath, [join(consumer, script), sandboxUrl], { cwd: bare });
      const result = JSON.parse(output) as { url: string; intentAmount: number; refused: unknown };
      expect(result.url).toMatch(new RegExp(`^${sandboxUrl}/pay/cs_[A-Za-z0-9]+#pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$`));
      expect([result.intentAmount, result.refused]).toEqual([amount, refused]);
    },
  );
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('the smallest server of a script-tag merchant (docs/integration-first-hour.md, this very file)', () => {
  it('creates a payment on POST /pay and gives the page its id and secret, which are the intent’s', async () => {
    const token = 'sk_test_first_hour';
    const server = await startCommand(process.execPath, [join(consumer, 'first-hour/server.mjs')], {
      cwd: consumer,
      env: { MOMO_API_BASE: sandboxUrl, MOMO_SECRET_KEY: token, PORT: String(await freePort()) },
    });
    try {
      const answer = await fetch(`${server.url}/pay`, { method: 'POST' });
      const { intentId, clientSecret } = (await answer.json()) as { intentId: string; clientSecret: string };
      const read = await fetch(`${sandboxUrl}/v1/payment-intents/${intentId}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const intent = (await read.json()) as { amount: number; client_secret: string; status: string };
      expect([answer.status, intent.amount, intent.client_secret, intent.status]).toEqual([
        200,
        15000,
        clientSecret,
        'requires_payment_method',
      ]);
      expect((await fetch(`${server.url}/pay`)).status).toBe(404);
    } finally {
      server.child.kill();
    }
  });
});

describe('momo-checkout/fulfillment', () => {
  it('tells a Node server once that a session was paid by a payer who never came back, with one ApiError class', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'momo-pkg-fulfil-'));
    const output = await run(process.execPath, [join(consumer, 'fulfillment.mjs'), sandboxUrl, folder], { cwd: bare });
    const result = JSON.parse(output) as { events: [string, string][]; intentId: string; errors: number };
    expect(result).toEqual({
      events: [[`${result.intentId}:paid`, 'F-1']],
      intentId: expect.stringMatching(/^pi_/),
      errors: 0,
    });
  });

  it('loads under require() as well', async () => {
    const output = await run(
      process.execPath,
      [
        '-e',
        "const f = require('momo-checkout/fulfillment'); console.log(typeof f.createFulfillment, typeof f.fileStore, typeof f.postgresStore)",
      ],
      { cwd: bare },
    );
    expect(output.trim()).toBe('function function function');
  });
});

describe('momo-checkout-sandbox', () => {
  it('serves the hosted page of a session, widget.js and the languages loaded only when chosen from the package', async () => {
    const output = await run(process.execPath, [join(consumer, 'server.mjs'), sandboxUrl], { cwd: bare });
    const page = await fetch((JSON.parse(output) as { url: string }).url.split('#')[0] as string);
    const html = await page.text();
    expect([page.status, html]).toEqual([200, expect.stringContaining('data-prerendered="fr"')]);
    // The script the page preloads (and runs once painted) is served from the package too.
    const script = /<link rel="preload" as="script" href="([^"]+)">/.exec(html)?.[1];
    const bundle = await fetch(`${sandboxUrl}${script}`);
    expect([bundle.status, bundle.headers.get('content-type')]).toEqual([200, expect.stringContaining('javascript')]);
    const widget = await fetch(`${sandboxUrl}/widget.js`);
    expect([widget.status, (await widget.text()).length]).toEqual([200, expect.any(Number)]);
    // The languages loaded only when chosen come with it.
    const arabic = await fetch(`${sandboxUrl}/i18n/ar.json`);
    expect([arabic.status, ((await arabic.json()) as Record<string, string>)['page.title']]).toEqual([200, 'دفع آمن']);
  });

  it('runs the backend test of docs/sandbox.md (node --test) against it', async () => {
    const output = await run(process.execPath, ['--test', join(consumer, 'checkout.test.mjs')], {
      cwd: bare,
      env: { MOMO_API_BASE: sandboxUrl },
    });
    expect(output).toMatch(/^# pass 1$/m);
  });

  it('says how to use it, and refuses a bad port with exit code 2', async () => {
    const bin = join(bare, 'node_modules/.bin/momo-checkout-sandbox');
    expect(await run(bin, ['--help'], { cwd: bare })).toContain('--port');
    await expect(run(bin, ['--port', 'eighty'], { cwd: bare })).rejects.toThrow(
      /\(2\)[\s\S]*--port must be a port number/,
    );
  });
});
