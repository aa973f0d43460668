// @vitest-environment node
// The file store's writes (src/fulfillment/file-writes.ts): a file is replaced whole, through a
// temporary file that does not stay; a crash's temporary files are removed once old, a young one
// (another process's write under way) left alone.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { atomicFiles, STALE_TMP_MS } from '../../src/fulfillment/file-writes';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function folders() {
  dir = mkdtempSync(join(tmpdir(), 'momo-file-writes-'));
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp);
  return { tmp, files: atomicFiles(tmp, true) };
}

describe('atomicFiles', () => {
  it('replaces a file whole and reads it back; a missing one reads as undefined', async () => {
    const { tmp, files } = folders();
    const path = join(dir, 'pi_1.json');
    writeFileSync(path, '{"old":true}');
    await files.writeAtomic(path, '{"new":true}');
    expect(readFileSync(path, 'utf8')).toBe('{"new":true}');
    expect(await files.readText(path)).toBe('{"new":true}');
    expect(await files.readText(join(dir, 'pi_2.json'))).toBeUndefined();
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('removes a crash’s old temporary files only', async () => {
    const { tmp, files } = folders();
    writeFileSync(join(tmp, 'old.tmp'), 'cut');
    writeFileSync(join(tmp, 'young.tmp'), 'under way');
    const longAgo = (Date.now() - STALE_TMP_MS - 60_000) / 1000;
    utimesSync(join(tmp, 'old.tmp'), longAgo, longAgo);
    await files.removeLeftovers();
    expect(readdirSync(tmp)).toEqual(['young.tmp']);
  });
});
