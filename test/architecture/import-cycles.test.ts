// @vitest-environment node
// No import circles in what ships (src/): modules that import one another load in
// an order nobody chose (a value read before it is set), and cannot be understood, tested or moved
// one at a time. Every import counts, a type-only or a dynamic one as well (./import-graph.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { circlesOf, importGraph, pathAround } from './import-graph';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The circles being taken apart on other branches at the time of writing (issue 29, item 3), each
 * allowed only as it is, or smaller. This list only shrinks: empty each entry's line once its
 * branch is merged (a listed circle that is gone fails below, so the list cannot go stale), and
 * never add one.
 */
const BEING_REMOVED: Record<string, readonly string[]> = {};

const within = (circle: readonly string[], listed: readonly string[]) => circle.every((file) => listed.includes(file));

describe('architecture › no import circles', () => {
  const graph = importGraph(ROOT, ['src']);
  const circles = circlesOf(graph);

  it('src/ imports in one direction: no module reaches itself again', () => {
    const unlisted = circles.filter((circle) => !Object.values(BEING_REMOVED).some((listed) => within(circle, listed)));
    expect(unlisted.map((circle) => pathAround(graph, circle))).toEqual([]);
  });

  it('each circle still allowed is still there (an entry whose circle is gone leaves the list)', () => {
    const gone = Object.entries(BEING_REMOVED)
      .filter(([, listed]) => !circles.some((circle) => within(circle, listed)))
      .map(([name]) => name);
    expect(gone).toEqual([]);
  });
});

describe('architecture › the import walk', () => {
  const tree = mkdtempSync(join(tmpdir(), 'momo-cycles-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    }
  };

  it('finds a circle made by a type-only import, a dynamic import or a re-export, and none in a one-way tree', () => {
    write({
      'src/a.ts': "import { b } from './b';\nexport const a = () => b;",
      'src/b.ts': "import type { A } from './c';\nexport const b = 1 as unknown as A;",
      'src/c.ts': "export type A = number;\nexport const later = () => import('./a');",
      'src/d/index.ts': "export { e } from './e';",
      'src/d/e.ts': "import { f } from '../f';\nexport const e = f;",
      'src/f.tsx': "export * from './d';\nexport const f = 1;",
      'src/g.ts': "import { a } from './a';\nimport { later } from './c';\nexport const g = [a, later];",
      'widget/h.ts': "import { g } from '../src/g';\nimport './h';\nexport const h = g;",
      'widget/i.ts': "import { h } from './h';\nimport { z } from 'zod';\nexport const i = [h, z];",
    });
    const graph = importGraph(tree, ['src', 'widget']);
    expect(circlesOf(graph)).toEqual([
      ['src/a.ts', 'src/b.ts', 'src/c.ts'],
      ['src/d/e.ts', 'src/d/index.ts', 'src/f.tsx'],
      ['widget/h.ts'],
    ]);
    expect(pathAround(graph, ['src/a.ts', 'src/b.ts', 'src/c.ts'])).toBe('src/a.ts → src/b.ts → src/c.ts → src/a.ts');
  });
});
