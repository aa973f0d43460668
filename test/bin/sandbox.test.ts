// @vitest-environment node
// What `momo-checkout-sandbox` serves on its one port: the sandbox API, the hosted page of a
// session and widget.js — from the build it ships with (here a stand-in folder).
import { get } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { REPO_ROOT } from '../../src/server/paths';
import { type RunningServer as RunningSandbox, startSandboxServer } from '../../src/server/sandbox-server';
import { startProcess } from '../server/helpers';

/** The status of a GET sent to `url` under the host name `host` (fetch would send the url's own). */
const statusUnder = (url: string, path: string, host: string) =>
  new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    get({ hostname, port, path, headers: { Host: host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });

let dist: string;
let sandbox: RunningSandbox;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'momo-bin-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>hosted page</title>');
  await writeFile(join(dist, 'widget.js'), '/* widget */');
  await writeFile(join(dist, 'assets', 'page.js'), '/* page */');
  sandbox = await startSandboxServer({ port: 0, host: '127.0.0.1', distDir: dist });
});
afterAll(async () => {
  await sandbox?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('momo-checkout-sandbox', () => {
  it('creates a session through the API; its url opens the hosted page on the same port', async () => {
    const momo = createClient({ baseUrl: sandbox.url, token: 'sk_test_ci' });
    const session = await momo.createSession({
      total: 2000,
      currency: 'xaf',
      accountId: 'acct_ci',
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/cart',
      metadata: {},
      items: [{ productId: 'prt_rice', quantity: 2, price: 1000, productName: 'Riz' }],
    });
    expect(session.url.startsWith(`${sandbox.url}/pay/${session.id}#`)).toBe(true);
    const page = await fetch(session.url.split('#')[0] as string);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('hosted page');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('gives out the public address it is told (MOMO_PUBLIC_URL) in sessions’ urls, and answers under that name', async () => {
    // The command itself, as a merchant's CI starts it: the address comes from its environment.
    const command = await startProcess(
      process.execPath,
      ['--import', 'tsx', 'src/bin/sandbox.ts', '--port', '0', '--memory'],
      { cwd: REPO_ROOT, env: { ...process.env, MOMO_PUBLIC_URL: 'http://checkout.ci.test:4242', PORT: '' } },
    );
    try {
      const momo = createClient({ baseUrl: command.url, token: 'sk_test_ci' });
      const session = await momo.createSession({
        total: 2000,
        currency: 'xaf',
        accountId: 'acct_ci',
        successUrl: 'https://shop.example/ok',
        cancelUrl: 'https://shop.example/cart',
        metadata: {},
        items: [{ productId: 'prt_rice', quantity: 2, price: 1000, productName: 'Riz' }],
      });
      expect(session.url.startsWith(`http://checkout.ci.test:4242/pay/${session.id}#`)).toBe(true);
      // Reached under that name (a CI's proxy, a container's alias): answered; under another, 421.
      expect(await statusUnder(command.url, '/v1/payment-intents?limit=1', 'checkout.ci.test:4242')).not.toBe(421);
      expect(await statusUnder(command.url, '/v1/payment-intents?limit=1', 'elsewhere.test:4242')).toBe(421);
    } finally {
      command.child.kill('SIGTERM');
      await command.exited;
    }
  });

  it('serves the payment without JavaScript: the plain form, confirmed by this server, then the status page', async () => {
    const momo = createClient({ baseUrl: sandbox.url, token: 'sk_test_ci' });
    const session = await momo.createSession({
      total: 2000,
      currency: 'xaf',
      accountId: 'acct_ci',
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/cart',
      metadata: {},
      items: [{ productId: 'prt_rice', quantity: 2, price: 1000, productName: 'Riz' }],
    });
    const path = `/pay/${session.id}`;
    const form = await (await fetch(`${sandbox.url}${path}?plain=1`)).text();
    const token = /name="token" value="([^"]+)"/.exec(form)?.[1] ?? '';
    const body = new URLSearchParams({
      token,
      country: 'cg',
      operator: '',
      phone: '06 123 4593',
      firstName: 'Awa',
      lastName: 'Ndong',
      email: 'awa@example.cg',
      lang: 'en',
    });
    const posted = await fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      body,
      redirect: 'manual',
      headers: { Origin: sandbox.url },
    });
    expect(posted.status).toBe(303);
    const status = await fetch(`${sandbox.url}${posted.headers.get('location')}`);
    // 93: approved at once.
    expect(await status.text()).toContain('Payment successful');
  });

  it('serves widget.js and the page assets to other origins, and nothing else of the folder', async () => {
    const widget = await fetch(`${sandbox.url}/widget.js`);
    expect([widget.status, widget.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
    expect((await fetch(`${sandbox.url}/assets/page.js`)).status).toBe(200);
    for (const path of ['/index.html', '/package.json', '/demo', '/'])
      expect((await fetch(`${sandbox.url}${path}`)).status, path).toBe(404);
  });
});
