// @vitest-environment node
// No two modules of what ships (src/) export the same name: a reader (or an editor's auto-import) meeting
// `ApiError` must know which one it is. Read with TypeScript's own parser, so every kind of export
// counts (declarations, `export { a as b }`, types). Re-exports of a name under the same name (an
// index.ts passing a module's exports on) are that module's, not a second one.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
/** What ships: src/, the widget's and the React component's shells among it. */
const SHIPPED = [join(ROOT, 'src')];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names a module declares and exports itself (not those it passes on from another module). */
function ownExports(code: string, fileName = 'module.ts'): string[] {
  const file = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const names: string[] = [];
  const imported = new Set<string>();
  for (const node of file.statements) {
    const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : undefined;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) imported.add(element.name.text);
  }
  for (const node of file.statements) {
    if (ts.isExportDeclaration(node)) {
      // `export { a as b }` names b anew; `export { a } from './x'`, or of an imported a, passes a on.
      if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const element of node.exportClause.elements) {
          const local = (element.propertyName ?? element.name).text;
          const passedOn = local === element.name.text && (node.moduleSpecifier !== undefined || imported.has(local));
          if (!passedOn) names.push(element.name.text);
        }
      }
    } else if (isExported(node)) {
      if (ts.isVariableStatement(node)) {
        for (const declaration of node.declarationList.declarations)
          if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
      } else if (
        (ts.isFunctionDeclaration(node) ||
          ts.isClassDeclaration(node) ||
          ts.isInterfaceDeclaration(node) ||
          ts.isTypeAliasDeclaration(node) ||
          ts.isEnumDeclaration(node)) &&
        node.name
      ) {
        // `default` exports have no name to collide on.
        if (!(ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword))
          names.push(node.name.text);
      }
    }
  }
  // An overloaded function is one name.
  return [...new Set(names)];
}

describe('exported names across src/', () => {
  it('reads every kind of export, and not what a module passes on', () => {
    const code = `export const a = 1; export function b() {} export function b(x?: number) {} export class C {} export interface D {} export type E = 1;
      const f = 2; export { f, f as g }; export { h } from './h'; export { i as j } from './i'; export default function k() {}
      import { l } from './l'; export type { l };`;
    expect(ownExports(code).sort()).toEqual(['C', 'D', 'E', 'a', 'b', 'f', 'g', 'j']);
  });

  it('no two modules export the same name', () => {
    const owners = new Map<string, string[]>();
    for (const path of SHIPPED.flatMap(sourceFiles)) {
      for (const name of ownExports(readFileSync(path, 'utf8'), path))
        owners.set(name, [...(owners.get(name) ?? []), relative(ROOT, path)]);
    }
    const collisions = [...owners]
      .filter(([, files]) => files.length > 1)
      .map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(collisions.sort()).toEqual([]);
  });
});
