// @vitest-environment node
// The `current` file (src/sandbox/persist/current.ts): it names the journal being written, so that
// the newest journals cannot go missing unnoticed; a `current` that does not match them is refused.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCurrent, writeCurrent } from '../../../src/sandbox/persist/current';
import { CorruptState } from '../../../src/sandbox/persist/lines';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('current', () => {
  it('names the journal being written; the journals up to it pass, one missing is refused by name', () => {
    dir = mkdtempSync(join(tmpdir(), 'momo-current-'));
    writeCurrent(dir, 3);
    expect(() => checkCurrent(dir, 1, [1, 2, 3])).not.toThrow();
    expect(() => checkCurrent(dir, 1, [1, 2])).toThrow(CorruptState);
    expect(() => checkCurrent(dir, 1, [1, 2])).toThrow(/journal-000003\.jsonl/);
  });

  it('changed by hand, or gone, it is refused', () => {
    dir = mkdtempSync(join(tmpdir(), 'momo-current-'));
    writeCurrent(dir, 2);
    const path = join(dir, 'current');
    writeFileSync(path, readFileSync(path, 'utf8').replace('2', '4'));
    expect(() => checkCurrent(dir, 1, [1, 2])).toThrow(/checksum/);
    rmSync(path);
    expect(() => checkCurrent(dir, 1, [1, 2])).toThrow(/missing/);
  });
});
