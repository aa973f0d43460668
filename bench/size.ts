// `tsx bench/size.ts [dir] [--check]`: the size of every file of the build (dist/ by default)
// as served: raw (minified) bytes, gzip and brotli at the highest levels, as the server compresses
// them; then what a payer downloads — widget.js, and the hosted page's first load (the HTML and
// every file it pulls in before any script runs: scripts, styles, their static imports, fonts) —
// against the byte budgets. With --check, exits 1 when a budget is exceeded. Writes nothing.
// Run `npm run build` first: this reads the build, it does not make one.
import { readdir, readFile } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DEFAULT_DIST_DIR } from '../src/server/paths';
import { BUDGETS, type BudgetResult, budget, formatBudgets } from './budgets';

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface FileSize extends Sizes {
  file: string;
}

export function sizesOf(bytes: Uint8Array | string): Sizes {
  const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return {
    raw: data.byteLength,
    gzip: gzipSync(data, { level: constants.Z_BEST_COMPRESSION }).byteLength,
    // The server's settings (src/server/compress.ts), so these are the bytes a payer receives.
    brotli: brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
      },
    }).byteLength,
  };
}

export async function measure(dir: string): Promise<FileSize[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  const sizes = await Promise.all(
    files.map(async (path): Promise<FileSize> => ({ file: relative(dir, path), ...sizesOf(await readFile(path)) })),
  );
  return sizes.sort((a, b) => a.file.localeCompare(b.file));
}

export const sum = (sizes: readonly Sizes[]): Sizes =>
  sizes.reduce((total, s) => ({ raw: total.raw + s.raw, gzip: total.gzip + s.gzip, brotli: total.brotli + s.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });

/** Same-origin references of a file, as paths relative to the build directory. */
function references(file: string, text: string): string[] {
  const found: string[] = [];
  const add = (ref: string) => {
    if (/^(?:[a-z]+:|\/\/|#)/i.test(ref)) return; // data:, other origins, fragments
    found.push(ref.startsWith('/') ? ref.slice(1) : posix.join(posix.dirname(file), ref));
  };
  if (file.endsWith('.html')) {
    for (const [, src] of text.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) add(src!);
    for (const [tag] of text.matchAll(/<link\b[^>]*>/g)) {
      const rel = /\brel="([^"]+)"/.exec(tag!)?.[1] ?? '';
      const href = /\bhref="([^"]+)"/.exec(tag!)?.[1];
      if (href && /\b(?:stylesheet|modulepreload|preload)\b/.test(rel)) add(href);
    }
  } else if (file.endsWith('.js')) {
    // Static imports only (`import…from"./x.js"`, `import"./x.js"`): a dynamic import() is not
    // part of the first load unless the page calls it at start, which the slow-phone load shows.
    for (const [, ref] of text.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g))
      add(ref!);
  } else if (file.endsWith('.css')) {
    for (const [, ref] of text.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) add(ref!);
    for (const [, ref] of text.matchAll(/@import\s+["']([^"']+)["']/g)) add(ref!);
  }
  return found;
}

/** The hosted page's first load: index.html and everything it pulls in, transitively. */
export async function hostedFirstLoad(dir: string): Promise<FileSize[]> {
  const seen = new Set<string>();
  const queue = ['index.html'];
  const files: FileSize[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const bytes = await readFile(join(dir, file));
    files.push({ file, ...sizesOf(bytes) });
    if (/\.(?:html|js|css)$/.test(file)) queue.push(...references(file, bytes.toString('utf8')));
  }
  return files;
}

export async function widgetSize(dir: string): Promise<FileSize> {
  return { file: 'widget.js', ...sizesOf(await readFile(join(dir, 'widget.js'))) };
}

/** The byte budgets' names, as a run's results record them (bench/figures.ts reads their limits there). */
export const BYTE_BUDGET_NAMES = { widget: 'widget.js, brotli', hosted: 'hosted page first load, brotli' } as const;

export function byteBudgets(widget: Sizes, hosted: Sizes): BudgetResult[] {
  return [
    budget(
      BYTE_BUDGET_NAMES.widget,
      widget.brotli,
      BUDGETS.widgetBrotli,
      'bytes',
      'everything in it: French, phone data, styles',
    ),
    budget(
      BYTE_BUDGET_NAMES.hosted,
      hosted.brotli,
      BUDGETS.hostedBrotli,
      'bytes',
      'HTML + JS + CSS, each compressed as served',
    ),
  ];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

export function table(sizes: readonly FileSize[]): string {
  const rows = [
    ['file', 'minified', 'gzip', 'brotli'],
    ...sizes.map((s) => [s.file, kb(s.raw), kb(s.gzip), kb(s.brotli)]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    )
    .join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const dir = args.find((arg) => !arg.startsWith('--')) ?? DEFAULT_DIST_DIR;
  console.log(table(await measure(dir)));
  const widget = await widgetSize(dir);
  const hosted = await hostedFirstLoad(dir);
  const hostedTotal = sum(hosted);
  console.log(
    `\nWhat a payer downloads\n${table([widget, ...hosted, { file: 'hosted page first load, total', ...hostedTotal }])}\n`,
  );
  const results = byteBudgets(widget, hostedTotal);
  console.log(formatBudgets(results));
  if (check && results.some((r) => !r.ok)) {
    console.error('\nByte budget exceeded (see FAIL above).');
    process.exit(1);
  }
}
