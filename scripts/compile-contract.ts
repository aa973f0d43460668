// `npm run contract-rules`: compiles the zod schemas a payer's browser checks answers with into
// src/api/schemas/checkout.rules.json (see src/api/schemas/rules.ts for why and how they are
// read). test/api/rules.test.ts fails while the checked-in file differs from what this writes, and
// holds the compiled rules to zod's own answers. Any zod construct this does not know stops it:
// a rule is never approximated.
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as z from 'zod/mini';
import {
  confirmResultViewSchema,
  errorBodySchema,
  paymentIntentViewSchema,
  publicSessionSchema,
} from '../src/api/schemas/checkout';
import { emailSchema } from '../src/api/schemas/fields';
import type { Check, Rule } from '../src/api/schemas/rules';

export const RULES_FILE = fileURLToPath(new URL('../src/api/schemas/checkout.rules.json', import.meta.url));

/** What the browser checks, by the name its parser has in src/api/schemas/parsers.ts. */
export const BROWSER_SCHEMAS = {
  paymentIntentView: paymentIntentViewSchema,
  confirmResultView: confirmResultViewSchema,
  publicSession: publicSessionSchema,
  errorBody: errorBodySchema,
  email: emailSchema,
} satisfies Record<string, z.ZodMiniType>;

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
  values?: unknown[];
  entries?: Record<string, unknown>;
  format?: string;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  tx?: (value: unknown) => unknown;
}

function check(def: CheckDef, where: string): Check {
  if (def.check === 'string_format' && def.format === 'regex' && def.pattern)
    return ['re', def.pattern.source, def.pattern.flags];
  // Bounds, inclusive: of a text's length, or of an integer (the only numbers compiled), where
  // x > v is x >= floor(v) + 1 and x < v is x <= ceil(v) - 1.
  if (def.check === 'min_length' && def.minimum !== undefined) return ['>=', def.minimum];
  if (def.check === 'max_length' && def.maximum !== undefined) return ['<=', def.maximum];
  if (def.check === 'greater_than' && def.value !== undefined)
    return ['>=', def.inclusive ? Math.ceil(def.value) : Math.floor(def.value) + 1];
  if (def.check === 'less_than' && def.value !== undefined)
    return ['<=', def.inclusive ? Math.floor(def.value) : Math.ceil(def.value) - 1];
  // z.trim() is the one text change the contract makes: a function whose whole body is `.trim()`.
  if (def.check === 'overwrite' && /^\(?\w+\)?\s*=>\s*\w+\.trim\(\)$/.test(String(def.tx))) return ['trim'];
  throw new Error(
    `${where}: a check the compiler does not know: ${JSON.stringify({ ...def, tx: def.tx && String(def.tx) })}`,
  );
}

export function compile(schema: z.ZodMiniType, where = '(root)'): Rule {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const checks = () => (def.checks ?? []).map((c) => check(c._zod.def, where));
  switch (def.type) {
    case 'string':
      return { string: checks() };
    case 'number':
      if (def.format !== 'safeint') throw new Error(`${where}: only integers (z.int()) are compiled`);
      return { int: checks() };
    case 'boolean':
      return { boolean: true };
    case 'literal':
      return { oneOf: def.values as (string | number | boolean | null)[] };
    case 'enum':
      return { oneOf: Object.values(def.entries ?? {}) as string[] };
    case 'nullable':
      return { nullable: compile(def.innerType!, where) };
    case 'optional':
      return { optional: compile(def.innerType!, where) };
    case 'array':
      return { array: compile(def.element!, `${where}[]`) };
    case 'object': {
      const object = Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([key, field]) => [key, compile(field, `${where}.${key}`)]),
      );
      // z.looseObject: the keys it does not name are kept as they came, unchecked.
      const catchall = def.catchall && (def.catchall as unknown as { _zod: { def: Def } })._zod.def.type;
      if (catchall === 'unknown') return { object, rest: true };
      if (catchall) throw new Error(`${where}: an object's catch-all the compiler does not know: ${catchall}`);
      return { object };
    }
    default:
      throw new Error(`${where}: a schema type the compiler does not know: ${def.type}`);
  }
}

/** The file's text: one schema a line, so a change to the contract reads as a change to one line. */
export function expectedRulesFile(): string {
  const lines = Object.entries(BROWSER_SCHEMAS).map(
    ([name, schema]) => `  ${JSON.stringify(name)}: ${JSON.stringify(compile(schema, name))}`,
  );
  return `{\n${lines.join(',\n')}\n}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(RULES_FILE, expectedRulesFile());
  console.log(`wrote ${RULES_FILE}`);
}
