// The state-on-disk tests' common ground (test/sandbox/persist/*.test.ts, persistence.test.ts):
// temporary state directories, a sandbox opened on one with a fake clock, and the ways the tests
// damage a directory and check that a refused start changed nothing in it.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { createSandbox, type SandboxOptions } from '../../../src/sandbox';
import { Journal } from '../../../src/sandbox/persist/journal';
import { Store } from '../../../src/sandbox/store/store';
import { BASE, START, TOKEN } from '../helpers';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Makes new temporary state directories, each removed after the test that made it: called at the
 * top level of a test file, whose hook it registers (a hook at the top level of this module would
 * run for the first file of a worker only: test/support/projects.ts).
 */
export function stateDirs(): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'momo-state-'));
    dirs.push(dir);
    return dir;
  };
}

/** A sandbox on `dir` and a fake clock, with the helpers' request shape. */
export function open(dir: string, clock = { time: START }, options: SandboxOptions = {}) {
  const sandbox = createSandbox({ dataDir: dir, now: () => clock.time, env: {}, checkoutBaseUrl: BASE, ...options });
  const call = (
    method: string,
    path: string,
    body?: unknown,
    token: string | null = TOKEN,
    headers: Record<string, string> = {},
  ) =>
    sandbox.fetch(
      new Request(`${BASE}${path}`, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  return { sandbox, call, clock };
}

export const journalOf = (dir: string) =>
  join(dir, readdirSync(dir).find((name) => name.startsWith('journal-')) as string);

/** Makes `dir` look as kill -9 mid-append leaves it: a dead process's lock, the last journal unsealed, its last line cut short. */
export function crashed(dir: string): void {
  const journal = join(
    dir,
    readdirSync(dir)
      .filter((name) => /^journal-\d+\.jsonl$/.test(name))
      .sort()
      .at(-1) as string,
  );
  const lines = readFileSync(journal, 'utf8').split('\n');
  lines.splice(-2, 1); // the seal
  writeFileSync(journal, `${lines.join('\n')}0123456789abcdef {"kind":"intent","record":{"id":2,"intentId":"pi_tor`);
  writeFileSync(join(dir, 'lock'), '999999999');
}

export const record = (i: number) => ({
  kind: 'transfer' as const,
  record: {
    kind: 'remittance' as const,
    id: `rem_${i}`,
    owner: 'o',
    amount: 1,
    currency: 'xaf',
    firstName: 'A',
    lastName: 'B',
    operator: 'mtn',
    country: 'cg',
    phone: '242061234500',
    walletId: 'w',
    financialTransactionId: '1',
    transactionId: 't',
    externalId: 'e',
    createdAt: START + i,
    executesAt: START + i,
  },
});

/**
 * A directory whose state.jsonl holds records and whose journal-000002.jsonl holds more: 40
 * remittances written straight into the store, the first 16 expired in between (which made the
 * journal outweigh the live records: a snapshot). Answers the ids of the 24 live ones.
 */
export async function snapshotted(dir: string): Promise<string[]> {
  const store = new Store({ limits: { maxBytes: 2 ** 24, maxBytesPerToken: 2 ** 24 }, retentionMs: 3 * DAY_MS });
  const journal = Journal.open(dir, store, START, 4096);
  store.writeTo(journal);
  for (let i = 0; i < 20; i += 1) store.write([record(i)], 'o', 'token');
  await journal.durable();
  store.forgetExpired(START + 3 * DAY_MS + 15);
  for (let i = 20; i < 40; i += 1) store.write([record(i)], 'o', 'token');
  await journal.durable();
  await journal.close();
  return store.remittancesOf('o').map((r) => r.id);
}

/** Every file of `dir` and its content, its locks aside: a refused start must leave them as they were. */
export const contentsOf = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((name) => !/^lock(-\d+)?$/.test(name))
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );

/** Starts a sandbox on `dir` expecting a refusal that matches `message`; checks that nothing in `dir` was changed. */
export function expectRefused(dir: string, message: RegExp): void {
  const before = contentsOf(dir);
  expect(() => open(dir)).toThrow(message);
  expect(contentsOf(dir)).toEqual(before);
}

/** `text` without its last `count` lines (each with its newline). */
export const withoutLastLines = (text: string, count: number) =>
  `${text
    .split('\n')
    .slice(0, -1 - count)
    .join('\n')}\n`;
