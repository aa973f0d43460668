// @vitest-environment node
// One sandbox per state directory (src/sandbox/persist/lock.ts): in this process or another; a lock
// left by a process that died is taken over.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startChild } from '../support/child';
import { open, stateDirs } from '../support/state';

const newDir = stateDirs();

describe('lock › one process per state directory', () => {
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
});
