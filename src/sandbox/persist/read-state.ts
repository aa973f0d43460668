// Reading a state directory back (files.ts describes its files): everything is checked first and
// nothing is changed here; a start mends what it must afterwards (./journal).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkCurrent } from './current';
import {
  CorruptState,
  CURRENT_FILE,
  FORMAT,
  JOURNAL,
  journalName,
  MIB,
  mib,
  OversizedState,
  parseOrNull,
  STATE_FILE,
  VERSION,
  verifiedJson,
} from './lines';

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
