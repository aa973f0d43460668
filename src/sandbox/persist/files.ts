// The files of a state directory, and how they are read back. Every change to them is either an
// append (the journal) or a whole new file renamed over the old one: after a crash, a file holds
// either its old or its new content, never a mix:
//   state.jsonl           a snapshot: a header line, one line per live record, and an end line
//                         with their count and the SHA-256 of what precedes it; replaced whole
//                         (written beside, flushed, read back and checked, renamed over it, the
//                         directory flushed)
//   journal-<n>.jsonl     what happened since, one line per record, appended and flushed before
//                         any answer goes out; sealed by a last line with its count when the
//                         sandbox moves on to the next journal or shuts down cleanly; only an
//                         unsealed journal's last line can be cut short, by a crash
//   current               one checksummed line naming the journal being written; replaced whole
//                         (written beside, flushed, renamed over it) each time a journal begins,
//                         before anything is written to it, so that the newest journal (or the
//                         newest several) cannot go missing unnoticed: state.jsonl names the
//                         first, the numbering shows a gap, seals show lines cut, but nothing else
//                         would say that the newest journal exists
//   lock                  the process using the directory; left behind by a crash, which is how
//                         a start tells a crash from a clean shutdown
// Every record line is `<checksum> <json>`: the first 16 hex digits of the SHA-256 of the JSON, so
// that a line changed by hand (or by a disk) is found. (A checksum, not a signature: whoever edits
// the file and recomputes it is not stopped. The sandbox guards against accidents, not its owner.)
//
// Reading checks everything first and changes nothing; what a start mends afterwards (a crash's
// cut last line, kept aside; journals a snapshot made useless) is done by ./journal, once the
// state read back has been checked whole.
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';

export const STATE_FILE = 'state.jsonl';
export const CURRENT_FILE = 'current';
const FORMAT = 'momo-checkout sandbox state';
/** 3: a `current` file names the journal being written (2: the same files without it; 1: no checksums). */
const VERSION = 3;
const JOURNAL = /^journal-(\d{6})\.jsonl$/;
const MIB = 1024 * 1024;

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

/** The lines of records of one file, in order, with where they come from for error messages. */
export interface FileLines {
  file: string;
  /** The JSON of each record. */
  records: string[];
}

export interface SavedState {
  /** The snapshot's records, then each journal's, in order. */
  files: FileLines[];
  /** The generation of the journal after the last one there is (the one this start opens). */
  nextGeneration: number;
  /** The generation the snapshot's header names: journals before it are left over from a snapshot. */
  firstGeneration: number;
  /** The journals there are from `firstGeneration` on, and whether the last one is sealed. */
  journals: number[];
  lastSealed: boolean;
  /** Records the last (unsealed) journal holds: its seal's count once it is sealed. */
  lastRecords: number;
  /** A crash's cut last line: where it starts in the last journal, and its bytes (never acknowledged). */
  tornTail: { file: string; offset: number; bytes: Buffer } | null;
  /** The directory held nothing: a first start. */
  fresh: boolean;
  /** Written by an earlier version, without checksums: read as it was, then snapshotted in this one. */
  legacy: boolean;
  /** Written by the version before this one (no `current` file): checked as this one, then snapshotted in it. */
  upgrade: boolean;
}

/** The most a state directory's files may weigh for a sandbox with this bound (checked before reading). */
export function loadBounds(maxBytes: number, compactAfterBytes: number): { state: number; journals: number } {
  // A snapshot holds at most the bound's records, plus 17 bytes of checksum a line (records weigh
  // 200 bytes or more); the journals since hold at most what made the next snapshot due.
  return {
    state: Math.ceil(maxBytes * 1.25) + MIB,
    journals: 2 * Math.max(maxBytes, compactAfterBytes) + 2 * compactAfterBytes,
  };
}

const mib = (bytes: number) => `${Math.round((bytes / MIB) * 10) / 10} MiB`;

/**
 * Splits a file's text into the JSON of its records, checking each checksum. Not parsed here: the
 * start parses each record once, as it loads it (./journal `decode`, which refuses what is not
 * JSON), before it changes any file. At the bound, a second parse cost a third of the start.
 */
function records(file: string, text: string, legacy: boolean): { lines: string[]; tail: string } {
  const lines = text.split('\n');
  const tail = lines.pop() as string; // after the last newline: '' unless the last write was cut short
  const out: string[] = new Array(lines.length);
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    const json = legacy ? line : verifiedJson(line);
    if (json === null)
      throw new CorruptState(
        file,
        `line ${index + 1} does not match its checksum: it was changed after it was written`,
      );
    out[index] = json;
  }
  return { lines: out, tail };
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

interface Header {
  format?: unknown;
  version?: unknown;
  journal?: unknown;
}

/**
 * Reads what a directory holds — the snapshot, then every journal written after it — and checks
 * it whole: each line's checksum, the snapshot's count and hash, journals without a gap, each one
 * sealed but the last, and the last one sealed too unless the sandbox crashed (`crashed`: it left
 * its lock behind). Changes nothing; throws CorruptState naming the file and what is wrong.
 */
export function readState(
  dir: string,
  options: { crashed: boolean; maxBytes: number; compactAfterBytes: number },
): SavedState {
  const bounds = loadBounds(options.maxBytes, options.compactAfterBytes);
  const names = readdirSync(dir);
  const generations = names
    .map((name) => Number(JOURNAL.exec(name)?.[1] ?? Number.NaN))
    .filter((generation) => Number.isSafeInteger(generation))
    .sort((a, b) => a - b);
  const statePath = join(dir, STATE_FILE);
  if (!existsSync(statePath)) {
    // A first start writes its journal, then `current`, then state.jsonl: one that crashed in
    // between leaves an empty journal-000001 (and maybe `current`), which holds nothing to lose.
    // Nothing else looks so: a snapshot that holds records never names journal 1 (./journal
    // `Journal.open` moves on to journal 2), so the state.jsonl lost beside it held none.
    const firstStartCut =
      generations.length === 1 && generations[0] === 1 && statSync(join(dir, journalName(1))).size === 0;
    if (generations.length > 0 && !firstStartCut) {
      throw new CorruptState(
        STATE_FILE,
        `it is missing, yet ${journalName(generations[0] as number)} is there: the records written before that journal were in it`,
      );
    }
    if (!firstStartCut && existsSync(join(dir, CURRENT_FILE))) {
      throw new CorruptState(
        STATE_FILE,
        `it is missing, and so is every journal, yet ${CURRENT_FILE} is there: the records were in them`,
      );
    }
    return {
      files: [],
      nextGeneration: 1,
      firstGeneration: 1,
      journals: [],
      lastSealed: true,
      lastRecords: 0,
      tornTail: null,
      fresh: true,
      legacy: false,
      upgrade: false,
    };
  }

  const stateSize = statSync(statePath).size;
  if (stateSize > bounds.state) {
    throw new OversizedState(
      STATE_FILE,
      `${mib(stateSize)}, more than the ${mib(bounds.state)} a sandbox bounded at ${mib(options.maxBytes)} writes`,
    );
  }
  const stateText = readFileSync(statePath, 'utf8');
  const headerEnd = stateText.indexOf('\n');
  const header = parseOrNull(stateText.slice(0, headerEnd === -1 ? undefined : headerEnd)) as Header | null;
  if (
    header?.format !== FORMAT ||
    (header.version !== VERSION && header.version !== 2 && header.version !== 1) ||
    !Number.isSafeInteger(header.journal)
  ) {
    throw new CorruptState(STATE_FILE, 'its first line is not a header this sandbox writes');
  }
  const legacy = header.version === 1;
  const upgrade = header.version === 2;
  const first = header.journal as number;
  let stateRecords: string[];
  if (legacy) {
    const read = records(STATE_FILE, stateText.slice(headerEnd + 1), true);
    if (read.tail !== '') throw new CorruptState(STATE_FILE, 'it ends in the middle of a line');
    stateRecords = read.lines;
  } else {
    // The end line: how many records, and the SHA-256 of everything before it.
    const body = stateText.endsWith('\n') ? stateText.slice(0, -1) : stateText;
    const endStart = body.lastIndexOf('\n') + 1;
    const end = parseOrNull(body.slice(endStart)) as { end?: { records?: unknown; sha256?: unknown } | null } | null;
    if (!stateText.endsWith('\n') || typeof end?.end !== 'object' || end.end === null) {
      throw new CorruptState(
        STATE_FILE,
        'it does not end with the line that closes every snapshot: its end was cut off',
      );
    }
    const hash = createHash('sha256').update(stateText.slice(0, endStart)).digest('hex');
    const read = records(STATE_FILE, stateText.slice(headerEnd + 1, endStart), false);
    if (end.end.records !== read.lines.length) {
      throw new CorruptState(
        STATE_FILE,
        `it holds ${read.lines.length} records where its end line counts ${String(end.end.records)}: lines were removed or added`,
      );
    }
    if (end.end.sha256 !== hash)
      throw new CorruptState(
        STATE_FILE,
        'its content does not match the checksum of its end line: it was changed after it was written',
      );
    stateRecords = read.lines;
  }

  const journals = generations.filter((generation) => generation >= first);
  let journalBytes = 0;
  for (const generation of journals) journalBytes += statSync(join(dir, journalName(generation))).size;
  if (journalBytes > bounds.journals) {
    throw new OversizedState(
      journalName(journals.at(-1) as number),
      `the journals weigh ${mib(journalBytes)}, more than the ${mib(bounds.journals)} a sandbox bounded at ${mib(options.maxBytes)} writes`,
    );
  }
  if (!legacy && journals[0] !== first) {
    throw new CorruptState(
      journalName(first),
      `it is missing, yet ${STATE_FILE} says the records written after it began there`,
    );
  }
  journals.forEach((generation, i) => {
    if (i > 0 && generation !== (journals[i - 1] as number) + 1)
      throw new CorruptState(
        journalName(generation - 1),
        `it is missing, between ${journalName(journals[i - 1] as number)} and ${journalName(generation)}`,
      );
  });
  if (!legacy && !upgrade) checkCurrent(dir, first, journals);

  const files: FileLines[] = [{ file: STATE_FILE, records: stateRecords }];
  let tornTail: SavedState['tornTail'] = null;
  let lastSealed = true;
  let lastRecords = 0;
  journals.forEach((generation, i) => {
    const name = journalName(generation);
    const bytes = readFileSync(join(dir, name));
    const text = bytes.toString('utf8');
    const isLast = i === journals.length - 1;
    const read = records(name, text, legacy);
    const lines = read.lines;
    let sealed = false;
    const lastLine = lines.at(-1);
    if (!legacy && lastLine !== undefined && lastLine.startsWith('{"seal":')) {
      const seal = (parseOrNull(lastLine) as { seal?: { records?: unknown } } | null)?.seal;
      lines.pop();
      if (seal?.records !== lines.length)
        throw new CorruptState(
          name,
          `it holds ${lines.length} records where its seal counts ${String(seal?.records)}: lines were removed or added`,
        );
      sealed = true;
    }
    if (read.tail !== '') {
      // A crash mid-append cuts the last line of the journal being written: never acknowledged.
      if (!isLast || sealed || (!options.crashed && !legacy))
        throw new CorruptState(
          name,
          'it ends in the middle of a line, though the sandbox that wrote it was not stopped by a crash',
        );
      tornTail = {
        file: name,
        offset: Buffer.byteLength(text) - Buffer.byteLength(read.tail),
        bytes: Buffer.from(read.tail),
      };
    }
    if (!sealed && !legacy && !(isLast && options.crashed)) {
      throw new CorruptState(
        name,
        isLast
          ? 'it does not end with the seal a clean shutdown writes: lines were cut off its end'
          : 'it does not end with the seal written when the next journal began: lines were cut off its end',
      );
    }
    if (isLast) {
      lastSealed = sealed;
      lastRecords = lines.length;
    }
    files.push({ file: name, records: lines });
  });
  return {
    files,
    nextGeneration: Math.max(first, (journals.at(-1) ?? first - 1) + 1),
    firstGeneration: first,
    journals,
    lastSealed,
    lastRecords,
    tornTail,
    fresh: false,
    legacy,
    upgrade,
  };
}

/** `current`'s line: the journal being written. */
const currentLine = (generation: number): string => recordLine(JSON.stringify({ current: { journal: generation } }));

/**
 * Checks that the journals there end where `current` says: the one it names is there (else the
 * newest journals, and what they held, are gone), and none with records comes after it (else
 * `current` is older than they are). A journal just begun (empty) may follow it: a crash between
 * creating a journal and naming it leaves one.
 */
function checkCurrent(dir: string, first: number, journals: readonly number[]): void {
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

function writeAll(fd: number, chunk: Buffer): void {
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
