// The files of a sandbox's state directory, all written so that a crash at any instant leaves
// either the old or the new content, never a mix:
//   state.jsonl           a snapshot: a header line, then one line per live record; replaced whole
//                         (written beside, flushed, renamed over, the directory flushed)
//   journal-<n>.jsonl     what happened since, one line per record, appended and flushed before
//                         any answer goes out; only its last line can be cut short by a crash
//   lock                  the process using the directory
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, truncateSync, writeSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';

export const STATE_FILE = 'state.jsonl';
const FORMAT = 'momo-checkout sandbox state';
const VERSION = 1;
const JOURNAL = /^journal-(\d{6})\.jsonl$/;

export const journalName = (generation: number) => `journal-${String(generation).padStart(6, '0')}.jsonl`;

/** What a state directory holds that cannot be read back: it names the file and how to start afresh. */
export class CorruptState extends Error {
  constructor(file: string, detail: string) {
    super(`The sandbox's saved state is damaged (${file}: ${detail}). Wipe it to start afresh (npm run sandbox:wipe, or delete the directory).`);
    this.name = 'CorruptState';
  }
}

export interface SavedState {
  /** Lines of records, snapshot first, then the journals in order. */
  lines: string[];
  /** The generation the next journal takes. */
  nextGeneration: number;
}

function parseLines(dir: string, file: string, text: string, tornTailAllowed: boolean): string[] {
  const lines = text.split('\n');
  const tail = lines.pop() as string; // after the last newline: '' unless the last write was cut short
  for (const [index, line] of lines.entries()) {
    try {
      JSON.parse(line);
    } catch {
      throw new CorruptState(file, `line ${index + 1} is not JSON`);
    }
  }
  if (tail !== '') {
    // A crash mid-append: that line was never acknowledged. Drop it, so appends start clean.
    if (!tornTailAllowed) throw new CorruptState(file, 'it ends in the middle of a line');
    truncateSync(join(dir, file), Buffer.byteLength(text) - Buffer.byteLength(tail));
  }
  return lines;
}

/** Reads what a directory holds: the snapshot, then every journal written after it. */
export function readState(dir: string): SavedState {
  let lines: string[] = [];
  let first = 1;
  if (existsSync(join(dir, STATE_FILE))) {
    const [header, ...records] = parseLines(dir, STATE_FILE, readFileSync(join(dir, STATE_FILE), 'utf8'), false);
    const parsed = JSON.parse(header ?? 'null') as { format?: string; version?: number; journal?: number } | null;
    if (parsed?.format !== FORMAT || parsed.version !== VERSION || !Number.isSafeInteger(parsed.journal)) {
      throw new CorruptState(STATE_FILE, 'its first line is not a header this sandbox writes');
    }
    lines = records;
    first = parsed.journal as number;
  }
  const journals = readdirSync(dir)
    .map((name) => Number(JOURNAL.exec(name)?.[1] ?? Number.NaN))
    .filter((generation) => generation >= first)
    .sort((a, b) => a - b);
  journals.forEach((generation, i) => {
    const name = journalName(generation);
    lines.push(...parseLines(dir, name, readFileSync(join(dir, name), 'utf8'), i === journals.length - 1));
  });
  return { lines, nextGeneration: Math.max(first, (journals.at(-1) ?? 0) + 1) };
}

/** Writes `text` to `name` in `dir` so that it is there whole or not at all, then flushed to disk. */
export function replaceFile(dir: string, name: string, text: string): void {
  const temporary = join(dir, `${name}.tmp`);
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, join(dir, name));
  syncDirectory(dir);
}

/** `replaceFile` without holding the event loop while a large snapshot goes to disk. */
export async function replaceFileInBackground(dir: string, name: string, text: string): Promise<void> {
  const temporary = join(dir, `${name}.tmp`);
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, join(dir, name));
  syncDirectory(dir);
}

/** A snapshot's text: the header naming the first journal to read after it, then the records. */
export const snapshotText = (nextGeneration: number, lines: Iterable<string>): string => {
  const parts = [JSON.stringify({ format: FORMAT, version: VERSION, journal: nextGeneration })];
  for (const line of lines) parts.push(line);
  return `${parts.join('\n')}\n`;
};

/** Deletes the journals a snapshot has made useless. */
export function dropJournalsBefore(dir: string, generation: number): void {
  for (const name of readdirSync(dir)) {
    const found = JOURNAL.exec(name);
    if (found && Number(found[1]) < generation) rmSync(join(dir, name), { force: true });
  }
  syncDirectory(dir);
}

/** A rename or a new file is durable only once its directory is flushed too. */
function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
