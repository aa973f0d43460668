// @vitest-environment node
// Reading a state directory back (src/sandbox/persist/read-state.ts; the damaged cases are in
// files.test.ts): a snapshot and the journals after it, in order, checked before anything loads.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeCurrent } from '../../../src/sandbox/persist/current';
import { recordLine, sealLine } from '../../../src/sandbox/persist/lines';
import { readState } from '../../../src/sandbox/persist/read-state';
import { replaceState, snapshotOf } from '../../../src/sandbox/persist/write-state';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const bounds = { maxBytes: 2 ** 24, compactAfterBytes: 2 ** 20 };

describe('readState', () => {
  it('an empty directory is a first start', () => {
    dir = mkdtempSync(join(tmpdir(), 'momo-read-state-'));
    expect(readState(dir, { crashed: false, ...bounds })).toMatchObject({ fresh: true, files: [], nextGeneration: 1 });
  });

  it('reads the snapshot’s records, then each journal’s, and opens the next journal', () => {
    dir = mkdtempSync(join(tmpdir(), 'momo-read-state-'));
    replaceState(dir, snapshotOf(1, ['{"n":1}', '{"n":2}']));
    writeFileSync(join(dir, 'journal-000001.jsonl'), `${recordLine('{"n":3}')}\n${sealLine(1)}\n`);
    writeFileSync(join(dir, 'journal-000002.jsonl'), `${recordLine('{"n":4}')}\n${sealLine(1)}\n`);
    writeCurrent(dir, 2);
    const state = readState(dir, { crashed: false, ...bounds });
    expect(state.files).toEqual([
      { file: 'state.jsonl', records: ['{"n":1}', '{"n":2}'] },
      { file: 'journal-000001.jsonl', records: ['{"n":3}'] },
      { file: 'journal-000002.jsonl', records: ['{"n":4}'] },
    ]);
    expect(state).toMatchObject({ fresh: false, nextGeneration: 3, lastSealed: true, tornTail: null });
  });

  it('an unsealed last journal is a crash’s only: refused after a clean stop', () => {
    dir = mkdtempSync(join(tmpdir(), 'momo-read-state-'));
    replaceState(dir, snapshotOf(1, []));
    writeFileSync(join(dir, 'journal-000001.jsonl'), `${recordLine('{"n":1}')}\n`);
    writeCurrent(dir, 1);
    expect(readState(dir, { crashed: true, ...bounds })).toMatchObject({ lastSealed: false, lastRecords: 1 });
    expect(() => readState(dir, { crashed: false, ...bounds })).toThrow(/seal/);
  });
});
