// The declarations of the package's entries, as tsc emits them, with one change: the API's types
// (src/api/types.ts, each `z.infer<typeof schema>`) are written out as the plain object types they
// stand for. The schemas stay the one source of every type; merchants get the result without
// installing zod, and read `{ intent_id: string; … }` where their editor shows a type.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import ts from 'typescript';

const TYPES_MODULE = 'src/api/types.ts';

/** `types`: the ambient type packages the entries' code needs to compile (none for what runs in browsers). */
export async function emitDeclarations(
  root: string,
  outDir: string,
  entries: string[],
  types: string[] = [],
): Promise<void> {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!parsed) throw new Error('tsconfig.json cannot be read.');
  const options: ts.CompilerOptions = {
    ...parsed.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: root,
    outDir,
    // The shipped declarations must not depend on @types/node: merchants' browser projects lack it.
    types,
  };
  const program = ts.createProgram(
    [...entries, 'src/vite-env.d.ts'].map((entry) => join(root, entry)),
    options,
  );
  const problems = ts.getPreEmitDiagnostics(program);
  if (problems.length)
    throw new Error(
      ts.formatDiagnosticsWithColorAndContext(problems, {
        ...ts.sys,
        getCanonicalFileName: (f) => f,
        getNewLine: () => '\n',
      }),
    );

  const typesFile = join(root, TYPES_MODULE);
  const writes: Promise<void>[] = [];
  program.emit(undefined, (fileName, text, _bom, _onError, sources) => {
    const fromTypes = sources?.some((source) => source.fileName === typesFile);
    const content = fromTypes ? expandedTypes(program, program.getSourceFile(typesFile) as ts.SourceFile) : text;
    writes.push(mkdir(dirname(fileName), { recursive: true }).then(() => writeFile(fileName, content)));
  });
  await Promise.all(writes);
}

/** `export type X = <the type X stands for>` for every type alias of the module. */
function expandedTypes(program: ts.Program, source: ts.SourceFile): string {
  const checker = program.getTypeChecker();
  const printer = ts.createPrinter();
  const flags =
    ts.NodeBuilderFlags.NoTruncation |
    ts.NodeBuilderFlags.InTypeAlias |
    ts.NodeBuilderFlags.MultilineObjectLiterals |
    ts.NodeBuilderFlags.UseSingleQuotesForStringLiteralType;
  const lines = ["// Generated from the API contract's schemas by scripts/package-types.ts."];
  for (const statement of source.statements) {
    if (!ts.isTypeAliasDeclaration(statement)) continue;
    const type = checker.getTypeAtLocation(statement.name);
    const node = checker.typeToTypeNode(type, undefined, flags);
    if (!node) throw new Error(`${statement.name.text} cannot be written out.`);
    lines.push(`export type ${statement.name.text} = ${printer.printNode(ts.EmitHint.Unspecified, node, source)};`);
  }
  return `${lines.join('\n')}\n`;
}
