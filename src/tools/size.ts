// `tsx src/tools/size.ts [dir]`: the size of every file of the build (dist/ by default) as served:
// raw (minified) bytes, gzip and brotli at the highest levels, as the server compresses them.
// Prints a table; writes nothing.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DEFAULT_DIST_DIR } from '../server/paths';

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export async function measure(dir: string): Promise<FileSize[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  const sizes = await Promise.all(
    files.map(async (path): Promise<FileSize> => {
      const bytes = await readFile(path);
      return {
        file: relative(dir, path),
        raw: bytes.byteLength,
        gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).byteLength,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).byteLength,
      };
    }),
  );
  return sizes.sort((a, b) => a.file.localeCompare(b.file));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

export function table(sizes: readonly FileSize[]): string {
  const rows = [['file', 'minified', 'gzip', 'brotli'], ...sizes.map((s) => [s.file, kb(s.raw), kb(s.gzip), kb(s.brotli)])];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')).join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? DEFAULT_DIST_DIR;
  console.log(table(await measure(dir)));
}
