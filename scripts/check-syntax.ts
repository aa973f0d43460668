// `npm run check:syntax [dir]` (CI, after the build): every script the build ships to browsers
// parses at the engine floor (docs/integration.md, "Browsers"), and uses no later built-in (es-check's feature
// check: Object.fromEntries, String.prototype.matchAll…, each of which the build gives a fallback:
// scripts/vite/later-apis.ts). es-check reads files, so the pages' inline scripts are written out first.
//   ES2018: every .js file of the build (the hosted page's scripts, whatever folder they are in,
//           and widget.js), and widget.mjs/.cjs and react.mjs/.cjs, which a merchant's bundler may
//           ship as they are. Not the API client (index.*, for merchants' servers) nor bin/.
//   ES5:    the inline scripts of index.html and index.en.html, which start the page and, when its
//           script cannot run, tell the payer what to do: they must run on any engine at all.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEFAULT_DIST_DIR } from '../src/server/paths';

const dir = process.argv[2] ?? DEFAULT_DIST_DIR;
// Its command, which the package does not export: beside its main file (lib/index.js).
const esCheck = join(dirname(createRequire(import.meta.url).resolve('es-check')), 'cli/index.js');
const work = mkdtempSync(join(tmpdir(), 'momo-syntax-'));

function check(version: string, files: string[], options: { module?: boolean; ignore?: string } = {}): void {
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
  execFileSync(process.execPath, [esCheck, version, ...files, ...flags], { stdio: 'inherit' });
}

try {
  const inline = readdirSync(dir)
    .filter((file) => file.endsWith('.html'))
    .flatMap((page) =>
      [...readFileSync(join(dir, page), 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match, i) => {
        const file = join(work, `${page}.inline-${i}.js`);
        writeFileSync(file, match[1]!);
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
  const scripts = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => (file.endsWith('.js') && !file.startsWith('bin/')) || /^(?:widget|react)\.[cm]js$/.test(file))
    .map((file) => {
      const copy = join(work, file.replaceAll('/', '__'));
      writeFileSync(copy, readFileSync(join(dir, file), 'utf8').replace(/\bimport\.meta\b/g, 'import_meta'));
      return copy;
    });
  for (const needed of ['widget.js', 'widget.mjs', 'react.mjs', 'assets__']) {
    if (!scripts.some((file) => file.includes(`${work}/${needed}`)))
      throw new Error(`check:syntax: no ${needed} in ${dir}: run npm run build first`);
  }
  check('es2018', scripts, { module: true });
  console.log('check:syntax: every shipped script parses at the engine floor');
} finally {
  rmSync(work, { recursive: true, force: true });
}
