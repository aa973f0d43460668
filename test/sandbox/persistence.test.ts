// @vitest-environment node
// The sandbox's state on disk: what was acknowledged is there after a restart, a clean one or a
// kill -9 in the middle of a flood of writes; a disk that fails is answered 503, never a crash.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentIntentSchema, remittanceListSchema, sessionSchema } from '../../src/api/schemas';
import { createSandbox, type SandboxOptions } from '../../src/sandbox';
import { recordLine, sealLine } from '../../src/sandbox/persist/files';
import { Journal } from '../../src/sandbox/persist/journal';
import { dataDirOf, wipeState } from '../../src/sandbox/persist/location';
import { REPO_ROOT } from '../../src/server/paths';
import { Store } from '../../src/sandbox/store/store';
import { type Child, send, startChild } from './support/child';
import {
  BASE,
  confirmBody,
  expectError,
  expectJson,
  sessionBody,
  START,
  testNumber,
  TOKEN,
  transferBody,
} from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const dirs: string[] = [];
const children: Child[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.process.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'momo-state-'));
  dirs.push(dir);
  return dir;
}

/** A sandbox on `dir` and a fake clock, with the helpers' request shape. */
function open(dir: string, clock = { time: START }, options: SandboxOptions = {}) {
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

const journalOf = (dir: string) => join(dir, readdirSync(dir).find((name) => name.startsWith('journal-')) as string);

/** Makes `dir` look as kill -9 mid-append leaves it: a dead process's lock, the last journal unsealed, its last line cut short. */
function crashed(dir: string): void {
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

const record = (i: number) => ({
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
async function snapshotted(dir: string): Promise<string[]> {
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

/** Every file of `dir` and its content: a refused start must leave them as they were. */
const contentsOf = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name !== 'lock')
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );

/** Starts a sandbox on `dir` expecting a refusal that matches `message`; checks that nothing in `dir` was changed. */
function expectRefused(dir: string, message: RegExp): void {
  const before = contentsOf(dir);
  expect(() => open(dir)).toThrow(message);
  expect(contentsOf(dir)).toEqual(before);
}

/** `text` without its last `count` lines (each with its newline). */
const withoutLastLines = (text: string, count: number) =>
  `${text
    .split('\n')
    .slice(0, -1 - count)
    .join('\n')}\n`;

describe('the state on disk', () => {
  it('survives a restart: intents, attempts, sessions, remittances, Idempotency-Key answers, ids that count on', async () => {
    const dir = newDir();
    const first = open(dir);
    const intent = await expectJson(
      await first.call('POST', '/v1/payment-intents', { amount: 5000, currency: 'xaf', metadata: { order: 'A-1' } }),
      201,
      paymentIntentSchema,
    );
    expect(
      (
        await first.call(
          'POST',
          `/v1/payment-intents/${intent.intent_id}/confirm`,
          confirmBody(intent.client_secret, testNumber('approved_after_delay')),
          null,
        )
      ).status,
    ).toBe(200);
    const session = await expectJson(await first.call('POST', '/v1/sessions', sessionBody()), 200, sessionSchema);
    const keyed = await first.call('POST', '/v1/remittance', transferBody(), TOKEN, { 'Idempotency-Key': 'payroll-1' });
    const keyedText = await keyed.text();
    first.clock.time += 5000; // the attempt succeeds before the restart is noticed
    const paidBefore = await (await first.call('GET', `/v1/payment-intents/${intent.intent_id}`)).text();
    await first.sandbox.close();

    const second = open(dir, first.clock);
    expect(await (await second.call('GET', `/v1/payment-intents/${intent.intent_id}`)).text()).toBe(paidBefore);
    expect(JSON.parse(paidBefore)).toMatchObject({ status: 'succeeded', metadata: { order: 'A-1' } });
    expect((await second.call('GET', `/v1/sessions/${session.id}`)).status).toBe(200);
    const replay = await second.call('POST', '/v1/remittance', transferBody(), TOKEN, {
      'Idempotency-Key': 'payroll-1',
    });
    expect([replay.headers.get('idempotent-replayed'), await replay.text()]).toEqual(['true', keyedText]);
    await expectError(
      await second.call('POST', '/v1/remittance', transferBody({ amount: '1' }), TOKEN, {
        'Idempotency-Key': 'payroll-1',
      }),
      409,
      'idempotency_key_reused',
    );
    const list = await expectJson(await second.call('GET', '/v1/remittance'), 200, remittanceListSchema);
    expect(list.data.map((r) => r.id)).toEqual([JSON.parse(keyedText).id]);
    await expectError(
      await second.call('GET', `/v1/payment-intents/${intent.intent_id}`, undefined, 'sk_test_other'),
      404,
      'not_found',
    );
    const next = await expectJson(
      await second.call('POST', '/v1/payment-intents', { amount: 100, currency: 'xaf' }),
      201,
      paymentIntentSchema,
    );
    expect(next.id).toBe(3);
    expect(second.sandbox.stats()).toMatchObject({ intents: 3, sessions: 1, remittances: 1 });
    await second.sandbox.close();
  });

  it('settles after a restart exactly as it would have without one (same payout, same times)', async () => {
    const dir = newDir();
    const clock = { time: START };
    const first = open(dir, clock);
    const intent = await expectJson(
      await first.call('POST', '/v1/payment-intents', { amount: 5000, currency: 'xaf' }),
      201,
      paymentIntentSchema,
    );
    await first.call(
      'POST',
      `/v1/payment-intents/${intent.intent_id}/confirm`,
      confirmBody(intent.client_secret, testNumber('approved_after_delay')),
      null,
    );
    await first.sandbox.close();
    clock.time += 60_000;
    const second = open(dir, clock);
    const paid = await (await second.call('GET', `/v1/payment-intents/${intent.intent_id}`)).text();
    await second.sandbox.close();
    const third = open(dir, clock);
    expect(await (await third.call('GET', `/v1/payment-intents/${intent.intent_id}`)).text()).toBe(paid);
    expect(JSON.parse(paid)).toMatchObject({
      status: 'succeeded',
      updated_at: '2025-03-10T10:00:04.000+01:00',
      event: { payouts: [{ amount_fee: 75 }] },
    });
    await third.sandbox.close();
  });

  it('sets aside a last line cut short by a crash (never acknowledged), and goes on writing after it', async () => {
    const dir = newDir();
    const first = open(dir);
    const intent = await expectJson(
      await first.call('POST', '/v1/payment-intents', { amount: 700, currency: 'xaf' }),
      201,
      paymentIntentSchema,
    );
    await first.sandbox.close();
    // What kill -9 mid-append leaves: the lock of a dead process, a journal without its seal, a line cut short.
    crashed(dir);
    const second = open(dir);
    expect((await second.call('GET', `/v1/payment-intents/${intent.intent_id}`)).status).toBe(200);
    expect(second.sandbox.stats().intents).toBe(1);
    expect(readFileSync(join(dir, 'journal-000001.jsonl.torn'), 'utf8')).toBe(
      '0123456789abcdef {"kind":"intent","record":{"id":2,"intentId":"pi_tor',
    );
    expect((await second.call('POST', '/v1/payment-intents', { amount: 800, currency: 'xaf' })).status).toBe(201);
    await second.sandbox.close();
    const third = open(dir);
    expect(third.sandbox.stats().intents).toBe(2);
    await third.sandbox.close();
  });

  it('refuses to start on a damaged file, naming it and how to wipe the state', async () => {
    const dir = newDir();
    const first = open(dir);
    for (const amount of [700, 800]) await first.call('POST', '/v1/payment-intents', { amount, currency: 'xaf' });
    await first.sandbox.close();
    const journal = journalOf(dir);
    writeFileSync(journal, readFileSync(journal, 'utf8').replace('"kind":"intent"', '"kind":"intent'));
    expect(() => open(dir)).toThrow(
      /damaged \(journal-000001\.jsonl: line 1 does not match its checksum.*npm run sandbox:wipe/,
    );
  });

  it('is one process’s at a time; a lock left by a dead process is taken over', async () => {
    const dir = newDir();
    const first = open(dir);
    expect(() => open(dir)).toThrow(`Another sandbox of this process keeps its state in ${dir}`);
    const other = await startChild(dir).catch((error: Error) => error);
    expect(String(other)).toMatch(new RegExp(`Another sandbox \\(process ${process.pid}\\) keeps its state in`));
    await first.sandbox.close();
    writeFileSync(join(dir, 'lock'), '999999999');
    const second = open(dir);
    expect(readFileSync(join(dir, 'lock'), 'utf8')).toBe(String(process.pid));
    await second.sandbox.close();
  });

  it('replaces a journal that outweighs the live records by a snapshot of them, and drops the old journal (records written straight into the store)', async () => {
    const dir = newDir();
    const store = new Store({ limits: { maxBytes: 2 ** 24, maxBytesPerToken: 2 ** 24 }, retentionMs: 3 * DAY_MS });
    const journal = Journal.open(dir, store, START, 4096);
    store.writeTo(journal);
    for (let i = 0; i < 20; i += 1) store.write([record(i)], 'o', 'token');
    await journal.durable();
    // Nothing has expired: a snapshot would only rewrite what the journal holds (a header and an end line, no record).
    expect(readFileSync(join(dir, 'state.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2);
    store.forgetExpired(START + 3 * DAY_MS + 15); // the first 16 expire
    for (let i = 20; i < 40; i += 1) store.write([record(i)], 'o', 'token');
    await journal.durable();
    await journal.close();
    // Once the expired ones made the journal outweigh the live records: a snapshot, a new journal.
    expect(readdirSync(dir).filter((name) => name.startsWith('journal-'))).toEqual(['journal-000002.jsonl']);
    expect(readFileSync(join(dir, 'state.jsonl'), 'utf8').trim().split('\n').length).toBeGreaterThan(4);
    const reopened = new Store({ limits: { maxBytes: 2 ** 24, maxBytesPerToken: 2 ** 24 }, retentionMs: 3 * DAY_MS });
    await Journal.open(dir, reopened, START + 3 * DAY_MS + 15).close();
    expect(reopened.remittancesOf('o').map((r) => r.id)).toEqual(Array.from({ length: 24 }, (_, i) => `rem_${i + 16}`));
  });
});

describe('a damaged state: it starts with every acknowledged record, or refuses naming the file and changes nothing', () => {
  /** Three intents answered 201, then a clean shutdown. */
  async function threeIntents(dir: string) {
    const first = open(dir);
    const made = [];
    for (const amount of [700, 800, 900])
      made.push(
        await expectJson(
          await first.call('POST', '/v1/payment-intents', { amount, currency: 'xaf' }),
          201,
          paymentIntentSchema,
        ),
      );
    await first.sandbox.close();
    return made;
  }

  it('the journal’s last line cut after a clean shutdown (whole lines, or in the middle of one)', async () => {
    const dir = newDir();
    await threeIntents(dir);
    const journal = join(dir, 'journal-000001.jsonl');
    const whole = readFileSync(journal, 'utf8');
    for (const cut of [
      withoutLastLines(whole, 1),
      withoutLastLines(whole, 2),
      whole.slice(0, whole.lastIndexOf('\n', whole.length - 2) - 30),
    ]) {
      writeFileSync(journal, cut);
      expectRefused(
        dir,
        /damaged \(journal-000001\.jsonl: (it does not end with the seal a clean shutdown writes|it ends in the middle of a line)/,
      );
    }
    // Put back as it was, it starts whole.
    writeFileSync(journal, whole);
    const again = open(dir);
    expect(again.sandbox.stats().intents).toBe(3);
    await again.sandbox.close();
  });

  it('a crash’s cut last line (never acknowledged) costs nothing acknowledged', async () => {
    const dir = newDir();
    const made = await threeIntents(dir);
    crashed(dir);
    const started = open(dir);
    for (const intent of made)
      expect((await started.call('GET', `/v1/payment-intents/${intent.intent_id}`)).status).toBe(200);
    await started.sandbox.close();
  });

  it('state.jsonl cut at a line boundary, or a line taken out of it', async () => {
    const dir = newDir();
    const live = await snapshotted(dir);
    const state = join(dir, 'state.jsonl');
    const whole = readFileSync(state, 'utf8');
    expect(whole.split('\n').length).toBeGreaterThan(10);
    writeFileSync(state, withoutLastLines(whole, 2));
    expectRefused(dir, /damaged \(state\.jsonl: it does not end with the line that closes every snapshot/);
    const lines = whole.split('\n');
    lines.splice(3, 1);
    writeFileSync(state, lines.join('\n'));
    expectRefused(dir, /damaged \(state\.jsonl: it holds \d+ records where its end line counts \d+/);
    writeFileSync(state, whole);
    const again = open(dir, { time: START + 3 * DAY_MS + 15 });
    expect(again.sandbox.stats().remittances).toBe(live.length);
    await again.sandbox.close();
  });

  it('state.jsonl missing while journal-000002 exists', async () => {
    const dir = newDir();
    await snapshotted(dir);
    rmSync(join(dir, 'state.jsonl'));
    expectRefused(dir, /damaged \(state\.jsonl: it is missing, yet journal-000002\.jsonl is there/);
    expect(existsSync(join(dir, 'journal-000002.jsonl'))).toBe(true);
  });

  it('a journal missing between others, or the one state.jsonl names', async () => {
    const dir = newDir();
    await threeIntents(dir);
    // Each start begins a journal (one that holds nothing is begun again): 000001 to 000004, the last empty.
    for (let i = 0; i < 2; i += 1) {
      const again = open(dir);
      expect((await again.call('POST', '/v1/payment-intents', { amount: 100, currency: 'xaf' })).status).toBe(201);
      await again.sandbox.close();
    }
    await open(dir).sandbox.close();
    await open(dir).sandbox.close();
    expect(readdirSync(dir).filter((name) => name.startsWith('journal-'))).toHaveLength(4);
    const kept = readFileSync(join(dir, 'journal-000002.jsonl'));
    rmSync(join(dir, 'journal-000002.jsonl'));
    expectRefused(
      dir,
      /damaged \(journal-000002\.jsonl: it is missing, between journal-000001\.jsonl and journal-000003\.jsonl/,
    );
    writeFileSync(join(dir, 'journal-000002.jsonl'), kept);
    rmSync(join(dir, 'journal-000001.jsonl'));
    expectRefused(dir, /damaged \(journal-000001\.jsonl: it is missing, yet state\.jsonl says/);
  });

  it('the newest journal deleted, or the newest several: refused, naming them (current says which is being written)', async () => {
    const dir = newDir();
    const made = (await threeIntents(dir)).map((intent) => intent.intent_id);
    // Two more runs, each answering 201 to one intent: journal-000002 and journal-000003, each sealed.
    const currents: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const again = open(dir);
      currents.push(readFileSync(join(dir, 'current'), 'utf8'));
      made.push(
        (
          await expectJson(
            await again.call('POST', '/v1/payment-intents', { amount: 100 + i, currency: 'xaf' }),
            201,
            paymentIntentSchema,
          )
        ).intent_id,
      );
      await again.sandbox.close();
    }
    const kept = Object.fromEntries(
      ['journal-000002.jsonl', 'journal-000003.jsonl'].map((name) => [name, readFileSync(join(dir, name))]),
    );
    rmSync(join(dir, 'journal-000003.jsonl'));
    expectRefused(
      dir,
      /damaged \(journal-000003\.jsonl: it is missing, yet current names journal-000003\.jsonl as the journal being written: the records written there are gone\)/,
    );
    rmSync(join(dir, 'journal-000002.jsonl'));
    expectRefused(dir, /damaged \(journal-000002\.jsonl to journal-000003\.jsonl: they are missing, yet current names/);
    for (const [name, bytes] of Object.entries(kept)) writeFileSync(join(dir, name), bytes);
    // `current` itself: missing, changed, or an older copy of it (the one naming journal-000002).
    const current = readFileSync(join(dir, 'current'), 'utf8');
    rmSync(join(dir, 'current'));
    expectRefused(dir, /damaged \(current: it is missing, yet state\.jsonl was written by a sandbox that keeps it/);
    writeFileSync(join(dir, 'current'), current.replace('"journal":3', '"journal":4'));
    expectRefused(dir, /damaged \(current: it does not match its checksum/);
    writeFileSync(join(dir, 'current'), currents[0] as string);
    expectRefused(
      dir,
      /damaged \(current: it names journal-000002\.jsonl as the journal being written, yet journal-000003\.jsonl comes after it/,
    );
    // Put back as it was, it starts whole.
    writeFileSync(join(dir, 'current'), current);
    const whole = open(dir);
    for (const id of made) expect((await whole.call('GET', `/v1/payment-intents/${id}`)).status, id).toBe(200);
    await whole.sandbox.close();
  });

  it('a first start cut by a crash before its snapshot (an empty journal-000001, no state.jsonl) starts afresh', async () => {
    const dir = newDir();
    writeFileSync(join(dir, 'journal-000001.jsonl'), '');
    writeFileSync(join(dir, 'current'), `${recordLine(JSON.stringify({ current: { journal: 1 } }))}\n`);
    writeFileSync(join(dir, 'lock'), '999999999');
    const started = open(dir);
    expect(started.sandbox.stats().intents).toBe(0);
    expect((await started.call('POST', '/v1/payment-intents', { amount: 700, currency: 'xaf' })).status).toBe(201);
    await started.sandbox.close();
    const again = open(dir);
    expect(again.sandbox.stats().intents).toBe(1);
    await again.sandbox.close();
    // Yet every journal gone with state.jsonl while `current` stays is records lost: refused.
    for (const name of readdirSync(dir)) if (name !== 'current') rmSync(join(dir, name));
    expectRefused(dir, /damaged \(state\.jsonl: it is missing, and so is every journal, yet current is there/);
  });

  it('a directory of the version before `current` (state.jsonl version 2) starts whole and is written in this one', async () => {
    const dir = newDir();
    const made = await threeIntents(dir);
    // What that version left: the same files, a header of version 2, no `current`.
    const state = join(dir, 'state.jsonl');
    const lines = readFileSync(state, 'utf8').replace('"version":3', '"version":2').split('\n');
    const body = `${lines.slice(0, -2).join('\n')}\n`;
    const sha256 = createHash('sha256').update(body).digest('hex');
    writeFileSync(state, `${body}${JSON.stringify({ end: { records: lines.length - 3, sha256 } })}\n`);
    rmSync(join(dir, 'current'));
    const upgraded = open(dir);
    for (const intent of made)
      expect((await upgraded.call('GET', `/v1/payment-intents/${intent.intent_id}`)).status).toBe(200);
    await upgraded.sandbox.close();
    expect(readFileSync(state, 'utf8')).toContain('"version":3');
    expect(readdirSync(dir).filter((name) => name.startsWith('journal-'))).toEqual(['journal-000002.jsonl']);
    // From then on, its newest journal is named: deleting it is refused.
    for (let i = 0; i < 2; i += 1) {
      const again = open(dir);
      expect((await again.call('POST', '/v1/payment-intents', { amount: 100, currency: 'xaf' })).status).toBe(201);
      await again.sandbox.close();
    }
    rmSync(join(dir, 'journal-000003.jsonl'));
    expectRefused(dir, /damaged \(journal-000003\.jsonl: it is missing, yet current names/);
  });

  it('hand-edited records: a paid intent edited back to unpaid, in the journal or in the snapshot', async () => {
    const dir = newDir();
    const first = open(dir);
    const intent = await expectJson(
      await first.call('POST', '/v1/payment-intents', { amount: 5000, currency: 'xaf' }),
      201,
      paymentIntentSchema,
    );
    expect(
      (
        await first.call(
          'POST',
          `/v1/payment-intents/${intent.intent_id}/confirm`,
          confirmBody(intent.client_secret, testNumber('approved_at_once')),
          null,
        )
      ).status,
    ).toBe(200);
    await first.sandbox.close();
    const journal = join(dir, 'journal-000001.jsonl');
    const whole = readFileSync(journal, 'utf8');
    writeFileSync(journal, whole.replace('"outcome":"approved_at_once"', '"outcome":"operator_unavailable"'));
    expectRefused(
      dir,
      /damaged \(journal-000001\.jsonl: line 2 does not match its checksum: it was changed after it was written/,
    );
    writeFileSync(journal, whole.replace('"amount":5000', '"amount":5'));
    expectRefused(dir, /damaged \(journal-000001\.jsonl: line 1 does not match its checksum/);

    const other = newDir();
    await snapshotted(other);
    const state = join(other, 'state.jsonl');
    writeFileSync(state, readFileSync(state, 'utf8').replace('"amount":1', '"amount":2'));
    expectRefused(other, /damaged \(state\.jsonl: line \d+ does not match its checksum/);
  });

  it('a malformed record with a valid checksum (not JSON, an unknown kind, an attempt of no intent): refused at start, naming the file', async () => {
    const dir = newDir();
    await threeIntents(dir);
    const journal = join(dir, 'journal-000001.jsonl');
    const whole = readFileSync(journal, 'utf8');
    const lines = whole.split('\n');
    for (const [json, message] of [
      ['{"kind":"intent","record":', /damaged \(journal-000001\.jsonl: record 2 is not JSON/],
      ['{"kind":"explode"}', /damaged \(journal-000001\.jsonl: record 2 is of an unknown kind/],
      [
        '{"kind":"step","intentId":"pi_none","chargeId":"ch_none","record":{"at":0,"kind":"code","right":true}}',
        /damaged \(journal-000001\.jsonl: record 2 cannot be applied: A payer's step for an attempt that does not exist/,
      ],
    ] as const) {
      writeFileSync(journal, [lines[0], recordLine(json), ...lines.slice(2)].join('\n'));
      expectRefused(dir, message);
    }
    writeFileSync(journal, whole);
    const again = open(dir);
    expect(again.sandbox.stats().intents).toBe(3);
    await again.sandbox.close();
  });

  it('a directory of the previous version (no checksums) starts with its records, then is written in this one, its journals kept aside', async () => {
    const dir = newDir();
    // What the previous version wrote: a header of version 1, then plain JSON lines.
    const intent = {
      id: 1,
      intentId: 'pi_legacy1',
      owner: 'o',
      clientSecret: 'pi_legacy1_secret_x',
      amount: 700,
      currency: 'xaf',
      metadata: null,
      description: null,
      eventId: 1,
      createdAt: START,
      updatedAt: START,
      attempts: [],
      sessionId: null,
      expiresAt: null,
      canceledAt: null,
      cancellationReason: null,
    };
    writeFileSync(
      join(dir, 'state.jsonl'),
      `${JSON.stringify({ format: 'momo-checkout sandbox state', version: 1, journal: 1 })}\n${JSON.stringify(record(1))}\n`,
    );
    writeFileSync(join(dir, 'journal-000001.jsonl'), `${JSON.stringify({ kind: 'intent', record: intent })}\n`);
    const started = open(dir);
    expect(started.sandbox.stats()).toMatchObject({ intents: 1, remittances: 1 });
    await started.sandbox.close();
    expect(readFileSync(join(dir, 'journal-000001.jsonl.v1'), 'utf8')).toContain('pi_legacy1');
    const again = open(dir);
    expect((await again.call('GET', '/v1/payment-intents/pi_legacy1', undefined, null)).status).toBe(200);
    expect(again.sandbox.stats()).toMatchObject({ intents: 1, remittances: 1 });
    await again.sandbox.close();
  });

  it('a state file larger than a sandbox with these bounds writes is refused before it is read', async () => {
    const dir = newDir();
    await snapshotted(dir);
    const state = join(dir, 'state.jsonl');
    const whole = readFileSync(state, 'utf8');
    const firstLine = whole.slice(0, whole.indexOf('\n') + 1);
    writeFileSync(state, firstLine + 'x'.repeat(2 * 1024 * 1024));
    const before = contentsOf(dir);
    expect(() => open(dir, { time: START }, { limits: { maxBytes: 64 * 1024, maxBytesPerToken: 16 * 1024 } })).toThrow(
      /too large to load \(state\.jsonl: 2 MiB, more than the 1\.1 MiB a sandbox bounded at 0\.1 MiB writes\)/,
    );
    expect(contentsOf(dir)).toEqual(before);
  });

  it('journals larger than a sandbox with these bounds writes are refused before they are read; what it writes, churned far past its bound, is not', async () => {
    // Bound 16 KiB, snapshots due past 4 KiB: the journals after state.jsonl may weigh at most
    // 2 × 16 KiB + 2 × 4 KiB = 40 KiB (loadBounds: what makes the next snapshot due, twice).
    const dir = newDir();
    const limits = { maxBytes: 16 * 1024, maxBytesPerToken: 16 * 1024 };
    const store = new Store({ limits, retentionMs: 3 * DAY_MS });
    const journal = Journal.open(dir, store, START, 4096);
    store.writeTo(journal);
    // Eight owners, 800 remittances: 20 times the bound, each write at the bound forgetting the oldest.
    for (let i = 0; i < 800; i += 1) {
      store.write([{ ...record(i), record: { ...record(i).record, owner: `o${i % 8}` } }], `o${i % 8}`, 'token');
      if (i % 50 === 0) await journal.durable();
    }
    await journal.durable();
    await journal.close();
    expect(store.evicted).toBeGreaterThan(700);
    const journalsWeigh = () =>
      readdirSync(dir)
        .filter((name) => /^journal-\d+\.jsonl$/.test(name))
        .reduce((sum, name) => sum + readFileSync(join(dir, name)).length, 0);
    expect(journalsWeigh()).toBeLessThanOrEqual(40 * 1024);
    const reopen = () => Journal.open(dir, new Store({ limits, retentionMs: 3 * DAY_MS }), START, 4096);
    await reopen().close();

    // Padded past the bound (whatever the bytes: nothing is read), the start is refused, naming the last journal.
    const last = readdirSync(dir)
      .filter((name) => /^journal-\d+\.jsonl$/.test(name))
      .sort()
      .at(-1) as string;
    writeFileSync(join(dir, last), 'x'.repeat(41 * 1024 - journalsWeigh()), { flag: 'a' });
    const before = contentsOf(dir);
    expect(reopen).toThrow(
      new RegExp(
        `too large to load \\(${last.replace('.', '\\.')}: the journals weigh 0 MiB, more than the 0 MiB a sandbox bounded at 0 MiB writes\\)`,
      ),
    );
    expect(contentsOf(dir)).toEqual(before);
  });
});

describe('state.jsonl deleted after a crash, whatever history wrote the directory: refused, nothing changed', () => {
  const FORMAT = 'momo-checkout sandbox state';

  /** A state.jsonl as `version` wrote it, naming journal 1 and holding one remittance. */
  function stateAtJournal1(version: 1 | 2 | 3): string {
    const header = `${JSON.stringify({ format: FORMAT, version, journal: 1 })}\n`;
    if (version === 1) return `${header}${JSON.stringify(record(1))}\n`;
    const body = `${header}${recordLine(JSON.stringify(record(1)))}\n`;
    const sha256 = createHash('sha256').update(body).digest('hex');
    return `${body}${JSON.stringify({ end: { records: 1, sha256 } })}\n`;
  }

  /**
   * Starts a sandbox on `dir`, then leaves the directory as its death (kill -9) with no write since
   * leaves it: the journal it began holds nothing (its seal, written at a clean stop, taken off
   * again), and the dead process's lock.
   */
  async function startedThenDied(dir: string): Promise<void> {
    const started = open(dir);
    expect(started.sandbox.stats().remittances).toBe(1);
    await started.sandbox.close();
    const journals = readdirSync(dir).filter((name) => /^journal-\d+\.jsonl$/.test(name));
    const journal = join(dir, journals.sort().at(-1) as string);
    const text = readFileSync(journal, 'utf8');
    writeFileSync(journal, text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1));
    writeFileSync(join(dir, 'lock'), '999999999');
    // A snapshot that holds records never names journal 1: its journal emptied by a crash would look like a first start's.
    expect(readFileSync(join(dir, 'state.jsonl'), 'utf8')).toMatch(
      /^\{"format":"momo-checkout sandbox state","version":3,"journal":[2-9]/,
    );
  }

  /** Deletes state.jsonl: refused, naming it, every file left as it was; put back, the remittance is there. */
  async function deletedThenPutBack(dir: string): Promise<void> {
    const state = readFileSync(join(dir, 'state.jsonl'));
    rmSync(join(dir, 'state.jsonl'));
    expectRefused(dir, /damaged \(state\.jsonl: it is missing, yet journal-\d+\.jsonl is there/);
    writeFileSync(join(dir, 'state.jsonl'), state);
    const again = open(dir);
    expect(again.sandbox.stats().remittances).toBe(1);
    await again.sandbox.close();
  }

  it('a directory of version 1 whose header names journal 1 (and no journal), upgraded, then a crash', async () => {
    const dir = newDir();
    writeFileSync(join(dir, 'state.jsonl'), stateAtJournal1(1));
    await startedThenDied(dir);
    await deletedThenPutBack(dir);
  });

  it('a directory of version 2 at journal 1 (an empty, sealed journal-000001), upgraded, then a crash', async () => {
    const dir = newDir();
    writeFileSync(join(dir, 'state.jsonl'), stateAtJournal1(2));
    writeFileSync(join(dir, 'journal-000001.jsonl'), `${sealLine(0)}\n`);
    await startedThenDied(dir);
    await deletedThenPutBack(dir);
  });

  it('a directory of this version left at journal 1 with records (as an upgrade before this check left it, crashed), then another crash', async () => {
    const dir = newDir();
    writeFileSync(join(dir, 'state.jsonl'), stateAtJournal1(3));
    writeFileSync(join(dir, 'journal-000001.jsonl'), '');
    writeFileSync(join(dir, 'current'), `${recordLine(JSON.stringify({ current: { journal: 1 } }))}\n`);
    writeFileSync(join(dir, 'lock'), '999999999');
    await startedThenDied(dir);
    await deletedThenPutBack(dir);
  });

  it('a first start that wrote records, then a crash', async () => {
    const dir = newDir();
    const first = open(dir);
    expect((await first.call('POST', '/v1/remittance', transferBody())).status).toBe(201);
    await first.sandbox.close();
    crashed(dir);
    await deletedThenPutBack(dir);
  });
});

describe('a `current` whose checksum holds but names no journal', () => {
  it('is refused as such, not as a line changed after it was written', async () => {
    const dir = newDir();
    await open(dir).sandbox.close();
    for (const json of ['{"current":{}}', '{"current":{"journal":"1"}}', '{"current":']) {
      writeFileSync(join(dir, 'current'), `${recordLine(json)}\n`);
      expectRefused(
        dir,
        /damaged \(current: its checksum holds, but it does not name a journal as this sandbox writes it: \{"current"/,
      );
    }
    // A line whose checksum does not hold is reported so.
    writeFileSync(join(dir, 'current'), `${recordLine('{"current":{"journal":1}}')}\n`.replace('1}}', '2}}'));
    expectRefused(dir, /damaged \(current: it does not match its checksum: it was changed after it was written/);
    writeFileSync(join(dir, 'current'), `${recordLine('{"current":{"journal":1}}')}\n`);
    await open(dir).sandbox.close();
  });
});

describe('where the state is kept, and wiping it', () => {
  it('is .momo-sandbox of the working directory unless --data DIR, SANDBOX_DATA_DIR or --memory say otherwise', () => {
    expect(dataDirOf([], {})).toBe(resolve('.momo-sandbox'));
    expect(dataDirOf(['--data', '/srv/state'], { SANDBOX_DATA_DIR: '/elsewhere' })).toBe('/srv/state');
    expect(dataDirOf(['--data=/srv/state'], {})).toBe('/srv/state');
    expect(dataDirOf([], { SANDBOX_DATA_DIR: '/elsewhere' })).toBe('/elsewhere');
    expect(dataDirOf(['--memory', '--data', '/srv/state'], {})).toBeNull();
    expect(() => dataDirOf(['--data'], {})).toThrow('--data needs a directory');
    expect(() => dataDirOf(['--data', '--port', '3000'], {})).toThrow('--data needs a directory');
  });

  it('is wiped by npm run sandbox:wipe, which refuses while a sandbox uses it', async () => {
    const dir = newDir();
    const running = open(dir);
    await running.call('POST', '/v1/payment-intents', { amount: 700, currency: 'xaf' });
    expect(() => wipeState(dir)).toThrow('Another sandbox of this process keeps its state in');
    await running.sandbox.close();
    const wiped = execFileSync('npm', ['run', '--silent', 'sandbox:wipe', '--', '--data', dir], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(wiped).toContain(`wiped the sandbox's state in ${dir}`);
    expect(existsSync(dir)).toBe(false);
    expect(wipeState(dir)).toBe(false);
    const fresh = open(dir);
    expect(fresh.sandbox.stats().intents).toBe(0);
    await fresh.sandbox.close();
  });
});

describe('a crash in the middle of a flood of writes', () => {
  it('loses nothing acknowledged: kill -9 mid-flood, restart, every record answered 2xx is there', async () => {
    const dir = newDir();
    const child = await startChild(dir);
    children.push(child);
    const acknowledged = {
      intents: [] as { id: string; secret: string }[],
      remittances: [] as string[],
      sessions: [] as string[],
      charges: [] as { intent: string; charge: string }[],
    };
    let killed = false;
    const number = testNumber('approved_after_delay');
    const flood = async (lane: number) => {
      for (let i = 0; !killed; i += 1) {
        try {
          const intent = await send(
            child,
            '/v1/payment-intents',
            { amount: 100 + i, currency: 'xaf', metadata: { lane, i } },
            'sk_test_persist',
            { 'Idempotency-Key': `k-${lane}-${i}` },
          );
          if (intent.status === 201) {
            const body = (await intent.json()) as { intent_id: string; client_secret: string };
            acknowledged.intents.push({ id: body.intent_id, secret: body.client_secret });
            const confirm = await send(
              child,
              `/v1/payment-intents/${body.intent_id}/confirm`,
              confirmBody(body.client_secret, number),
              null,
            );
            if (confirm.status === 200)
              acknowledged.charges.push({
                intent: body.intent_id,
                charge: ((await confirm.json()) as { id: string }).id,
              });
          }
          const remittance = await send(child, '/v1/remittance', transferBody({ amount: String(1 + i) }));
          if (remittance.status === 201)
            acknowledged.remittances.push(((await remittance.json()) as { id: string }).id);
          const session = await send(child, '/v1/sessions', sessionBody());
          if (session.status === 200) acknowledged.sessions.push(((await session.json()) as { id: string }).id);
        } catch {
          return; // the connection died with the process: that request was never acknowledged
        }
      }
    };
    let lanesLeft = 16;
    const lanes = Array.from({ length: lanesLeft }, (_, lane) =>
      flood(lane).finally(() => {
        lanesLeft -= 1;
      }),
    );
    // Killed mid-flood once enough is acknowledged, at a moment of chance — not after a fixed time,
    // which a slow or busy machine would fill with less (the test is of the crash, not of speed).
    const enough = 60 + Math.floor(Math.random() * 200);
    while (acknowledged.intents.length < enough && lanesLeft > 0)
      await new Promise((resolve) => setTimeout(resolve, 20));
    // Every lane gave up before the kill: the server stopped answering on its own.
    expect(lanesLeft, 'the flood stopped before the kill').toBeGreaterThan(0);
    killed = true;
    child.process.kill('SIGKILL');
    expect(await child.exited).toBe('SIGKILL');
    await Promise.all(lanes);

    const restarted = await startChild(dir);
    children.push(restarted);
    for (const { id } of acknowledged.intents)
      expect((await send(restarted, `/v1/payment-intents/${id}`)).status, id).toBe(200);
    for (const { intent, charge } of acknowledged.charges) {
      const read = (await (await send(restarted, `/v1/payment-intents/${intent}`)).json()) as {
        event: { charges: { charge_id: string }[] };
      };
      expect(read.event.charges.map((c) => c.charge_id)).toContain(charge);
    }
    for (const id of acknowledged.sessions) expect((await send(restarted, `/v1/sessions/${id}`)).status, id).toBe(200);
    const listed = new Set<string>();
    for (let page = 1; ; page += 1) {
      const list = (await (await send(restarted, `/v1/remittance?perPage=100&page=${page}`)).json()) as {
        data: { id: string }[];
        meta: { lastPage: number };
      };
      for (const item of list.data) listed.add(item.id);
      if (page >= list.meta.lastPage) break;
    }
    for (const id of acknowledged.remittances) expect(listed.has(id), id).toBe(true);
    console.info(
      `kill -9 mid-flood: ${acknowledged.intents.length} intents, ${acknowledged.charges.length} confirms, ${acknowledged.remittances.length} remittances, ${acknowledged.sessions.length} sessions acknowledged, all there after the restart`,
    );
  }, 180_000);
});

describe('a disk that fails', () => {
  it('answers 503 storage_unavailable in the error shape and keeps running; a restart has every acknowledged record', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const dir = newDir();
    const child = await startChild(dir, 48);
    children.push(child);
    const made: string[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 2000 && !refused; i += 1) {
      const response = await send(child, '/v1/remittance', transferBody({ first_name: `Payee${i}` }));
      if (response.status === 201) made.push(((await response.json()) as { id: string }).id);
      else refused = response;
    }
    expect(made.length).toBeGreaterThan(10);
    await expectError(refused as Response, 503, 'storage_unavailable');
    await expectError(await send(child, '/v1/remittance'), 503, 'storage_unavailable');
    expect(child.errors.join('\n')).toMatch(/could not save to .*; refusing requests until restarted/);
    child.process.kill('SIGKILL');
    await child.exited;

    const restarted = await startChild(dir);
    children.push(restarted);
    const list = (await (await send(restarted, '/v1/remittance?perPage=100&page=1')).json()) as {
      data: { id: string }[];
      meta: { total: number };
    };
    expect(list.meta.total).toBeGreaterThanOrEqual(made.length);
    const listed = new Set(list.data.map((item) => item.id));
    for (const id of made.slice(-100)) expect(listed.has(id), id).toBe(true);
  }, 60_000);

  it('stopped cleanly after the disk failed (its journal may end in a cut line), restarts with every acknowledged record', async () => {
    const dir = newDir();
    const child = await startChild(dir, 48);
    children.push(child);
    const made: string[] = [];
    for (let i = 0; i < 2000; i += 1) {
      const response = await send(child, '/v1/remittance', transferBody({ first_name: `Payee${i}` }));
      if (response.status !== 201) break;
      made.push(((await response.json()) as { id: string }).id);
    }
    expect(made.length).toBeGreaterThan(10);
    child.process.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    const restarted = await startChild(dir);
    children.push(restarted);
    const list = (await (await send(restarted, '/v1/remittance?perPage=100&page=1')).json()) as {
      data: { id: string }[];
      meta: { total: number };
    };
    expect(list.meta.total).toBeGreaterThanOrEqual(made.length);
    const listed = new Set(list.data.map((item) => item.id));
    for (const id of made.slice(-100)) expect(listed.has(id), id).toBe(true);
  }, 60_000);
});
