// The `current` file: one checksummed line naming the journal being written (files.ts says why),
// replaced whole each time a journal begins, and checked against the journals there are.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CorruptState, CURRENT_FILE, journalName, parseOrNull, recordLine, STATE_FILE, verifiedJson } from './lines';
import { syncDirectory, writeAll } from './write-state';

/** `current`'s line: the journal being written. */
const currentLine = (generation: number): string => recordLine(JSON.stringify({ current: { journal: generation } }));

/**
 * Checks that the journals there end where `current` says: the one it names is there (else the
 * newest journals, and what they held, are gone), and none with records comes after it (else
 * `current` is older than they are). A journal just begun (empty) may follow it: a crash between
 * creating a journal and naming it leaves one.
 */
export function checkCurrent(dir: string, first: number, journals: readonly number[]): void {
  const path = join(dir, CURRENT_FILE);
  if (!existsSync(path))
    throw new CorruptState(
      CURRENT_FILE,
      `it is missing, yet ${STATE_FILE} was written by a sandbox that keeps it: it names the newest journal, which nothing else does`,
    );
  const text = readFileSync(path, 'utf8');
  const json = verifiedJson(text.endsWith('\n') ? text.slice(0, -1) : text);
  if (json === null)
    throw new CorruptState(CURRENT_FILE, 'it does not match its checksum: it was changed after it was written');
  // Its checksum holds, so the line is as it was written, but not by this sandbox (hand-made, or another program's).
  const named = (parseOrNull(json) as { current?: { journal?: unknown } } | null)?.current?.journal;
  if (typeof named !== 'number' || !Number.isSafeInteger(named))
    throw new CorruptState(
      CURRENT_FILE,
      `its checksum holds, but it does not name a journal as this sandbox writes it: ${json.slice(0, 40)}`,
    );
  const last = journals.at(-1) ?? first - 1;
  if (named < first)
    throw new CorruptState(
      CURRENT_FILE,
      `it names ${journalName(named)}, yet ${STATE_FILE} begins at ${journalName(first)}: it is older than the snapshot`,
    );
  if (last < named) {
    const missing = last + 1 === named ? journalName(named) : `${journalName(last + 1)} to ${journalName(named)}`;
    throw new CorruptState(
      missing,
      `${last + 1 === named ? 'it is' : 'they are'} missing, yet ${CURRENT_FILE} names ${journalName(named)} as the journal being written: the records written there are gone`,
    );
  }
  if (last > named && (last > named + 1 || statSync(join(dir, journalName(last))).size > 0))
    throw new CorruptState(
      CURRENT_FILE,
      `it names ${journalName(named)} as the journal being written, yet ${journalName(last)} comes after it: it is older than the journals`,
    );
}

/** Names `generation` as the journal being written: beside, flushed, renamed over `current`, the directory flushed. */
export function writeCurrent(dir: string, generation: number): void {
  const temporary = join(dir, `${CURRENT_FILE}.tmp`);
  const fd = openSync(temporary, 'w');
  try {
    writeAll(fd, Buffer.from(`${currentLine(generation)}\n`));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, join(dir, CURRENT_FILE));
  syncDirectory(dir);
}
