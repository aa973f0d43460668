// @vitest-environment node
// Reading a state directory back (src/sandbox/persist/files.ts): every file checked before anything
// is changed. A damaged state starts with every acknowledged record, or is refused naming the file
// and how to wipe it, with nothing in the directory changed: cut lines, missing files, a `current`
// that does not match, hand-edited records, earlier versions of the format, files larger than the
// bounds allow.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paymentIntentSchema } from '../../../src/api/schemas';
import { recordLine, sealLine } from '../../../src/sandbox/persist/files';
import { Journal } from '../../../src/sandbox/persist/journal';
import { Store } from '../../../src/sandbox/store/store';
import { confirmBody, expectJson, START, testNumber, transferBody } from '../helpers';
import {
  contentsOf,
  crashed,
  DAY_MS,
  expectRefused,
  open,
  record,
  snapshotted,
  stateDirs,
  withoutLastLines,
} from '../support/state';

const newDir = stateDirs();

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
        '{"kind":"step","intentId":"pi_none","chargeId":"ch_none","record":{"at":0,"kind":"enter_otp","right":true}}',
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
