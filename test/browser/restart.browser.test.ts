// `npm start` restarted in the middle of a payment, even by kill -9: the sandbox's state is on
// disk, so the payer's page that was waiting for the approval goes on to the receipt.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { REPO_ROOT } from '../../src/server/paths';
import { launchChromium } from '../support/chromium';
import { pay, waitForState } from '../widget/browser-helpers';

const TOKEN = 'sk_test_restart';
let dir: string;
let port: number;
const started: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: found } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return found;
}

/** `npm start`'s server (without its build step: the browser tests built dist/), on `port`. */
async function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--data', dir], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), SANDBOX_APPROVAL_MS: '8000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('Sandbox state')) resolve();
    });
  });
  return child;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'momo-restart-'));
  port = await freePort();
});
afterAll(() => {
  for (const child of started) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start › restarted mid-payment', () => {
  it('keeps the payment: after a kill -9 and a restart, the waiting page goes on to the receipt', async () => {
    const server = await start();
    const base = `http://localhost:${port}`;
    const merchant = createClient({ baseUrl: base, token: TOKEN });
    const intent = await merchant.createIntent({ amount: 4500, currency: 'xaf', description: 'Restart test' });
    const browser = await launchChromium();
    try {
      const page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
      await page.goto(`${base}/pay/${intent.intent_id}#${intent.client_secret}`);
      await waitForState(page, 'form');
      await pay(page, 'approved_after_delay');
      await waitForState(page, 'pending');
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      await start();
      await waitForState(page, 'succeeded', 30_000);
      const paid = await merchant.getIntent(intent.intent_id);
      expect(paid.status).toBe('succeeded');
      expect(paid.event.charges).toHaveLength(1);
    } finally {
      await browser.close();
    }
  }, 90_000);
});
