// One process per state directory: two sandboxes appending to the same journal would interleave
// their lines. A lock left by a process that died (kill -9) is taken over; that it was there tells
// the start that the last run did not shut down cleanly (./files: only then may a journal's last
// line be cut short).
//
// Taking a lock is one atomic step, whoever else starts at the same instant (issue 28: two starts on
// a crashed lock both took it, 7–9 times in 40, as the lock was read, deleted, then created). Locks
// are numbered: `lock-<n>`, the highest number the one in force (`lock`, an older version's, counts
// as 0). A start reads the highest; if its process lives, it is refused; else it takes number n + 1
// by hard-linking a file that already holds its pid to `lock-<n+1>`: link(2) creates the name only
// if it does not exist, so of any number of starts exactly one gets it, with its content complete.
// The others find it taken, read it again, and are refused by a live holder. Nothing is ever deleted
// to take a lock. The winner then looks once more: another live holder (a start paused for as long
// as a whole run, between reading and linking) makes it step back, refused, rather than share; the
// dead ones below it are tidied away.
import { closeSync, linkSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
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

const LOCK_NAME = /^lock(?:-([1-9]\d{0,15}))?$/;

/** The directory's locks, lowest number first. */
function locksOf(dir: string): { name: string; number: number }[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const match = LOCK_NAME.exec(name);
      return match ? [{ name, number: match[1] === undefined ? 0 : Number(match[1]) }] : [];
    })
    .sort((a, b) => a.number - b.number);
}

/** The live process holding this lock file, or null (gone, dead, unreadable, or this process's stale pid). */
function liveHolder(dir: string, name: string, key: string): number | null {
  let text: string;
  try {
    text = readFileSync(join(dir, name), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const pid = Number(text.trim());
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  if (pid === process.pid) return held.has(key) ? pid : null;
  return isAlive(pid) ? pid : null;
}

const refusal = (holder: number, dir: string) =>
  new Error(
    `Another sandbox (process ${holder}) keeps its state in ${dir}: stop it, or start this one with another directory or in memory.`,
  );

/** Takes the directory's lock; returns what gives it back. Throws if a live process holds it. */
export function takeLock(dir: string): () => void {
  return lockDirectory(dir).release;
}

/** `takeLock`, also telling whether a lock left by a process that died was taken over. */
export function lockDirectory(dir: string): { release: (keepFile?: boolean) => void; tookOver: boolean } {
  const key = resolve(dir);
  if (held.has(key))
    throw new Error(
      `Another sandbox of this process keeps its state in ${dir}: close it first, or give this one another directory.`,
    );
  // The pid, written in full before the lock's name points to it.
  const draft = join(dir, `.lock-draft-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const fd = openSync(draft, 'wx');
  try {
    writeSync(fd, String(process.pid));
  } finally {
    closeSync(fd);
  }
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const top = locksOf(dir).at(-1);
      const holder = top ? liveHolder(dir, top.name, key) : null;
      if (holder !== null) throw refusal(holder, dir);
      const name = `lock-${(top?.number ?? 0) + 1}`;
      try {
        linkSync(draft, join(dir, name));
      } catch (error) {
        // Another start took this number first: read again (it lives, so this one is refused).
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      // (Before this directory counts as held: this process's pid in another lock is a stale one.)
      const others = locksOf(dir).filter((lock) => lock.name !== name);
      const other = others.map((lock) => liveHolder(dir, lock.name, key)).find((pid) => pid !== null);
      if (other !== undefined && other !== null) {
        rmSync(join(dir, name), { force: true });
        throw refusal(other, dir);
      }
      held.add(key);
      for (const lock of others) rmSync(join(dir, lock.name), { force: true });
      // `keepFile`: a start that refused a crashed directory leaves the crash's mark for the next one.
      const release = (keepFile = false) => {
        held.delete(key);
        if (!keepFile) rmSync(join(dir, name), { force: true });
      };
      return { release, tookOver: top !== undefined };
    }
    throw new Error(`The lock of ${dir} kept changing hands: try again.`);
  } finally {
    rmSync(draft, { force: true });
  }
}
