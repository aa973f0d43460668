// @vitest-environment node
// Writing a snapshot (src/sandbox/persist/write-state.ts): the whole file replaced, its end line
// counting the records and hashing what precedes it; the journals it makes useless deleted.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifiedJson } from '../../../src/sandbox/persist/lines';
import {
  dropJournalsBefore,
  replaceState,
  replaceStateInBackground,
  snapshotOf,
} from '../../../src/sandbox/persist/write-state';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const records = ['{"kind":"a"}', '{"kind":"b","text":"é"}'];

function expectSnapshot(text: string, journal: number) {
  const lines = text.split('\n');
  expect(lines.pop()).toBe('');
  const end = JSON.parse(lines.pop() as string) as { end: { records: number; sha256: string } };
  expect(JSON.parse(lines[0] as string)).toMatchObject({ format: 'momo-checkout sandbox state', journal });
  expect(lines.slice(1).map(verifiedJson)).toEqual(records);
  expect(end.end).toEqual({
    records: 2,
    sha256: createHash('sha256')
      .update(`${lines.join('\n')}\n`)
      .digest('hex'),
  });
}

describe('snapshots', () => {
  it('replace state.jsonl whole, synchronously or in the background, leaving no temporary file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'momo-write-state-'));
    writeFileSync(join(dir, 'state.jsonl'), 'old');
    replaceState(dir, snapshotOf(4, records));
    expectSnapshot(readFileSync(join(dir, 'state.jsonl'), 'utf8'), 4);
    await replaceStateInBackground(dir, snapshotOf(5, records));
    expectSnapshot(readFileSync(join(dir, 'state.jsonl'), 'utf8'), 5);
    expect(readdirSync(dir)).toEqual(['state.jsonl']);
  });

  it('delete only the journals before the one they name', () => {
    dir = mkdtempSync(join(tmpdir(), 'momo-write-state-'));
    for (const n of ['000001', '000002', '000003']) writeFileSync(join(dir, `journal-${n}.jsonl`), '');
    dropJournalsBefore(dir, 3);
    expect(readdirSync(dir)).toEqual(['journal-000003.jsonl']);
  });
});
