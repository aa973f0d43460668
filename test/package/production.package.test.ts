// The operator's install (issue 27): the tarball with production dependencies only, in an empty
// folder, and its `momo-checkout-server` against a payment service that is not itself (the
// packaged sandbox, started by the setup). It starts in under 2 s without building, serves no /v1
// and no /demo, and payers pay through it — an intent link, a session, a merchant's page with the
// README's one-line snippet — every API request going to the configured service, none moved by a
// stray element of the merchant's page.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, payApprovedAtOnce, serveDir, waitForState } from './support/browser';
import { run } from './support/commands';

const { tarball, bare, sandboxUrl } = inject('pkg');
const FORM_KEY = 'Pq7vX2mN9bR4tY8wK3sL6dF1gH5jZ0cA+e/uI9oQ2r=';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let folder: string;
let bin: string;
let browser: Browser;
interface Started {
  child: ChildProcess;
  url: string;
  startedInMs: number;
  /** Everything it printed on stdout so far. */
  stdout: () => string;
}
let server: Started;
/** Every client secret the tests hand a payer: none may reach the log. */
const secrets: string[] = [];

/** Starts the installed command; resolves once it prints its address, with how long that took. */
function startServer(args: string[], env: Record<string, string | undefined>) {
  const started = performance.now();
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: folder,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise<Started>((resolve, reject) => {
    const timer = setTimeout(() => fail('did not print its address within 20 s'), 20_000);
    function fail(why: string) {
      clearTimeout(timer);
      child.kill();
      reject(new Error(`momo-checkout-server ${why}:\n${output}`));
    }
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/[\w.[\]:-]+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url, startedInMs: performance.now() - started, stdout: () => output });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => fail(`exited (${code})`));
  });
}

/** Runs the command to its end: its exit code and what it printed on stderr. */
function refusal(env: Record<string, string | undefined>, args: string[] = []) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: folder, env: { PATH: process.env.PATH, ...env } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

beforeAll(async () => {
  folder = join(bare, '..', 'operator');
  await mkdir(folder);
  await writeFile(join(folder, 'package.json'), JSON.stringify({ name: 'checkout-host', private: true }));
  await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel', 'error', tarball], {
    cwd: folder,
  });
  bin = join(folder, 'node_modules/.bin/momo-checkout-server');
  const port = await freePort();
  [browser, server] = await Promise.all([
    launchChromium(),
    startServer([], {
      MOMO_API_BASE: sandboxUrl,
      MOMO_PUBLIC_URL: `http://127.0.0.1:${port}`,
      MOMO_FORM_KEY: FORM_KEY,
      PORT: String(port),
      HOST: '127.0.0.1',
    }),
  ]);
});
afterAll(async () => {
  server?.child.kill();
  await browser?.close();
});

/** A payable intent of the service, as a merchant's server makes it. */
async function newIntent(): Promise<{ id: string; secret: string }> {
  const res = await fetch(`${sandboxUrl}/v1/payment-intents`, {
    method: 'POST',
    headers: { Authorization: 'Bearer sk_test_operator', 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: 5000, currency: 'xaf' }),
  });
  const intent = (await res.json()) as { intent_id: string; client_secret: string };
  secrets.push(intent.client_secret);
  return { id: intent.intent_id, secret: intent.client_secret };
}

/** Every request a page sends, by origin and path. */
function recordRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => seen.push(new URL(request.url())));
  return seen;
}

const apiCalls = (seen: URL[]) => seen.filter((url) => url.pathname.startsWith('/v1/'));

describe('momo-checkout-server from the tarball, production dependencies only', () => {
  it('installs alone, starts in under 2 s without building, and serves no sandbox and no demo', async () => {
    const installed = (await run('npm', ['ls', '--all', '--parseable', '--omit=dev'], { cwd: folder }))
      .trim()
      .split('\n');
    expect(installed).toEqual([folder, join(folder, 'node_modules/momo-checkout')]);
    console.log(`momo-checkout-server: listening ${server.startedInMs.toFixed(0)} ms after its start`);
    expect(server.startedInMs).toBeLessThan(2000);
    // The start line names the form key by its fingerprint (to compare instances), never by itself.
    const print = createHmac('sha256', FORM_KEY).update('momo-checkout form key fingerprint').digest('hex').slice(0, 8);
    expect(server.stdout()).toContain(`form keys ${print})`);
    expect(server.stdout()).not.toContain(FORM_KEY);
    const { id } = await newIntent();
    expect((await fetch(`${server.url}/pay/${id}`)).status).toBe(200);
    expect((await fetch(`${server.url}/widget.js`)).status).toBe(200);
    for (const path of [`/v1/payment-intents/${id}`, '/demo', '/'])
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
  });

  it('refuses to start without a setting, naming it', async () => {
    const base = { MOMO_API_BASE: sandboxUrl, MOMO_PUBLIC_URL: 'https://checkout.example', MOMO_FORM_KEY: FORM_KEY };
    for (const [missing, env] of [
      ['MOMO_API_BASE', { ...base, MOMO_API_BASE: undefined }],
      ['MOMO_PUBLIC_URL', { ...base, MOMO_PUBLIC_URL: undefined }],
      ['MOMO_FORM_KEY', { ...base, MOMO_FORM_KEY: undefined }],
    ] as const) {
      const { code, stderr } = await refusal(env);
      expect(code, missing).toBe(2);
      expect(stderr).toContain(`${missing} is required`);
    }
    const { code, stderr } = await refusal(base, ['--port', 'eighty']);
    expect([code, stderr.includes('--port must be a port number')]).toEqual([2, true]);
  });

  it('takes an intent link’s payment, its reads and confirm all sent to the configured service', async () => {
    const { id, secret } = await newIntent();
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    const seen = recordRequests(page);
    await page.goto(`${server.url}/pay/${id}#${secret}`);
    const checkout = page.locator('body');
    await waitForState(checkout, 'form');
    await payApprovedAtOnce(checkout);
    await waitForState(checkout, 'succeeded');
    const calls = apiCalls(seen);
    expect(calls.length).toBeGreaterThan(1);
    expect(new Set(calls.map((url) => url.origin))).toEqual(new Set([sandboxUrl]));
    await context.close();
  });

  it('takes a session’s payment on its own address', async () => {
    const res = await fetch(`${sandboxUrl}/v1/sessions`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_operator', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        total: 2000,
        currency: 'xaf',
        accountId: 'acct_operator',
        successUrl: 'https://shop.example/ok',
        cancelUrl: 'https://shop.example/cart',
        metadata: {},
        items: [{ productId: 'prt_rice', quantity: 2, price: 1000, productName: 'Riz' }],
      }),
    });
    const session = (await res.json()) as { id: string; url: string };
    // The session's link names the sandbox's own page; the payer here opens the same path and secret on this server.
    const link = new URL(session.url);
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    const seen = recordRequests(page);
    // The success page is the merchant's, which is not on this network: answered here.
    await page.route('https://shop.example/**', (route) => route.fulfill({ body: 'merci', contentType: 'text/plain' }));
    await page.goto(`${server.url}${link.pathname}${link.hash}`);
    await waitForState(page.locator('body'), 'form');
    await payApprovedAtOnce(page.locator('body'));
    await page.waitForURL(/^https:\/\/shop\.example\/ok/, { timeout: 20_000 });
    expect(new Set(apiCalls(seen).map((url) => url.origin))).toEqual(new Set([sandboxUrl]));
    await context.close();
  });

  for (const clobbered of [false, true]) {
    it(`pays on a merchant's page with the README's one-line snippet, no api-base${clobbered ? ', beside an <img name="currentScript">' : ''}`, async () => {
      const { id, secret } = await newIntent();
      const site = join(folder, clobbered ? 'shop-clobbered' : 'shop');
      await mkdir(site, { recursive: true });
      const stray = clobbered ? '<img name="currentScript" src="https://evil.example/p.png" alt="">' : '';
      await writeFile(
        join(site, 'index.html'),
        `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boutique</title></head><body>${stray}
<script src="${server.url}/widget.js" defer></script>
<momo-checkout intent="${id}" client-secret="${secret}" lang="fr"><p>Chargement du paiement…</p></momo-checkout>
</body></html>`,
      );
      const shop = await serveDir(site);
      const context = await browser.newContext({ locale: 'fr-FR' });
      const page = await context.newPage();
      const evil: string[] = [];
      await page.route('https://evil.example/**', (route) => {
        evil.push(route.request().url());
        return route.fulfill({ status: 404, body: '' });
      });
      const seen = recordRequests(page);
      try {
        await page.goto(`${shop.url}/index.html`);
        const checkout = page.locator('momo-checkout');
        await waitForState(checkout, 'form');
        await payApprovedAtOnce(checkout);
        await waitForState(checkout, 'succeeded');
        expect(new Set(apiCalls(seen).map((url) => url.origin))).toEqual(new Set([sandboxUrl]));
        // The page's own picture is its business; nothing of the widget's goes there.
        expect(evil.filter((url) => !url.endsWith('/p.png'))).toEqual([]);
        expect(seen.filter((url) => url.origin === 'https://evil.example' && url.pathname !== '/p.png')).toEqual([]);
      } finally {
        await context.close();
        await shop.close();
      }
    });
  }

  it('answers /healthz, and /readyz while its service answers (503 when it cannot reach it)', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const port = await freePort();
    const stranded = await startServer([], {
      // Nothing listens there.
      MOMO_API_BASE: `http://127.0.0.1:${await freePort()}`,
      MOMO_PUBLIC_URL: `http://127.0.0.1:${port}`,
      MOMO_FORM_KEY: FORM_KEY,
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    try {
      expect((await fetch(`${stranded.url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${stranded.url}/readyz`);
      expect(ready.status).toBe(503);
    } finally {
      stranded.child.kill('SIGKILL');
    }
  });

  it('logs one JSON line per request, with no client secret, form token or payer’s detail', async () => {
    const { id, secret } = await newIntent();
    const form = await (await fetch(`${server.url}/pay/${id}?plain=1`)).text();
    const token = /name="token" value="([^"]+)"/.exec(form)?.[1] ?? '';
    const posted = await fetch(`${server.url}/pay/${id}?lang=fr&secret=${secret}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: new URLSearchParams({
        token,
        country: 'cg',
        operator: '',
        phone: '06 123 4593',
        firstName: 'Élodie',
        lastName: 'Mbemba',
        email: 'elodie@example.cg',
        lang: 'fr',
      }).toString(),
    });
    expect(posted.status).toBe(303);
    await expect.poll(() => server.stdout()).toContain(`"method":"POST"`);
    const lines = server
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      const entry = JSON.parse(line) as { method: string; path: string; status: number };
      expect([typeof entry.method, typeof entry.path, typeof entry.status]).toEqual(['string', 'string', 'number']);
    }
    const log = server.stdout();
    for (const secretValue of [...secrets, token, '4593', 'elodie', 'Mbemba']) expect(log).not.toContain(secretValue);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const stopped = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  });
});
