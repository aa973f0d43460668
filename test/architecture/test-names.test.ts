// @vitest-environment node
// "Where is the test for X?" has a quick answer: beside X's name, in the folder that mirrors its
// source (src/a/b.ts → test/a/b.test.ts, so src/widget/b.ts → test/widget/b.test.ts; .tsx and .browser.test.ts count too). The logic modules that have none are
// written down in tested-elsewhere.txt, tested through the files that import them (`npm run
// test:related <module>` finds those), and that list only shrinks: a module added without a test of
// its name fails here, and so does a module that gained one and is still listed.
//
// Not logic modules, so not counted (each by a rule, not by name):
//   entries     index.ts (a folder's or a package's exports), *.entry.ts and *.part.ts (the parts
//               loaded later), and the bundles' entries vite.config.ts and index.html name
//   commands    src/bin/, and the files package.json's scripts run (`tsx src/…`)
//   types       a module whose every statement is a type, an interface, a declaration or an import
//               or export (nothing in it runs), read with TypeScript's parser; and *.d.ts
//   catalogues  src/i18n/<lang>.ts and <lang>-<part>.ts for each language of LANGS: text, proven by
//               test/i18n and test/components/placeholders.test.tsx
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/i18n';

const ROOT = join(import.meta.dirname, '..', '..');
const LIST = join(import.meta.dirname, 'tested-elsewhere.txt');
/**
 * The list's length. It only goes down: lower it when a module leaves the list. Raising it is
 * adding a module without a test of its name, which wants a reason in its commit.
 */
const CEILING = 89;

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The bundles' entries: the widget's and the screens' part's in vite.config.ts, the hosted page's script in index.html. */
function bundleEntries(): Set<string> {
  const config = read('vite.config.ts')
    .split('\n')
    .filter((line) => line.includes('entry'))
    .flatMap((line) => [...line.matchAll(/'(src\/[^']+\.tsx?)'/g)].map((m) => m[1] as string));
  const page = [...read('index.html').matchAll(/<script[^>]*\ssrc="\/(src\/[^"]+)"/g)].map((m) => m[1] as string);
  return new Set([...config, ...page]);
}

/** The files package.json's scripts run as commands. */
function commands(): Set<string> {
  const scripts = Object.values((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
  return new Set(
    scripts.flatMap((script) => [...script.matchAll(/\btsx (src\/\S+\.ts)\b/g)].map((m) => m[1] as string)),
  );
}

/** Whether nothing in the module runs: every statement is a type, an interface, a declaration, an import or an export. */
function holdsOnlyTypes(code: string, fileName: string): boolean {
  const file = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const declared = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DeclareKeyword);
  return file.statements.every(
    (node) =>
      ts.isInterfaceDeclaration(node) ||
      ts.isTypeAliasDeclaration(node) ||
      (ts.isImportDeclaration(node) && node.importClause !== undefined) ||
      (ts.isExportDeclaration(node) && node.isTypeOnly) ||
      declared(node),
  );
}

/** Why a source file is not a logic module, or null if it is one. */
function notLogic(path: string, entries: Set<string>, scripts: Set<string>): string | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name === 'index.ts' || /\.(entry|part)\.tsx?$/.test(name) || entries.has(path)) return 'entry';
  if (path.startsWith('src/bin/') || scripts.has(path)) return 'command';
  if (name.endsWith('.d.ts') || holdsOnlyTypes(read(path), path)) return 'types';
  const catalogue = /^src\/i18n\/([a-z]+)(-[a-z-]+)?\.ts$/.exec(path);
  if (catalogue && (LANGS as readonly string[]).includes(catalogue[1] as string)) return 'catalogue';
  return null;
}

/** Where a module's own test is: the folder that mirrors its source, its name with .test. */
function testsOfName(path: string): string[] {
  const stem = path.replace(/^src\//, '').replace(/\.tsx?$/, '');
  return [`test/${stem}.test.ts`, `test/${stem}.test.tsx`, `test/${stem}.browser.test.ts`];
}

const entries = bundleEntries();
const scripts = commands();
const modules = sourceFiles('src')
  .filter((path) => notLogic(path, entries, scripts) === null)
  .sort();
const untested = modules.filter((path) => !testsOfName(path).some((test) => existsSync(join(ROOT, test))));
const listed = readFileSync(LIST, 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

describe('a test beside each module’s name', () => {
  it('finds every module without a test of its name in tested-elsewhere.txt, and nothing else there', () => {
    const unlisted = untested.filter((path) => !listed.includes(path));
    expect(
      unlisted.map((path) => `${path}: write ${testsOfName(path)[0]} (or, tested elsewhere, list it)`),
      'modules without a test of their name',
    ).toEqual([]);
    const stale = listed.filter((path) => !untested.includes(path));
    expect(
      stale.map((path) => `${path}: ${modules.includes(path) ? 'has a test of its name now' : 'is no module'}`),
      'listed in tested-elsewhere.txt, and should leave it',
    ).toEqual([]);
    expect([...listed].sort(), 'tested-elsewhere.txt in order, each once').toEqual([...new Set(listed)].sort());
    expect(listed).toEqual([...listed].sort());
  });

  it('keeps the list no longer than it was', () => {
    expect(listed.length).toBeLessThanOrEqual(CEILING);
    // Shorter: the ceiling comes down with it, so that a module added later cannot take the room.
    expect(listed.length, `lower CEILING in ${relative(ROOT, import.meta.filename)}`).toBe(CEILING);
  });

  it('counts what the rules are for, and only that', () => {
    // The rules leave the logic modules: the bulk of what ships.
    expect(modules.length).toBeGreaterThan(100);
    const why = (path: string) => notLogic(path, entries, scripts);
    expect(why('src/api/index.ts')).toBe('entry');
    expect(why('src/widget/frame.entry.ts')).toBe('entry');
    expect(why('src/hosted/screens.part.ts')).toBe('entry');
    expect(why('src/hosted/main.tsx')).toBe('entry');
    expect(why('src/widget/global.ts')).toBe('entry');
    expect(why('src/bin/sandbox.ts')).toBe('command');
    expect(why('src/server/main.ts')).toBe('command');
    expect(why('src/api/types.ts')).toBe('types');
    expect(why('src/i18n/fr-screens.ts')).toBe('catalogue');
    expect(why('src/i18n/pt.ts')).toBe('catalogue');
    // What runs is a module, however few lines it has; a type beside code does not make it types.
    expect(why('src/i18n/format.ts')).toBeNull();
    expect(why('src/i18n/load.ts')).toBeNull();
    expect(
      holdsOnlyTypes('export interface A { a: 1 }\nexport type B = A;\nimport type { C } from "./c";', 'a.ts'),
    ).toBe(true);
    expect(holdsOnlyTypes('export interface A { a: 1 }\nexport const a = 1;', 'a.ts')).toBe(false);
    expect(holdsOnlyTypes('import "./side-effect";', 'a.ts')).toBe(false);
    expect(holdsOnlyTypes('export { a } from "./a";', 'a.ts')).toBe(false);
    expect(testsOfName('src/checkout/confirm.ts')).toContain('test/checkout/confirm.test.ts');
    expect(testsOfName('src/widget/element.ts')).toContain('test/widget/element.browser.test.ts');
    expect(testsOfName('src/react/MomoCheckout.ts')).toContain('test/react/MomoCheckout.test.ts');
  });
});
