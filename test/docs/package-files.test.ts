// @vitest-environment node
// The documents travel with the package (issue 27): a merchant or an operator who installed the
// tarball reads node_modules/momo-checkout/README.md and follows its links there. Every link of
// every document the tarball holds leads to a file the tarball holds too — as npm itself lists
// them (`npm pack --dry-run`), not as package.json's `files` is hoped to read.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const [packed] = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' }),
) as [{ files: { path: string }[] }];
const shipped = new Set(packed.files.map((file) => file.path));
const documents = [...shipped].filter((path) => path.endsWith('.md')).sort();

/** The relative link targets of a document, code blocks left out, each resolved from its folder. */
const linksOf = (file: string): string[] =>
  [
    ...readFileSync(join(ROOT, file), 'utf8')
      .replace(/^```[\s\S]*?^```/gm, '')
      .matchAll(/\]\(([^)\s]+)\)/g),
  ]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/.test(target) && !target.startsWith('#'))
    .map((target) => normalize(join(dirname(file), target.split('#')[0]!)));

describe('the documents in the package', () => {
  it('are the README, the licence and every document it links', () => {
    expect(documents).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/operations.md']));
    expect(shipped.has('LICENSE')).toBe(true);
  });

  for (const file of documents) {
    it(`${file} links only to what the package holds`, () => {
      const missing = linksOf(file).filter((path) =>
        path.endsWith('/') ? ![...shipped].some((p) => p.startsWith(path)) : !shipped.has(path),
      );
      expect(missing).toEqual([]);
    });
  }
});
