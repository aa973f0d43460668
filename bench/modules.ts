// `npx tsx bench/modules.ts [dir mapsDir]`: where a payer's bytes go, module by module — what the
// groups of bytes.ts (preact, own code…) do not say. For widget.js and the hosted page's first load,
// each source module's share of the shipped file: its minified bytes, its brotli compressed alone,
// and what the file would lose without it (the file's brotli less the brotli of the same file with
// that module's code taken out), the figure that says what moving it out of the first load saves
// (a module's repeats of others' text cost it little there). index.html is one row. Without
// directories it makes the bench's two builds (bench/build.ts) and removes them after. Writes nothing.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildForBench } from './build';
import { shippedWithMap } from './bytes';
import { hostedFirstLoad, sizesOf } from './size';
import { type SourceMapV3, spans } from './sourcemap';

export interface ModuleSize {
  module: string;
  minified: number;
  brotliAlone: number;
  /** The file's brotli bytes less the same file's without this module. */
  brotliMarginal: number;
}

/** A source's name relative to the repository (a package's, from its node_modules folder on). */
const moduleName = (source: string) => {
  const path = source.replaceAll('\\', '/');
  return path.includes('/node_modules/')
    ? path.slice(path.lastIndexOf('/node_modules/') + '/node_modules/'.length)
    : path.replace(/^.*?\/(?=(?:src|widget|react)\/)/, '');
};

/** One script's modules: each span of its code given to its source, an unmapped one to the source before it. */
export async function scriptModules(shipped: string, mapped: string, map: SourceMapV3): Promise<ModuleSize[]> {
  const { code, map: exactMap, exact } = await shippedWithMap(shipped, mapped, map);
  if (!exact)
    throw new Error('the build with maps is not what ships: its modules would not add up to the shipped file');
  const lines = code.split('\n');
  const pieces: [module: string, text: string][] = [];
  let before = '(bundle glue)';
  for (const span of spans(exactMap, code)) {
    if (span.source !== null) before = moduleName(span.source);
    pieces.push([before, lines[span.line]!.slice(span.start, span.end)]);
  }
  const whole = sizesOf(code).brotli;
  const modules = [...new Set(pieces.map(([module]) => module))];
  return modules.map((module) => {
    const own = pieces.filter(([m]) => m === module).map(([, text]) => text);
    const rest = pieces.filter(([m]) => m !== module).map(([, text]) => text);
    return {
      module,
      minified: Buffer.byteLength(own.join('')),
      brotliAlone: sizesOf(own.join('')).brotli,
      brotliMarginal: whole - sizesOf(rest.join('')).brotli,
    };
  });
}

export async function measureModules(dir: string, mapsDir: string) {
  const read = (base: string, file: string) => readFile(join(base, file), 'utf8');
  const script = async (file: string, twin: string) =>
    scriptModules(
      await read(dir, file),
      await read(mapsDir, twin),
      JSON.parse(await read(mapsDir, `${twin}.map`)) as SourceMapV3,
    );
  const hosted: ModuleSize[] = [];
  const [files, twins] = [await hostedFirstLoad(dir), await hostedFirstLoad(mapsDir)];
  for (const [i, file] of files.entries()) {
    if (file.file.endsWith('.js')) hosted.push(...(await script(file.file, twins[i]!.file)));
    else hosted.push({ module: file.file, minified: file.raw, brotliAlone: file.brotli, brotliMarginal: file.brotli });
  }
  return { widget: await script('widget.js', 'widget.js'), hosted };
}

export function moduleTable(title: string, rows: readonly ModuleSize[]): string {
  const sorted = [...rows].sort((a, b) => b.brotliMarginal - a.brotliMarginal);
  const width = Math.max(title.length, ...sorted.map((row) => row.module.length));
  const line = (cells: (string | number)[]) =>
    cells.map((cell, i) => (i === 0 ? String(cell).padEnd(width) : String(cell).padStart(9))).join('  ');
  return [line([title, 'minified', 'brotli', 'if out']), ...sorted.map((r) => line(Object.values(r)))].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dir, mapsDir] = process.argv.slice(2);
  const build = dir && mapsDir ? null : await buildForBench();
  try {
    const { widget, hosted } = await measureModules(dir ?? build!.dir, mapsDir ?? build!.mapsDir);
    console.log(`${moduleTable('hosted page first load (B)', hosted)}\n\n${moduleTable('widget.js (B)', widget)}`);
  } finally {
    await build?.remove();
  }
}
