// The sandbox's state on disk. Each record created is a line appended to the journal, and the
// answer that acknowledges it waits until that line is flushed to disk (fdatasync): a crash at any
// instant loses nothing acknowledged. Lines written at the same moment share one flush. When the
// journal outweighs the live records (what expired is still in it), a snapshot of the live ones
// replaces it, written beside, read back and renamed over, while appends go on into a new journal
// (the old one sealed first). A start checks everything it reads (./files) before it changes
// anything, and then starts a new journal: it rewrites nothing it has read. Each journal begun is
// named in `current` before anything is written to it (./files says why).
import {
  closeSync,
  copyFileSync,
  fdatasync,
  fdatasyncSync,
  mkdirSync,
  openSync,
  truncateSync,
  write,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SandboxError } from '../errors';
import type { Entry } from '../store/records';
import type { EntrySink, Store } from '../store/store';
import {
  CorruptState,
  dropJournalsBefore,
  journalName,
  readState,
  recordLine,
  replaceState,
  replaceStateInBackground,
  sealLine,
  snapshotOf,
  STATE_FILE,
  syncDirectory,
  writeCurrent,
} from './files';
import { withCurrentNames } from './former-names';
import { lockDirectory } from './lock';

const writeAsync = promisify(write);
const datasync = promisify(fdatasync);

/** Below this, a journal is never worth a snapshot. */
const COMPACT_AFTER_BYTES = 16 * 1024 * 1024;

const storageUnavailable = () =>
  new SandboxError(
    'storage_unavailable',
    'The sandbox could not save its state to disk; it refuses requests until it is restarted.',
  );

const KINDS = new Set<Entry['kind']>([
  'intent',
  'attempt',
  'step',
  'session',
  'transfer',
  'answer',
  'merchant',
  'endpoint',
  'event',
  'delivery',
  'link',
  'forget',
]);

/** A record's JSON, parsed (the one parse of it at a start): refused, naming the file, unless it is an entry. */
function decode(line: string, file: string, index: number): Entry {
  let entry: Entry;
  try {
    entry = JSON.parse(line) as Entry;
  } catch {
    throw new CorruptState(file, `record ${index + 1} is not JSON: ${line.slice(0, 40)}`);
  }
  if (entry === null || typeof entry !== 'object' || !KINDS.has(entry.kind))
    throw new CorruptState(file, `record ${index + 1} is of an unknown kind: ${line.slice(0, 40)}`);
  return withCurrentNames(entry);
}

const linesOf = function* (store: Store): Generator<string> {
  for (const entry of store.entries()) yield JSON.stringify(entry);
};

export class Journal implements EntrySink {
  private fd: number;
  /** Record lines in the journal being written (for its seal). */
  private records = 0;
  private pending: string[] = [];
  private appended = 0;
  private flushed = 0;
  private waiters: { upTo: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  private flushing: Promise<void> | null = null;
  private snapshotting: Promise<void> | null = null;
  private failure: Error | null = null;
  private sinceSnapshot = 0;

  private constructor(
    private readonly dir: string,
    private generation: number,
    private readonly store: Store,
    private readonly unlock: (keepFile?: boolean) => void,
    private readonly compactAfterBytes: number,
  ) {
    this.fd = openSync(join(dir, journalName(generation)), 'a');
  }

  /**
   * Opens `dir` (created if need be): takes its lock, reads back what it holds and checks it whole
   * (./files: it throws, naming the file, before anything is changed), loads it into `store`,
   * forgets what expired by `now`; then, and only then, sets a crash's cut last line aside (in
   * `<journal>.torn`), seals the last journal and starts the next. A snapshot is written (in the
   * background, read back before it replaces the old one) only when the journals outweigh the
   * live records.
   */
  static open(dir: string, store: Store, now: number, compactAfterBytes = COMPACT_AFTER_BYTES): Journal {
    mkdirSync(dir, { recursive: true });
    const lock = lockDirectory(dir);
    try {
      const saved = readState(dir, {
        crashed: lock.tookOver,
        maxBytes: store.usage.limits.maxBytes,
        compactAfterBytes,
      });
      let journalBytes = 0;
      for (const { file, records } of saved.files) {
        records.forEach((line, index) => {
          const entry = decode(line, file, index);
          try {
            store.apply(entry, Buffer.byteLength(line) + 1);
          } catch (error) {
            throw new CorruptState(
              file,
              `record ${index + 1} cannot be applied: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
          if (file !== STATE_FILE) journalBytes += Buffer.byteLength(line) + 1;
        });
      }
      store.forgetExpired(now);
      // Everything read is checked and loaded: mend what a crash left, rewriting nothing acknowledged.
      const last = saved.journals.at(-1);
      if (saved.tornTail) {
        writeFileSync(join(dir, `${saved.tornTail.file}.torn`), saved.tornTail.bytes, { flag: 'a' });
        truncateSync(join(dir, saved.tornTail.file), saved.tornTail.offset);
        console.warn(
          `[sandbox] ${saved.tornTail.file} ended with a line cut short by a crash (never acknowledged); kept aside in ${saved.tornTail.file}.torn`,
        );
      }
      // A journal that holds nothing (a start with no write after it) is begun again, not left
      // behind: emptied in place, so that what names it (`current`, state.jsonl) never names a missing file.
      let generation = last !== undefined && saved.lastRecords === 0 && !saved.legacy ? last : saved.nextGeneration;
      // Never journal 1 after a snapshot that holds records: a crash leaves journal-000001 empty, and
      // with state.jsonl then deleted the directory would look like a first start cut by a crash
      // (./files `readState`), starting empty. Journal 2 on, a missing state.jsonl is always found.
      // (An upgraded directory whose header names journal 1, or one an earlier start left so.)
      const leaveFirst = generation === 1 && (saved.files[0]?.records.length ?? 0) > 0;
      if (leaveFirst) generation = 2;
      if (generation === last) {
        truncateSync(join(dir, journalName(last)), 0);
      } else if (last !== undefined && !saved.lastSealed && !saved.legacy) {
        const fd = openSync(join(dir, journalName(last)), 'a');
        try {
          writeSync(fd, `${sealLine(saved.lastRecords)}\n`);
          fdatasyncSync(fd);
        } finally {
          closeSync(fd);
        }
      }
      const journal = new Journal(dir, generation, store, lock.release, compactAfterBytes);
      // The journal is there before `current` names it, and both before the snapshot that names it:
      // nothing ever names a journal that is not there.
      syncDirectory(dir);
      writeCurrent(dir, generation);
      if (saved.fresh || saved.legacy || saved.upgrade || leaveFirst) {
        replaceState(dir, snapshotOf(generation, linesOf(store)));
        if (saved.legacy) {
          // An earlier version's files, now in the checked snapshot: kept aside, not deleted.
          for (const generation of saved.journals)
            copyFileSync(join(dir, journalName(generation)), join(dir, `${journalName(generation)}.v1`));
        }
        // What they held is in the snapshot, read back and checked before it replaced the old one.
        if (saved.legacy || saved.upgrade || leaveFirst) dropJournalsBefore(dir, generation);
      } else {
        journal.sinceSnapshot = journalBytes;
        // Journals left over from a snapshot that was in place (and checked) before they were dropped.
        if (saved.firstGeneration > 1) dropJournalsBefore(dir, saved.firstGeneration);
        journal.maybeSnapshot();
      }
      return journal;
    } catch (error) {
      lock.release(lock.tookOver);
      throw error;
    }
  }

  /** Throws 503 once a write has failed: the state on disk no longer follows the one in memory. */
  check(): void {
    if (this.failure) throw storageUnavailable();
  }

  append(json: string): void {
    this.check();
    this.pending.push(recordLine(json));
    this.appended += 1;
    // Weighed as the records are (without the checksum), so that it compares with what they weigh.
    this.sinceSnapshot += Buffer.byteLength(json) + 1;
    this.flushing ??= this.flush();
  }

  /** Resolves once every line appended so far is on disk; rejects with 503 if it cannot be. */
  durable(): Promise<void> {
    if (this.failure) return Promise.reject(storageUnavailable());
    if (this.flushed >= this.appended) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ upTo: this.appended, resolve, reject }));
  }

  /** Writes what is pending, waits for a snapshot under way, seals the journal, closes it, gives the lock back. */
  async close(): Promise<void> {
    await this.flushing;
    await this.snapshotting;
    if (!this.failure) {
      writeSync(this.fd, `${sealLine(this.records)}\n`);
      fdatasyncSync(this.fd);
    }
    closeSync(this.fd);
    // After a failed write the journal may end in a cut line: the lock stays, so that the next
    // start reads it as after a crash (the cut line set aside), not as a damaged journal.
    this.unlock(this.failure !== null);
  }

  private async flush(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending;
        this.pending = [];
        const bytes = Buffer.from(`${batch.join('\n')}\n`);
        for (let offset = 0; offset < bytes.length; ) offset += (await writeAsync(this.fd, bytes, offset)).bytesWritten;
        await datasync(this.fd);
        this.flushed += batch.length;
        this.records += batch.length;
        this.waiters = this.waiters.filter((waiter) => {
          if (waiter.upTo <= this.flushed) {
            waiter.resolve();
            return false;
          }
          return true;
        });
        if (this.pending.length === 0) this.maybeSnapshot();
      }
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
      console.error(
        `[sandbox] could not save to ${this.dir}: ${this.failure.message}; refusing requests until restarted`,
      );
      for (const waiter of this.waiters) waiter.reject(storageUnavailable());
      this.waiters = [];
    } finally {
      this.flushing = null;
    }
  }

  /**
   * When the journal outweighs the live records: appends move to a new journal at once, the live
   * records (everything up to that instant) are serialised, and the snapshot is written in the
   * background; the old journals go only once it is safely in place.
   */
  private maybeSnapshot(): void {
    // While nothing expires, the journal only ever adds to the snapshot: rewriting it would gain nothing.
    if (
      this.snapshotting ||
      this.sinceSnapshot < this.compactAfterBytes ||
      this.sinceSnapshot <= this.store.usage.total
    )
      return;
    const next = this.generation + 1;
    // The old journal is sealed (its count, flushed) before the next one begins.
    writeSync(this.fd, `${sealLine(this.records)}\n`);
    fdatasyncSync(this.fd);
    const fd = openSync(join(this.dir, journalName(next)), 'a');
    syncDirectory(this.dir);
    writeCurrent(this.dir, next);
    closeSync(this.fd);
    this.fd = fd;
    this.records = 0;
    this.generation = next;
    this.sinceSnapshot = 0;
    const snapshot = snapshotOf(next, linesOf(this.store));
    this.snapshotting = replaceStateInBackground(this.dir, snapshot)
      .then(() => dropJournalsBefore(this.dir, next))
      .catch((error: unknown) => console.error(`[sandbox] could not write a snapshot in ${this.dir}: ${String(error)}`))
      .finally(() => {
        this.snapshotting = null;
      });
  }
}
