// The import graph of what ships (src/), as TypeScript resolves it, and its
// circles. Every kind of import counts: a static one, an `import type` (the compiler drops it, but
// the two modules still know each other), an `export … from`, and a dynamic `import()` (a part
// loaded later is still a module that knows the one loading it). Biome's noImportCycles sees
// neither type-only imports (by default) nor dynamic ones, hence this walk.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(?:ts|tsx)$/;

function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** Each module of `folders` (paths relative to `root`) → the modules of those folders it imports. */
export function importGraph(root: string, folders: readonly string[]): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: false,
    jsx: ts.JsxEmit.ReactJSX,
  };
  const files = folders.flatMap((folder) => sourceFiles(root, folder));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const path = join(root, file);
    const { importedFiles } = ts.preProcessFile(readFileSync(path, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, path, options, ts.sys).resolvedModule;
      if (!resolved) continue;
      const target = relative(root, resolved.resolvedFileName);
      if (known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The circles of `graph`: each set of modules that import one another, directly or not (a strongly
 * connected component of more than one module, or a module importing itself), its modules sorted.
 */
export function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative (a deep import chain would overflow a recursive one's stack).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const [node, i] = frame;
      const targets = graph.get(node) ?? [];
      if (i < targets.length) {
        frame[1] = i + 1;
        const target = targets[i]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0])!, low.get(node)!));
      if (low.get(node) !== index.get(node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || targets.includes(node)) circles.push(component.sort());
    }
  }
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One path around a circle, `a → b → … → a`, to say in a failure where it goes. */
export function pathAround(graph: ReadonlyMap<string, readonly string[]>, circle: readonly string[]): string {
  const members = new Set(circle);
  const start = circle[0]!;
  // Breadth first from the start back to it, inside the circle: the shortest way round.
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = cameFrom.get(at))
          path.splice(1, 0, at);
        return [...path, start].join(' → ');
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return circle.join(', ');
}
