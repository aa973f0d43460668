// @vitest-environment node
// What `npm start` prints holds no live client secret and no record id (issue 22): its banner
// names the command that makes a payable link, and that command makes one; a payment through the
// demo shop, and its fulfillment failing (the demo's error line), print none either. Read from
// the real server's stdout and stderr: src/server/main.ts in a process of its own.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SECRET_PATTERN } from '../../src/api/schemas/client-secret';
import { linkCommand } from '../../src/server/banner';
import { REPO_ROOT } from '../../src/server/paths';
import { confirmBody, testNumber } from '../sandbox/helpers';
import { type DistFixture, makeDistFixture } from './helpers';

const run = promisify(execFile);
/** A record id as the sandbox draws them (src/sandbox/ids.ts): what a log line must not carry. */
const RECORD_ID = /\b(pi|cs|ch|pm|tr|rem|wt|wal|txn|ext)_[0-9A-Za-z]{6,}/;

let fixture: DistFixture;
let server: ChildProcess;
let url: string;
/** Every line the server wrote, stdout and stderr. */
const printed: string[] = [];
let exited: Promise<unknown>;

beforeAll(async () => {
  // main.ts serves dist/ beside src/, which a unit run has not built: it runs from a root of its
  // own whose src/ and node_modules are the repository's (symbolic links, kept as such) and whose
  // dist/ is the server tests' fixture. Its temporary folders (the demo's order book) go there too.
  fixture = makeDistFixture();
  for (const name of ['src', 'node_modules', 'package.json', 'tsconfig.json'])
    symlinkSync(join(REPO_ROOT, name), join(fixture.base, name));
  mkdirSync(join(fixture.base, 'tmp'));
  server = spawn(
    process.execPath,
    [
      '--preserve-symlinks',
      '--preserve-symlinks-main',
      '--import',
      'tsx',
      'src/server/main.ts',
      '--memory',
      '--port',
      '0',
    ],
    {
      cwd: fixture.base,
      env: { ...process.env, TMPDIR: join(fixture.base, 'tmp') },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  exited = new Promise((resolve) => server.once('exit', resolve));
  createInterface({ input: server.stderr! }).on('line', (line) => printed.push(line));
  url = await new Promise<string>((resolve, reject) => {
    void exited.then((code) => reject(new Error(`the server exited (${code}): ${printed.join('\n')}`)));
    createInterface({ input: server.stdout! }).on('line', (line) => {
      printed.push(line);
      const listening = /listening on (http:\/\/\S+)/.exec(line);
      if (listening) resolve(listening[1] as string);
    });
  });
  // The banner is printed whole, at once: wait for its last line.
  while (!printed.some((line) => line.includes('Sandbox state'))) await new Promise((resolve) => setImmediate(resolve));
}, 60_000);

afterAll(() => {
  server?.kill('SIGKILL');
  fixture?.cleanup();
});

/**
 * The command the banner names, run once while the server runs (by whichever test needs it first,
 * so that each test runs alone, in any order): the link it printed, and the intent read back.
 */
let linkMade: Promise<{ command: string; link: string; found: RegExpExecArray | null; read: unknown }> | undefined;
function makeLink() {
  linkMade ??= (async () => {
    const command = /\((npm run -s sandbox:link[^)]*) prints a payable one\)/.exec(printed.join('\n'))?.[1] ?? '';
    const [npm, ...args] = command.split(' ');
    const { stdout } = await run(npm as string, [...args, '--amount', '2500'], { cwd: REPO_ROOT });
    const link = stdout.trim();
    const found = new RegExp(`^${url}/pay/(pi_[0-9A-Za-z]+)#(pi_[0-9A-Za-z]+_secret_[0-9A-Za-z]+)$`).exec(link);
    const read = found ? await (await fetch(`${url}/v1/payment-intents/${found[1]}`)).json() : null;
    return { command, link, found, read };
  })();
  return linkMade;
}

/** Resolves with the first line printed from now on that matches `pattern`. */
function nextLine(pattern: RegExp): Promise<string> {
  const seen = printed.length;
  return new Promise((resolve) => {
    const look = () => {
      const found = printed.slice(seen).find((line) => pattern.test(line));
      if (found) resolve(found);
      else setTimeout(look, 50);
    };
    look();
  });
}

describe('npm start’s output', () => {
  it('names in its banner the command that prints a payable link, and that command prints one', async () => {
    const banner = printed.join('\n');
    expect(banner).toContain(`Hosted page     ${url}/pay/<pi_… or cs_…>#<client secret>`);
    const { command, link, found, read } = await makeLink();
    expect(command).toBe(linkCommand(url));
    expect(found, link).not.toBeNull();
    expect(read).toMatchObject({ amount: 2500, status: 'requires_payment_method' });
    // Without the sandbox's own address, the command is the plain one.
    expect(linkCommand('http://localhost:3000')).toBe('npm run -s sandbox:link');
  }, 60_000);

  it('prints no client secret and no record id: the banner, the link command, a payment through the demo shop, its fulfillment failing', async () => {
    // The link the banner's command made (its intent id and client secret) must not be printed either.
    const { found } = await makeLink();
    const made = [found?.[1], found?.[2]].filter((value) => value !== undefined);
    const shop = await (await fetch(`${url}/demo`)).text();
    const order = /id="show-widget" data-order="(CMD-[0-9A-F]+)"/.exec(shop)?.[1] ?? '';
    const intent = (await (
      await fetch(`${url}/demo/intent`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
        body: new URLSearchParams({ order, lang: 'fr', purpose: 'widget' }).toString(),
      })
    ).json()) as { intentId: string; clientSecret: string };
    made.push(intent.intentId, intent.clientSecret);
    // The shop's order book made unwritable: fulfillment's `paid` handler fails, and the demo logs it.
    const [ordersDir] = readdirSync(join(fixture.base, 'tmp')).filter((name) => name.startsWith('momo-demo-orders-'));
    mkdirSync(join(fixture.base, 'tmp', ordersDir as string, 'orders.jsonl'));
    const logged = nextLine(/^\[demo\] fulfillment of /);
    const confirm = await fetch(`${url}/v1/payment-intents/${intent.intentId}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(confirmBody(intent.clientSecret, testNumber('approved_at_once'))),
    });
    const charge = (await confirm.json()) as { id: string; status: string };
    expect(charge.status).toBe('succeeded');
    made.push(charge.id);
    // The line that used to carry the intent's id says which kind of record it was about.
    expect(await logged).toMatch(/^\[demo\] fulfillment of pi_…: EISDIR/);

    server.kill('SIGTERM');
    await exited;
    const output = printed.join('\n');
    expect(output).toContain('Sandbox state   in memory only (--memory)');
    expect(made.length).toBe(5);
    for (const value of made) expect(output).not.toContain(value);
    expect(output).not.toMatch(new RegExp(CLIENT_SECRET_PATTERN));
    expect(output).not.toMatch(/_secret_|sk_test_/);
    expect(output).not.toMatch(RECORD_ID);
  }, 60_000);
});
