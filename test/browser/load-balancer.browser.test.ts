// momo-checkout-server on as many instances as traffic needs (issue 27): two processes of the built
// command (dist/bin/server.mjs, one MOMO_FORM_KEY) behind a real nginx, round-robin, against a
// payment service of their own (the sandbox, on its own port). Through nginx only: a no-JavaScript
// form shown by one instance is posted to the other and pays; both instances are restarted one
// after the other (SIGTERM, exit 0, started again on the same port) while a payer without
// JavaScript and a payer in Chromium wait on the approval screen, and both see the success; a form
// posted as its instance is stopped is answered (the drain), not nginx's 502; each intent holds one
// charge. The approval is the sandbox's clock moved on once the restarts are done: the payers are
// still waiting when each instance goes, whatever the machine's speed.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJs } from '../../scripts/build-package';
import { createClient } from '../../src/api';
import { REPO_ROOT } from '../../src/server/paths';
import { type RunningServer, startSandboxServer } from '../../src/server/sandbox-server';
import { launchChromium } from '../support/chromium';
import { freePorts, type Nginx, startNginx } from '../support/nginx';
import { pay, waitForState } from '../widget/browser-helpers';
import { testNumber } from './support/harness';

const SERVER_BIN = join(REPO_ROOT, 'dist', 'bin', 'server.mjs');
const TOKEN = 'sk_test_load_balancer';
/** How long the sandbox's payer takes to approve: far longer than the restarts, on the sandbox's clock. */
const APPROVAL_MS = 60_000;

/** The sandbox's clock: the real one, moved on by the test when the payer approves. */
let ahead = 0;
const clock = () => Date.now() + ahead;

/** One momo-checkout-server process at a time on `port`: started, stopped, started again. */
class Instance {
  readonly address: string;
  /** The exit codes of its processes so far. */
  readonly exits: (number | null)[] = [];
  private child: ChildProcess | undefined;
  private exited: Promise<number | null> = Promise.resolve(null);

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly args: string[],
  ) {
    this.address = `127.0.0.1:${port}`;
  }

  /** Spawns the command; resolves once it prints that it listens (10 s at most). */
  async start(): Promise<void> {
    const child = spawn(
      process.execPath,
      [SERVER_BIN, ...this.args, '--port', String(this.port), '--host', '127.0.0.1'],
      {
        env: { PATH: process.env.PATH ?? '', ...this.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    this.exited = new Promise((resolve) =>
      child.once('exit', (code) => {
        this.exits.push(code);
        resolve(code);
      }),
    );
    // Read to the end whatever it prints (its request log), so that it never blocks on a full pipe.
    const lines = createInterface({ input: child.stdout! });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name} did not listen within 10 s:\n${stderr}`)), 10_000);
      void this.exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`${this.name} exited (${code}) before it listened:\n${stderr}`));
      });
      lines.on('line', (line) => {
        if (line.startsWith('momo-checkout-server listening on ')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  /** SIGTERM; resolves with its exit code once it has exited (SIGKILL after 10 s: the code is then null). */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }
}

let sandbox: RunningServer | undefined;
let nginx: Nginx | undefined;
let browser: Browser | undefined;
const instances: Instance[] = [];
let merchant: ReturnType<typeof createClient>;

beforeAll(async () => {
  // The browser tests' build (their globalSetup) empties dist/: the command, as npm run build makes it.
  await buildJs(['src/bin/server.ts']);
  sandbox = await startSandboxServer({
    port: 0,
    host: '127.0.0.1',
    distDir: join(REPO_ROOT, 'dist'),
    sandboxOptions: { now: clock, approvalMs: APPROVAL_MS, faults: true, env: {} },
  });
  merchant = createClient({ baseUrl: sandbox.url, token: TOKEN });
  const [nginxPort = 0, port1 = 0, port2 = 0] = await freePorts(3);
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const formKey = randomBytes(32).toString('base64');
  const args = ['--api-base', sandbox.url, '--public-url', publicUrl];
  instances.push(
    new Instance('instance 1', port1, { MOMO_FORM_KEY: formKey }, args),
    new Instance('instance 2', port2, { MOMO_FORM_KEY: formKey }, args),
  );
  await Promise.all(instances.map((instance) => instance.start()));
  // Nothing of the service's on nginx: the pages call the API at --api-base themselves.
  nginx = await startNginx(
    instances.map((instance) => instance.address),
    { port: nginxPort },
  );
  browser = await launchChromium();
});

afterAll(async () => {
  // Everything started, whatever failed: the browser, nginx, the instances, the sandbox.
  await browser?.close().catch(() => undefined);
  await nginx?.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
  await sandbox?.close();
});

/** Who answered, by nginx's X-Upstream (the last address it tried). */
function instanceOf(header: string | null | undefined): string {
  const address = (header ?? '').split(',').pop()?.trim();
  return instances.find((instance) => instance.address === address)?.name ?? `nobody known (${header})`;
}
const answeredBy = (response: Response) => instanceOf(response.headers.get('x-upstream'));

async function newIntent(): Promise<{ id: string; secret: string }> {
  const intent = await merchant.createIntent({ amount: 5000, currency: 'xaf', description: 'Load balancer test' });
  if (!intent.client_secret) throw new Error('the sandbox returned no client secret');
  return { id: intent.intent_id, secret: intent.client_secret };
}

const charges = async (id: string) => (await merchant.getIntent(id)).event.charges.length;

const payer = {
  country: 'cg',
  operator: '',
  firstName: 'Élodie',
  lastName: 'Mbemba',
  email: 'elodie@example.cg',
  lang: 'fr',
};

/** Requests through nginx until `instance` answers one (it is back in the rotation); 10 at most. */
async function untilInRotation(instance: Instance): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < 10; i++) {
    const response = await fetch(`${nginx!.url}/widget.js`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    seen.push(answeredBy(response));
    if (seen.at(-1) === instance.name) return;
  }
  throw new Error(`${instance.name} never answered through nginx: ${seen.join(', ')}`);
}

/**
 * What nginx logged besides its tries of a stopped instance (`connect() failed (111: Connection
 * refused)`, passed on to the other): an answer cut short, a temp file it could not write…
 */
const nginxTroubles = () =>
  nginx!
    .log()
    .split('\n')
    .filter(
      (line) =>
        line.trim() !== '' &&
        !/ connect\(\) failed \(111: Connection refused\) while connecting to upstream/.test(line),
    );

/** Resolves once `condition` holds, checked every 20 ms; throws after `timeoutMs`. */
async function until(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every answer nginx gave `page`, as `status instance path`. */
function watchAnswers(page: Page, origin: string): string[] {
  const answers: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === origin)
      answers.push(`${response.status()} ${instanceOf(response.headers()['x-upstream'])} ${url.pathname}`);
  });
  return answers;
}

describe('momo-checkout-server › two instances behind nginx', () => {
  it('takes a no-JavaScript form shown by one instance and posted to the other, and pays it once', async () => {
    const { id } = await newIntent();
    const shown = await fetch(`${nginx!.url}/pay/${id}?plain=1&lang=fr`);
    expect(shown.status).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(await shown.text())?.[1];
    expect(token).toBeTruthy();

    const posted = await fetch(`${nginx!.url}/pay/${id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: nginx!.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...payer, token: token!, phone: testNumber('approved_at_once').national }),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/pay/${id}/status?lang=fr`);
    // Round-robin, one worker: the post went to the instance that did not show the form.
    expect(instances.map((instance) => instance.name)).toContain(answeredBy(shown));
    expect(answeredBy(posted)).not.toBe(answeredBy(shown));

    const status = await fetch(`${nginx!.url}${posted.headers.get('location')}`);
    expect(status.status).toBe(200);
    expect(await status.text()).toContain('Paiement réussi');
    expect(await charges(id)).toBe(1);
  });

  it('survives a rolling restart while two payers wait on the approval screen: both see the success, each charged once', async () => {
    const base = nginx!.url;
    const plainIntent = await newIntent();
    const jsIntent = await newIntent();

    // (a) A payer without JavaScript: the plain form, then the status page, which refreshes itself.
    const plain = await (await browser!.newContext({ javaScriptEnabled: false, locale: 'fr-FR' })).newPage();
    const plainAnswers = watchAnswers(plain, base);
    await plain.goto(`${base}/pay/${plainIntent.id}?plain=1`);
    await plain.locator('#p-phone').fill(testNumber('approved_after_delay').national);
    await plain.locator('#p-firstName').fill(payer.firstName);
    await plain.locator('#p-lastName').fill(payer.lastName);
    await plain.locator('#p-email').fill(payer.email);
    await plain.getByRole('button', { name: /^Payer 5\s000\sFCFA$/ }).click();
    await plain.waitForURL(/\/status\?lang=fr$/, { timeout: 10_000 });
    await expect(plain.locator('h1').textContent()).resolves.toBe('Validez le paiement sur votre téléphone');

    // (b) A payer in Chromium on the hosted page, who has pressed Pay and waits.
    const page = await (await browser!.newContext({ locale: 'fr-FR' })).newPage();
    const pageAnswers = watchAnswers(page, base);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/v1/')) apiCalls.push(url.origin);
    });
    await page.goto(`${base}/pay/${jsIntent.id}#${jsIntent.secret}`);
    await waitForState(page, 'form');
    await pay(page, 'approved_after_delay');
    await waitForState(page, 'pending');

    // The rolling restart: each instance stopped cleanly, started again on its port, and back in
    // nginx's rotation before the next one goes. While one is down, the payer's status page
    // refreshes twice (as it does every 3 s, here at once): one of the two falls on the stopped
    // instance's turn, which nginx passes on to the other; the payer still reads that it waits.
    const failovers: string[] = [];
    for (const [index, instance] of instances.entries()) {
      const other = instances[1 - index]!;
      expect(await instance.stop(), `${instance.name}'s exit code`).toBe(0);
      for (let refresh = 0; refresh < 2; refresh++) {
        const upstream = (await plain.reload())?.headers()['x-upstream'] ?? '';
        expect(instanceOf(upstream)).toBe(other.name);
        await expect(plain.locator('h1').textContent()).resolves.toBe('Validez le paiement sur votre téléphone');
        if (upstream === `${instance.address}, ${other.address}`) failovers.push(instance.name);
      }
      await instance.start();
      await untilInRotation(instance);
    }
    expect(failovers).toEqual(['instance 1', 'instance 2']);
    // Both payers were still waiting across the restarts.
    expect((await merchant.getIntent(plainIntent.id)).status).toBe('pending');
    expect((await merchant.getIntent(jsIntent.id)).status).toBe('pending');

    // The payer approves on the phone: both pages go on to the success.
    ahead += APPROVAL_MS;
    await plain.locator('h1', { hasText: 'Paiement réussi' }).waitFor({ timeout: 15_000 });
    await waitForState(page, 'succeeded', 30_000);

    expect(await charges(plainIntent.id)).toBe(1);
    expect(await charges(jsIntent.id)).toBe(1);
    expect((await merchant.getIntent(plainIntent.id)).status).toBe('succeeded');
    expect((await merchant.getIntent(jsIntent.id)).status).toBe('succeeded');
    // Nothing nginx answered either payer was an error: a stopped instance was never in the way.
    for (const answer of [...plainAnswers, ...pageAnswers]) expect(answer).toMatch(/^[23]\d\d instance [12] /);
    // The hosted page called the service at --api-base itself, never through the instances.
    expect(apiCalls.length).toBeGreaterThan(1);
    expect(new Set(apiCalls)).toEqual(new Set([sandbox!.url]));
    expect(instances.map((instance) => instance.exits)).toEqual([[0], [0]]);
    expect(nginxTroubles()).toEqual([]);
  }, 60_000);

  it('answers a form in flight when its instance is stopped: the payer gets the status page, not a 502, and one charge', async () => {
    const { id } = await newIntent();
    const shown = await fetch(`${nginx!.url}/pay/${id}?plain=1&lang=fr`);
    const token = /name="token" value="([^"]+)"/.exec(await shown.text())?.[1] ?? '';
    // Round-robin: the post goes to the instance that did not show the form.
    const posting = instances.find((instance) => instance.name !== answeredBy(shown))!;
    // The service takes the confirm, then its answer takes 2 s to come back: the post is in flight.
    sandbox!.sandbox.faults!.inject({
      route: 'POST /v1/payment-intents/:id/confirm',
      kind: 'latency',
      when: 'after',
      ms: 2000,
    });
    const answer = fetch(`${nginx!.url}/pay/${id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: nginx!.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...payer, token, phone: testNumber('approved_at_once').national }),
    });
    await until(() => sandbox!.sandbox.stats().confirms[id]?.accepted === 1, 'the service took the confirm');
    const stopped = posting.stop();
    const posted = await answer;
    expect([posted.status, answeredBy(posted)]).toEqual([303, posting.name]);
    expect(await stopped, `${posting.name}'s exit code`).toBe(0);
    await posting.start();
    await untilInRotation(posting);
    expect(await charges(id)).toBe(1);
    expect(nginxTroubles()).toEqual([]);
  });
});
