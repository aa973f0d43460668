// `npm run check:syntax [dir]` (CI, after the build): every script the build ships to browsers
// parses at the engine floor (docs/integration.md, "Browsers"), and uses no later built-in (es-check's feature
// check: Object.fromEntries, String.prototype.matchAll…, each of which the build gives a fallback:
// scripts/vite/later-apis.ts). es-check reads files, so the pages' inline scripts are written out first.
//   ES2018: every .js file of the build (the hosted page's scripts, whatever folder they are in,
//           and widget.js), and widget.mjs/.cjs and react.mjs/.cjs, which a merchant's bundler may
//           ship as they are. Not the API client (index.*, for merchants' servers) nor bin/.
//   ES5:    the inline scripts of index.html and index.en.html, which start the page and, when its
//           script cannot run, send the payer to the plain form: they must run on any engine at all.
// And in all of them no regular expression that looks behind (`(?<=`, `(?<!`): ES2018, so es-check
// lets it through, but iOS before 16.4 cannot parse it, and one would stop a whole script there.
// Then the CSS they ship (the pages' <style>, .css files, the stylesheets scripts hold as text),
// held to what the floor reads (./check-css.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_DIST_DIR } from '../src/server/paths';
import { cssFloorProblems, looksLikeCss } from './check-css';

// Its command, which the package does not export: beside its main file (lib/index.js).
const esCheckMain = createRequire(import.meta.url).resolve('es-check');
const esCheck = join(dirname(esCheckMain), 'cli/index.js');
// es-check's own parser, to read the strings of a script.
const acorn = createRequire(esCheckMain)('acorn') as {
  tokenizer(input: string, options: object): Iterable<{ type: { label: string }; value: unknown }>;
};

/** The strings (and template literals' text) of a script. */
function stringsOf(code: string): string[] {
  const strings: string[] = [];
  for (const token of acorn.tokenizer(code, { ecmaVersion: 'latest', sourceType: 'module' }))
    if ((token.type.label === 'string' || token.type.label === 'template') && typeof token.value === 'string')
      strings.push(token.value);
  return strings;
}

/** Checks the build in `dir`; throws, saying what failed, when a file is above the floor. */
export function checkSyntax(dir: string): void {
  const work = mkdtempSync(join(tmpdir(), 'momo-syntax-'));
  const problems: string[] = [];
  const check = (version: string, files: string[], options: { module?: boolean; ignore?: string } = {}) => {
    if (files.length === 0) throw new Error(`check:syntax: no file to check at ${version}`);
    console.log(
      `${version}${options.module ? ' (modules)' : ''}: ${files.map((file) => file.replace(`${dir}/`, '').replace(`${work}/`, '')).join(', ')}`,
    );
    const flags = [
      '--checkFeatures',
      '--noColor',
      '--quiet',
      ...(options.module ? ['--module'] : []),
      ...(options.ignore ? ['--ignore', options.ignore] : []),
    ];
    try {
      execFileSync(process.execPath, [esCheck, version, ...files, ...flags], { stdio: 'inherit' });
    } catch {
      problems.push(`a script above ${version} (es-check says which, above)`);
    }
  };
  const lookbehind = (name: string, code: string) => {
    if (/\(\?<[=!]/.test(code))
      problems.push(`${name}: a regular expression that looks behind, which iOS before 16.4 cannot parse`);
  };
  const css = (name: string, text: string) => {
    try {
      for (const problem of cssFloorProblems(text)) problems.push(`${name}: ${problem}`);
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
    }
  };
  try {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
    const pages = readdirSync(dir).filter((file) => file.endsWith('.html'));
    const inline = pages.flatMap((page) =>
      [...readFileSync(join(dir, page), 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match, i) => {
        const file = join(work, `${page}.inline-${i}.js`);
        writeFileSync(file, match[1]!);
        lookbehind(`${page}'s inline script`, match[1]!);
        return file;
      }),
    );
    if (!inline.some((file) => file.includes('index.html.')))
      throw new Error('check:syntax: index.html has no inline script');
    // Intl (ECMA-402, which es-check counts as later than ES5): the amount's format, tried, with
    // "5000 XAF" where it throws.
    check('es5', inline, { ignore: 'Intl' });
    // Read as modules, the stricter of the two: a classic script of the build parses as one too
    // (each is strict). import.meta (widget.mjs's own address): every engine of the floor that runs
    // modules has it (Chrome 64, Safari 11.1, Firefox 62), but es-check's parser reads it only from
    // ES2020 on.
    const scripts = files
      .filter((file) => (file.endsWith('.js') && !file.startsWith('bin/')) || /^(?:widget|react)\.[cm]js$/.test(file))
      .map((file) => {
        const code = readFileSync(join(dir, file), 'utf8');
        lookbehind(file, code);
        for (const text of stringsOf(code)) if (looksLikeCss(text)) css(`${file}'s stylesheet`, text);
        const copy = join(work, file.replaceAll('/', '__'));
        writeFileSync(copy, code.replace(/\bimport\.meta\b/g, 'import_meta'));
        return copy;
      });
    for (const needed of ['widget.js', 'widget.mjs', 'react.mjs', 'assets__']) {
      if (!scripts.some((file) => file.includes(`${work}/${needed}`)))
        throw new Error(`check:syntax: no ${needed} in ${dir}: run npm run build first`);
    }
    check('es2018', scripts, { module: true });
    for (const page of pages)
      for (const [, style] of readFileSync(join(dir, page), 'utf8').matchAll(/<style>([\s\S]*?)<\/style>/g))
        css(`${page}'s <style>`, style!);
    for (const file of files.filter((name) => name.endsWith('.css'))) css(file, readFileSync(join(dir, file), 'utf8'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (problems.length > 0) throw new Error(`check:syntax: above the engine floor:\n  ${problems.join('\n  ')}`);
  console.log('check:syntax: every shipped script parses at the engine floor, and its CSS reads there');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    checkSyntax(process.argv[2] ?? DEFAULT_DIST_DIR);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
