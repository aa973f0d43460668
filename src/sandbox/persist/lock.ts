// One process per state directory: two sandboxes appending to the same journal would interleave
// their lines. A lock left by a process that died (kill -9) is taken over; that it was there tells
// the start that the last run did not shut down cleanly (./files: only then may a journal's last
// line be cut short).
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Directories this process holds: its own pid in a lock file may be a stale one (a restarted container's pid 1). */
const held = new Set<string>();

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the directory's lock; returns what gives it back. Throws if a live process holds it. */
export function takeLock(dir: string): () => void {
  return lockDirectory(dir).release;
}

/** `takeLock`, also telling whether a lock left by a process that died was taken over. */
export function lockDirectory(dir: string): { release: (keepFile?: boolean) => void; tookOver: boolean } {
  let tookOver = false;
  const path = join(dir, 'lock');
  const key = resolve(dir);
  if (held.has(key))
    throw new Error(
      `Another sandbox of this process keeps its state in ${dir}: close it first, or give this one another directory.`,
    );
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(key);
      // `keepFile`: a start that refused a crashed directory leaves the crash's mark for the next one.
      const release = (keepFile = false) => {
        held.delete(key);
        if (!keepFile) rmSync(path, { force: true });
      };
      return { release, tookOver };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = Number(readFileSync(path, 'utf8').trim());
      if (Number.isSafeInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `Another sandbox (process ${holder}) keeps its state in ${dir}: stop it, or start this one with another directory or in memory.`,
        );
      }
      rmSync(path, { force: true });
      tookOver = true;
    }
  }
}
