// @vitest-environment node
// The docs stay true to the repository: the README within 250 lines, every npm script they name in
// package.json, every link to a file of the repository (and its #anchor) there, every path of the
// repository they name in backticks existing (placeholders such as `<name>` and generated or
// temporary folders aside).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

/** The text outside fenced code blocks, and inside them, apart. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2… */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

describe('the docs', () => {
  it('makes anchors as GitHub does', () => {
    expect([
      ...anchorsOf(
        '# The doc\n## `createSandbox`: the sandbox in code\n### Next.js (App Router)\n## A\n## A\n```sh\n# a comment\n```',
      ),
    ]).toEqual(['the-doc', 'createsandbox-the-sandbox-in-code', 'nextjs-app-router', 'a', 'a-1']);
  });

  it('README.md is at most 250 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(251);
  });

  for (const file of DOCS) {
    describe(file, () => {
      const text = read(file);

      it('names only npm scripts that package.json has', () => {
        const named = [...text.matchAll(/\bnpm (?:run(?: -s)? ([\w:-]+)|(start|test)\b)/g)].map((m) => m[1] ?? m[2]!);
        expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
      });

      it('links only to files and headings that exist', () => {
        const broken: string[] = [];
        for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
          if (/^[a-z]+:/.test(target!)) continue; // https:, mailto:
          const [path = '', anchor] = target!.split('#');
          const linked = path ? normalize(join(dirname(file), path)) : file;
          if (!existsSync(join(ROOT, linked))) {
            broken.push(target!);
            continue;
          }
          if (anchor && linked.endsWith('.md') && !anchorsOf(read(linked)).has(anchor)) broken.push(target!);
        }
        expect(broken).toEqual([]);
      });

      it('names only paths of the repository that exist', () => {
        const paths = [...text.matchAll(/`((?:src|test|bench|widget|react|docs|scripts|\.ci)\/[^`\s]*)`/g)]
          .map((m) => m[1]!.replace(/[:,.]$/, ''))
          .filter((path) => !/[<…*{]/.test(path) && !path.startsWith('bench/screens'));
        expect([...new Set(paths.filter((path) => !existsSync(join(ROOT, path))))]).toEqual([]);
      });
    });
  }
});
