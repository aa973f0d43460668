// The names of a state directory's files and the format of their lines (files.ts describes the
// files): every record line is `<checksum> <json>`, so that a line changed after it was written is
// found; and the errors that say a directory cannot be read back.
import { createHash } from 'node:crypto';

export const STATE_FILE = 'state.jsonl';
export const CURRENT_FILE = 'current';
export const FORMAT = 'momo-checkout sandbox state';
/** 3: a `current` file names the journal being written (2: the same files without it; 1: no checksums). */
export const VERSION = 3;
export const JOURNAL = /^journal-(\d{6})\.jsonl$/;
export const MIB = 1024 * 1024;

export const journalName = (generation: number) => `journal-${String(generation).padStart(6, '0')}.jsonl`;

const WIPE_HINT =
  'Wipe it to start afresh (npm run sandbox:wipe, momo-checkout-sandbox --wipe, or delete the directory).';

/** What a state directory holds that cannot be read back: it names the file, what is wrong, and how to start afresh. */
export class CorruptState extends Error {
  constructor(file: string, detail: string) {
    super(`The sandbox's saved state is damaged (${file}: ${detail}). Nothing in it was changed. ${WIPE_HINT}`);
    this.name = 'CorruptState';
  }
}

/** A state directory larger than a sandbox with these bounds ever writes: refused before it is read. */
export class OversizedState extends Error {
  constructor(file: string, detail: string) {
    super(
      `The sandbox's saved state is too large to load (${file}: ${detail}). Nothing in it was changed. Start with larger limits, or ${WIPE_HINT.charAt(0).toLowerCase()}${WIPE_HINT.slice(1)}`,
    );
    this.name = 'OversizedState';
  }
}

/** The checksum of a record's JSON: 16 hex digits of its SHA-256. */
const checksumOf = (json: string): string => createHash('sha256').update(json).digest('hex').slice(0, 16);

/** A record line as written: `<checksum> <json>` (without the newline). */
export const recordLine = (json: string): string => `${checksumOf(json)} ${json}`;

/** The inverse of `recordLine`: the line's JSON (not parsed), or null when it does not match its checksum. */
export const verifiedJson = (line: string): string | null => {
  const json = line.slice(17);
  return line[16] === ' ' && checksumOf(json) === line.slice(0, 16) ? json : null;
};

/** The line that seals a journal: how many record lines it holds. */
export const sealLine = (records: number): string => recordLine(JSON.stringify({ seal: { records } }));

export const mib = (bytes: number) => `${Math.round((bytes / MIB) * 10) / 10} MiB`;

export function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
