// Writing a state directory's snapshot (files.ts describes its files): a whole new file written
// beside the old one, flushed, read back and checked, renamed over it, the directory flushed; and
// the journals it makes useless deleted.
import { createHash } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  fsyncSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { FORMAT, JOURNAL, MIB, recordLine, STATE_FILE, VERSION } from './lines';

/**
 * A snapshot as it goes to disk: its UTF-8 bytes in chunks of about a mebibyte. Buffers live outside
 * the JavaScript heap, and no string ever holds the whole snapshot: at the bound (64 MiB of records)
 * one string of it, its copy for the hash and the text read back would need several times the heap
 * a sandbox runs in (the flood bench's 192 MB).
 */
export interface Snapshot {
  chunks: Buffer[];
}

const CHUNK_CHARS = MIB;

/** A snapshot: the header naming the first journal to read after it, the records, and the end line (their count and the SHA-256 of all before it). Serialised at once: the store's records as of this instant. */
export const snapshotOf = (nextGeneration: number, jsons: Iterable<string>): Snapshot => {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let pending = `${JSON.stringify({ format: FORMAT, version: VERSION, journal: nextGeneration })}\n`;
  let records = 0;
  const flush = () => {
    // A chunk ends at a line's end, so it never splits a character: the hash of the chunks is the hash of the text.
    const chunk = Buffer.from(pending, 'utf8');
    hash.update(chunk);
    chunks.push(chunk);
    pending = '';
  };
  for (const json of jsons) {
    pending += `${recordLine(json)}\n`;
    records += 1;
    if (pending.length >= CHUNK_CHARS) flush();
  }
  flush();
  chunks.push(Buffer.from(`${JSON.stringify({ end: { records, sha256: hash.digest('hex') } })}\n`, 'utf8'));
  return { chunks };
};

/** Whether the file at `path` holds exactly the snapshot's bytes, read back a chunk at a time. */
function readsBackAs(path: string, snapshot: Snapshot): boolean {
  const fd = openSync(path, 'r');
  try {
    const expected = snapshot.chunks.reduce((total, chunk) => total + chunk.length, 0);
    if (fstatSync(fd).size !== expected) return false;
    const largest = snapshot.chunks.reduce((most, chunk) => Math.max(most, chunk.length), 0);
    const buffer = Buffer.allocUnsafe(largest);
    let position = 0;
    for (const chunk of snapshot.chunks) {
      let read = 0;
      while (read < chunk.length) {
        const got = readSync(fd, buffer, read, chunk.length - read, position + read);
        if (got === 0) return false;
        read += got;
      }
      if (!buffer.subarray(0, chunk.length).equals(chunk)) return false;
      position += chunk.length;
    }
    return true;
  } finally {
    closeSync(fd);
  }
}

/** Writes a snapshot beside the state file, flushes it, reads it back, and only then renames it over the old one. */
export function replaceState(dir: string, snapshot: Snapshot): void {
  const temporary = join(dir, `${STATE_FILE}.tmp`);
  const fd = openSync(temporary, 'w');
  try {
    for (const chunk of snapshot.chunks) writeAll(fd, chunk);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if (!readsBackAs(temporary, snapshot)) throw new Error(`${STATE_FILE} did not read back as it was written`);
  renameSync(temporary, join(dir, STATE_FILE));
  syncDirectory(dir);
}

export function writeAll(fd: number, chunk: Buffer): void {
  let written = 0;
  while (written < chunk.length) written += writeSync(fd, chunk, written, chunk.length - written);
}

/** `replaceState` without holding the event loop while a large snapshot goes to disk. */
export async function replaceStateInBackground(dir: string, snapshot: Snapshot): Promise<void> {
  const temporary = join(dir, `${STATE_FILE}.tmp`);
  const handle = await open(temporary, 'w');
  try {
    for (const chunk of snapshot.chunks) await handle.write(chunk);
    await handle.sync();
  } finally {
    await handle.close();
  }
  // Read back synchronously, as before (decoding and comparing the whole text was synchronous too): a chunk at a time.
  if (!readsBackAs(temporary, snapshot)) throw new Error(`${STATE_FILE} did not read back as it was written`);
  await rename(temporary, join(dir, STATE_FILE));
  syncDirectory(dir);
}

/** Deletes the journals a snapshot has made useless. */
export function dropJournalsBefore(dir: string, generation: number): void {
  for (const name of readdirSync(dir)) {
    const found = JOURNAL.exec(name);
    if (found && Number(found[1]) < generation) rmSync(join(dir, name), { force: true });
  }
  syncDirectory(dir);
}

/** A rename or a new file is durable only once its directory is flushed too. */
export function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
