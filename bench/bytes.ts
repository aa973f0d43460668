// Bytes a payer downloads, and which package they come from. A source map assigns every minified
// byte to a source file, and each file to a group; code the map leaves unassigned is given a group
// by what it is (the inlined phone metadata, the inlined stylesheet) or else the group of the
// code just before it (continuation lines of a template literal). Brotli per group is an estimate: each group's code, concatenated in bundle
// order, compressed on its own ("alone"); since compression also finds repeats across groups, the
// whole file compresses to less than the sum, and "share" scales each group's alone figure so the
// groups add up to the whole file's real brotli size.
//
// The map comes from a second build with source maps. The build config runs terser over Vite's
// output only when it makes no maps, so the bench runs that same terser pass itself, carrying the
// map through, and checks the result is byte for byte what ships ("exact"). If it is not (the
// config changed), the groups are the map build's, scaled to the shipped size ("scaled"), and the
// report says so.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { minify } from 'terser';
import { NUMBERING } from '../src/phone/numbering';
import { COUNTRIES } from '../src/phone/countries';
import { type FileSize, hostedFirstLoad, type Sizes, sizesOf, sum, widgetSize } from './size';
import { type SourceMapV3, spans } from './sourcemap';

export type Group =
  | 'preact'
  | '@preact/signals'
  | 'zod'
  | 'phone metadata'
  | 'own: catalogues (fr, en)'
  | 'own: styles'
  | 'own: code'
  | 'own: HTML'
  | 'bundler glue';

export interface GroupSize {
  group: Group;
  minified: number;
  /** Brotli of the group's code compressed on its own. */
  brotliAlone: number;
  /** The whole's real brotli size shared out in proportion to brotliAlone. */
  brotliShare: number;
}

export interface BundleBytes {
  files: FileSize[];
  total: Sizes;
  groups: GroupSize[];
  /** `exact`: the groups add up to the shipped bytes; `scaled`: see above. */
  attribution: 'exact' | 'scaled';
}

export interface BytesReport {
  widget: BundleBytes;
  hosted: BundleBytes;
  phoneMetadata: { countries: string[]; supported: string[]; onlySupported: boolean };
}

function groupOfSource(source: string): Group {
  const path = source.replaceAll('\\', '/');
  if (path.includes('/node_modules/@preact/signals')) return '@preact/signals';
  if (path.includes('/node_modules/preact/')) return 'preact';
  if (path.includes('/node_modules/zod/')) return 'zod';
  if (path.endsWith('/src/phone/numbering.json')) return 'phone metadata';
  if (/\/src\/i18n\/(?:fr|en)\.ts$/.test(path)) return 'own: catalogues (fr, en)';
  if (/\.css(?:\?.*)?$/.test(path)) return 'own: styles';
  if (path.includes('/node_modules/'))
    throw new Error(`a dependency the bench does not know: ${source}; add its group to bytes.ts`);
  return 'own: code';
}

function groupOfUnmapped(text: string, before: Group | undefined): Group {
  if (text.includes(NUMBERING.source)) return 'phone metadata';
  // A string of CSS (`":host{…`, ``var x=`.momo{…``): a stylesheet inlined into the script.
  if (/^(?:(?:var|let|const) [\w$]+=)?["'`][^"'`{]*[.:#@][\w-]+(?:\([^)]*\))?\{[^"'`]*:/.test(text))
    return 'own: styles';
  return before ?? 'bundler glue';
}

/** The code of a bundle by group, in bundle order. */
export function codeByGroup(code: string, map: SourceMapV3): Map<Group, string> {
  const lines = code.split('\n');
  const parts = new Map<Group, string[]>();
  let before: Group | undefined;
  const add = (group: Group, text: string) => parts.set(group, [...(parts.get(group) ?? []), text]);
  for (const span of spans(map, code)) {
    const text = lines[span.line]!.slice(span.start, span.end);
    // The bundle's own wrapper comes first, before any source.
    const group =
      span.source === null
        ? span.line === 0 && span.start === 0
          ? 'bundler glue'
          : groupOfUnmapped(text, before)
        : groupOfSource(span.source);
    add(group, text);
    if (span.source !== null) before = group;
  }
  add('bundler glue', '\n'.repeat(lines.length - 1));
  return new Map([...parts].map(([group, texts]) => [group, texts.join('')]));
}

function groupSizes(texts: Map<Group, string>, whole: Sizes): GroupSize[] {
  const rows = [...texts].map(([group, text]) => ({
    group,
    minified: Buffer.byteLength(text),
    brotliAlone: text ? sizesOf(text).brotli : 0,
  }));
  const minifiedTotal = rows.reduce((total, row) => total + row.minified, 0);
  const aloneTotal = rows.reduce((total, row) => total + row.brotliAlone, 0);
  return rows
    .filter((row) => row.minified > 0)
    .map((row) => ({
      ...row,
      // Equal to row.minified when the attribution is exact.
      minified: Math.round((whole.raw * row.minified) / minifiedTotal),
      brotliShare: Math.round((whole.brotli * row.brotliAlone) / aloneTotal),
    }))
    .sort((a, b) => b.minified - a.minified);
}

/**
 * vite.config.ts's terser pass (momo-terser-after, scripts/vite/minify.ts: the same options, which
 * the bench may not import), here with the source map carried through. Both scripts are iifes
 * (`module: false`), as that pass minifies them.
 */
async function terserPass(code: string, map: SourceMapV3): Promise<{ code: string; map: SourceMapV3 } | null> {
  const result = await minify(code, {
    ecma: 2018,
    module: false,
    compress: { passes: 3, unsafe_arrows: true, unsafe_methods: true, pure_getters: true },
    format: { comments: false },
    sourceMap: { content: map as never, asObject: true },
  });
  return result.code && result.map ? { code: result.code, map: result.map as unknown as SourceMapV3 } : null;
}

/**
 * The shipped code of one script with a source map of its own: its twin in the build with maps,
 * carried through the terser pass where that pass changed it. `exact`: the code is what ships.
 */
export async function shippedWithMap(
  shipped: string,
  mapped: string,
  map: SourceMapV3,
): Promise<{ code: string; map: SourceMapV3; exact: boolean }> {
  if (mapped === shipped) return { code: mapped, map, exact: true };
  const passed = await terserPass(mapped, map);
  if (passed?.code === shipped) return { ...passed, exact: true };
  return { code: mapped, map, exact: false };
}

/** The shipped code of one script by group, from its twin in the build with maps. */
async function scriptGroups(
  shipped: string,
  mapped: string,
  map: SourceMapV3,
): Promise<{ texts: Map<Group, string>; exact: boolean }> {
  const attributed = await shippedWithMap(shipped, mapped, map);
  const texts = codeByGroup(attributed.code, attributed.map);
  const covered = [...texts.values()].reduce((n, text) => n + text.length, 0);
  if (covered !== attributed.code.length)
    throw new Error(`the attribution covers ${covered} of ${attributed.code.length} characters`);
  return { texts, exact: attributed.exact };
}

function merge(into: Map<Group, string>, texts: Map<Group, string>) {
  for (const [group, text] of texts) into.set(group, (into.get(group) ?? '') + text);
}

/** `dir`: the shipped build; `mapsDir`: the same sources built with source maps. */
export async function measureBytes(dir: string, mapsDir: string): Promise<BytesReport> {
  const read = (base: string, file: string) => readFile(join(base, file), 'utf8');
  const script = async (file: string, twin: string) =>
    scriptGroups(
      await read(dir, file),
      await read(mapsDir, twin),
      JSON.parse(await read(mapsDir, `${twin}.map`)) as SourceMapV3,
    );

  const widgetFile = await widgetSize(dir);
  const widget = await script('widget.js', 'widget.js');

  // Content hashes differ between the two builds; the files pair up in load order.
  const hostedFiles = await hostedFirstLoad(dir);
  const twins = await hostedFirstLoad(mapsDir);
  if (
    twins.map((f) => f.file.replace(/-[\w-]{8}\./, '.')).join() !==
    hostedFiles.map((f) => f.file.replace(/-[\w-]{8}\./, '.')).join()
  ) {
    throw new Error('the build with source maps loads other files than the shipped one');
  }
  const hostedTexts = new Map<Group, string>();
  let hostedExact = true;
  for (const [i, file] of hostedFiles.entries()) {
    if (file.file.endsWith('.js')) {
      const attributed = await script(file.file, twins[i]!.file);
      hostedExact &&= attributed.exact;
      merge(hostedTexts, attributed.texts);
    } else if (file.file.endsWith('.css')) merge(hostedTexts, new Map([['own: styles', await read(dir, file.file)]]));
    else if (file.file.endsWith('.html')) merge(hostedTexts, new Map([['own: HTML', await read(dir, file.file)]]));
    else throw new Error(`the hosted page loads ${file.file}: the bench does not know what it is`);
  }
  const hostedTotal = sum(hostedFiles);

  const countries = Object.keys(NUMBERING.countries).sort();
  const supported = COUNTRIES.map((c) => c.code as string).sort();
  return {
    widget: {
      files: [widgetFile],
      total: widgetFile,
      groups: groupSizes(widget.texts, widgetFile),
      attribution: widget.exact ? 'exact' : 'scaled',
    },
    hosted: {
      files: hostedFiles,
      total: hostedTotal,
      groups: groupSizes(hostedTexts, hostedTotal),
      attribution: hostedExact ? 'exact' : 'scaled',
    },
    phoneMetadata: { countries, supported, onlySupported: countries.join() === supported.join() },
  };
}
