// The sandbox's state on disk. Each record created is a line appended to the journal, and the
// answer that acknowledges it waits until that line is flushed to disk (fdatasync): a crash at any
// instant loses nothing acknowledged. Lines written at the same moment share one flush. When the
// journal outweighs the live records (what expired is still in it), a snapshot of the live ones
// replaces it, written beside and renamed over, while appends go on into a new journal.
import { closeSync, fdatasync, mkdirSync, openSync, write } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ApiError } from '../errors';
import type { Entry } from '../store/records';
import type { EntrySink, Store } from '../store/store';
import { CorruptState, dropJournalsBefore, journalName, readState, replaceFile, replaceFileInBackground, STATE_FILE, snapshotText } from './files';
import { takeLock } from './lock';

const writeAsync = promisify(write);
const datasync = promisify(fdatasync);

/** Below this, a journal is never worth a snapshot. */
const COMPACT_AFTER_BYTES = 16 * 1024 * 1024;

const storageUnavailable = () =>
  new ApiError('storage_unavailable', 'The sandbox could not save its state to disk; it refuses requests until it is restarted.');

const KINDS = new Set<Entry['kind']>(['intent', 'attempt', 'session', 'transfer', 'answer', 'merchant', 'forget']);

function decode(line: string, file: string): Entry {
  const entry = JSON.parse(line) as Entry;
  if (entry === null || typeof entry !== 'object' || !KINDS.has(entry.kind)) throw new CorruptState(file, `an entry of an unknown kind: ${line.slice(0, 40)}`);
  return entry;
}

const linesOf = function* (store: Store): Generator<string> {
  for (const entry of store.entries()) yield JSON.stringify(entry);
};

export class Journal implements EntrySink {
  private fd: number;
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
    private readonly unlock: () => void,
    private readonly compactAfterBytes: number,
  ) {
    this.fd = openSync(join(dir, journalName(generation)), 'a');
  }

  /**
   * Opens `dir` (created if need be): takes its lock, loads what it holds into `store`, forgets
   * what expired by `now`, and starts afresh from a snapshot of the rest.
   */
  static open(dir: string, store: Store, now: number, compactAfterBytes = COMPACT_AFTER_BYTES): Journal {
    mkdirSync(dir, { recursive: true });
    const unlock = takeLock(dir);
    try {
      const saved = readState(dir);
      for (const line of saved.lines) store.apply(decode(line, STATE_FILE), Buffer.byteLength(line) + 1);
      store.forgetExpired(now);
      replaceFile(dir, STATE_FILE, snapshotText(saved.nextGeneration, linesOf(store)));
      dropJournalsBefore(dir, saved.nextGeneration);
      return new Journal(dir, saved.nextGeneration, store, unlock, compactAfterBytes);
    } catch (error) {
      unlock();
      throw error;
    }
  }

  /** Throws 503 once a write has failed: the state on disk no longer follows the one in memory. */
  check(): void {
    if (this.failure) throw storageUnavailable();
  }

  append(line: string): void {
    this.check();
    this.pending.push(line);
    this.appended += 1;
    this.sinceSnapshot += Buffer.byteLength(line) + 1;
    this.flushing ??= this.flush();
  }

  /** Resolves once every line appended so far is on disk; rejects with 503 if it cannot be. */
  durable(): Promise<void> {
    if (this.failure) return Promise.reject(storageUnavailable());
    if (this.flushed >= this.appended) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ upTo: this.appended, resolve, reject }));
  }

  /** Writes what is pending, waits for a snapshot under way, closes the files, gives the lock back. */
  async close(): Promise<void> {
    await this.flushing;
    await this.snapshotting;
    closeSync(this.fd);
    this.unlock();
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
        this.waiters = this.waiters.filter((waiter) => (waiter.upTo <= this.flushed ? (waiter.resolve(), false) : true));
        if (this.pending.length === 0) this.maybeSnapshot();
      }
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
      console.error(`[sandbox] could not save to ${this.dir}: ${this.failure.message}; refusing requests until restarted`);
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
    if (this.snapshotting || this.sinceSnapshot < this.compactAfterBytes || this.sinceSnapshot <= this.store.usage.total) return;
    const next = this.generation + 1;
    const fd = openSync(join(this.dir, journalName(next)), 'a');
    closeSync(this.fd);
    this.fd = fd;
    this.generation = next;
    this.sinceSnapshot = 0;
    const text = snapshotText(next, linesOf(this.store));
    this.snapshotting = replaceFileInBackground(this.dir, STATE_FILE, text)
      .then(() => dropJournalsBefore(this.dir, next))
      .catch((error: unknown) => console.error(`[sandbox] could not write a snapshot in ${this.dir}: ${String(error)}`))
      .finally(() => {
        this.snapshotting = null;
      });
  }
}
