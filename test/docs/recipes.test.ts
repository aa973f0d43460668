// @vitest-environment node
// The recipes of docs/architecture.md (add a language, a wallet, an approval step, a payment method,
// a route) list the files each change touches. This holds them true: every listed path exists (a
// `<name>` path: its folder holds a file of that shape), and every existing file listed names the
// recipe's example — a thing of the same kind that is there today (`pt` for a language), so the file
// is really where such things are listed.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

interface Recipe {
  title: string;
  examples: string[];
  paths: string[];
}

const looksLikePath = (token: string) =>
  !/\s/.test(token) && (token.includes('/') || /\.(ts|tsx|js|mjs|json|css|html|md)$/.test(token));

/** The recipes: each `### ` section under `## Recipes`, its **Example** line and its list's leading paths. */
function parseRecipes(markdown: string): Recipe[] {
  const start = markdown.indexOf('\n## Recipes');
  if (start < 0) return [];
  const rest = markdown.slice(start + 1);
  const next = rest.indexOf('\n## ', 1);
  const section = next < 0 ? rest : rest.slice(0, next);
  return section
    .split('\n### ')
    .slice(1)
    .map((part) => {
      const [title = '', ...lines] = part.split('\n');
      const exampleLine = lines.find((line) => line.startsWith('Example:')) ?? '';
      const examples = [...exampleLine.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
      const paths = lines
        .filter((line) => /^- `/.test(line))
        .flatMap((line) => {
          const head = line.split(' — ')[0]!;
          return [...head.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter(looksLikePath);
        });
      return { title: title.trim(), examples, paths };
    });
}

/** Whether `path` exists; a path with `<name>` in its last part: whether its folder holds a file of that shape. */
function exists(path: string): boolean {
  if (!path.includes('<')) return existsSync(join(ROOT, path));
  const folder = dirname(path);
  if (folder.includes('<')) {
    // src/methods/<name>/method.ts: some folder beside the others holds that file.
    const [before, after] = path.split(/<[^>]+>/) as [string, string];
    const parent = join(ROOT, before);
    return (
      existsSync(parent) &&
      readdirSync(parent).some(
        (entry) => statSync(join(parent, entry)).isDirectory() && existsSync(join(parent, entry, after)),
      )
    );
  }
  const shape = new RegExp(
    `^${path
      .slice(folder.length + 1)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/<[^>]+>/g, '[^/]+')}$`,
  );
  const dir = join(ROOT, folder);
  return existsSync(dir) && readdirSync(dir).some((file) => shape.test(file));
}

const recipes = parseRecipes(doc);

describe('docs/architecture.md › recipes', () => {
  it('are there, each with an example and its files', () => {
    expect(recipes.map((r) => r.title)).toEqual([
      'Add a language',
      'Add a wallet',
      'Add an approval step',
      'Add a payment method',
      'Add an API route',
      'Add a page or file route',
    ]);
    for (const recipe of recipes) {
      expect(recipe.examples.length, recipe.title).toBeGreaterThan(0);
      expect(recipe.paths.length, recipe.title).toBeGreaterThan(2);
    }
  });

  for (const recipe of recipes) {
    describe(recipe.title, () => {
      it('lists paths that exist', () => {
        expect(recipe.paths.filter((path) => !exists(path))).toEqual([]);
      });

      it(`lists files that name its example (${recipe.examples.join(', ')})`, () => {
        const silent = recipe.paths
          .filter((path) => !path.includes('<') && existsSync(join(ROOT, path)))
          .filter((path) => {
            const text = readFileSync(join(ROOT, path), 'utf8');
            return !recipe.examples.some((example) => text.includes(example));
          });
        expect(silent).toEqual([]);
      });
    });
  }

  it('finds a listed path that does not exist, and a file that does not name the example', () => {
    const [fake] = parseRecipes(
      [
        '# Doc',
        '',
        '## Recipes',
        '',
        '### Add a thing',
        '',
        'Example: `no such example here`',
        '',
        '- `src/nowhere/thing.ts` — gone',
        '- `src/i18n/<name>.ts` — a shape',
        '- `vite.config.ts`, `index.html`',
        '',
        '## After',
      ].join('\n'),
    );
    expect(fake).toEqual({
      title: 'Add a thing',
      examples: ['no such example here'],
      paths: ['src/nowhere/thing.ts', 'src/i18n/<name>.ts', 'vite.config.ts', 'index.html'],
    });
    expect(fake!.paths.map(exists)).toEqual([false, true, true, true]);
    expect(exists('src/i18n/<name>.tsx')).toBe(false);
    expect(exists('src/methods/<name>/method.ts')).toBe(true);
    expect(exists('src/methods/<name>/nothing.ts')).toBe(false);
  });

  // The other way round: a file that names the example language's code as the code lists do (quoted,
  // as a key, or as an alternative of a pattern) is a place a new language goes: the recipe lists it.
  it('the language recipe lists every file that names its example language', () => {
    const language = recipes.find((r) => r.title === 'Add a language')!;
    const code = language.examples[0]!;
    const names = new RegExp(`['"]${code}['"]|\\b${code}:|\\|${code}\\b`);
    const ownCatalogue = `src/i18n/${code}.ts`;
    const files = (dir: string): string[] =>
      readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) return entry.name === 'package' ? [] : files(path);
        return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
      });
    const naming = [...['src', 'scripts', 'test'].flatMap(files), 'index.html']
      .filter((path) => path !== ownCatalogue && names.test(readFileSync(join(ROOT, path), 'utf8')))
      .sort();
    expect(naming.length).toBeGreaterThan(5);
    expect(naming.filter((path) => !language.paths.includes(path))).toEqual([]);
  });

  it('the language example is a language the checkout speaks', async () => {
    const { LANGS } = await import('../../src/i18n');
    const language = recipes.find((r) => r.title === 'Add a language')!;
    expect(LANGS as readonly string[]).toContain(language.examples[0]);
  });

  it('the wallet example is a wallet of some country (its operator_name, then its label)', async () => {
    const { COUNTRIES } = await import('../../src/phone/countries');
    const [name, label] = recipes.find((r) => r.title === 'Add a wallet')!.examples;
    expect(COUNTRIES.some((c) => c.wallets.some((w) => w.name === name && w.label === label))).toBe(true);
  });
});
