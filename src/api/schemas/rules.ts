// The payer's contract as data, and the few lines that check an answer against it. The zod schemas
// (./checkout, ./fields) stay the one source of the contract; scripts/compile-contract.ts turns
// the ones a payer's browser needs into ./checkout.rules.json, which a test keeps in step with
// them. A phone then gets the contract's rules without zod's runtime (about 5 KB of widget.js),
// as it gets libphonenumber-js's data without its classes. `safeParse` answers as zod's does: the
// data (keys the contract does not name dropped, text trimmed where it trims), or the path of the
// first field that fails — test/api/rules.test.ts holds the two to the same answers.

/**
 * A check on a value already of its type, in the contract's order. A bound is of a text's length,
 * or of an integer, whose strict bounds the compiler writes as inclusive ones (> 0 is >= 1).
 */
export type Check = ['re', source: string, flags: string] | ['trim'] | ['>=' | '<=', bound: number];

/** One schema: its kind and what the kind needs (checks, inner rule, fields, allowed values). */
export type Rule =
  | { string: Check[] }
  | { int: Check[] }
  | { boolean: true }
  | { oneOf: (string | number | boolean | null)[] }
  | { nullable: Rule }
  | { optional: Rule }
  | { array: Rule }
  /** `rest`: the keys it does not name are kept as they came, unchecked (z.looseObject). */
  | { object: Record<string, Rule>; rest?: true };

export type SafeParse<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };

/** What the API client checks an answer with: a zod schema, or a compiled rule. */
export interface Parser<T> {
  safeParse(input: unknown): SafeParse<T>;
}

type Step = (value: unknown, path: (string | number)[]) => unknown;

// A failure is the path of the field that failed, thrown to the top.
const fail = (path: (string | number)[]): never => {
  throw path;
};

function step(rule: Rule): Step {
  if ('nullable' in rule) {
    const inner = step(rule.nullable);
    return (value, path) => (value === null ? null : inner(value, path));
  }
  if ('optional' in rule) {
    const inner = step(rule.optional);
    return (value, path) => (value === undefined ? undefined : inner(value, path));
  }
  if ('array' in rule) {
    const item = step(rule.array);
    return (value, path) => (Array.isArray(value) ? value.map((v, i) => item(v, [...path, i])) : fail(path));
  }
  if ('object' in rule) {
    const fields = Object.entries(rule.object).map(([key, r]) => [key, step(r)] as const);
    return (value, path) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path);
      const out: Record<string, unknown> = rule.rest ? { ...(value as object) } : {};
      for (const [key, field] of fields) {
        const v = field((value as Record<string, unknown>)[key], [...path, key]);
        if (v !== undefined || key in (value as object)) out[key] = v;
      }
      return out;
    };
  }
  if ('oneOf' in rule) return (value, path) => (rule.oneOf.includes(value as never) ? value : fail(path));
  if ('boolean' in rule) return (value, path) => (typeof value === 'boolean' ? value : fail(path));
  const isString = 'string' in rule;
  const checks = (isString ? rule.string : rule.int).map(
    ([kind, a, b]): ((v: string | number) => string | number | false) => {
      if (kind === 're') {
        const re = new RegExp(a as string, b);
        return (v) => re.test(v as string) && v;
      }
      if (kind === 'trim') return (v) => (v as string).trim();
      return (v) => {
        const size = isString ? (v as string).length : (v as number);
        return (kind === '>=' ? size >= (a as number) : size <= (a as number)) && v;
      };
    },
  );
  return (value, path) => {
    if (isString ? typeof value !== 'string' : !Number.isSafeInteger(value)) fail(path);
    let v = value as string | number;
    for (const check of checks) {
      const next = check(v);
      if (next === false) fail(path);
      v = next as string | number;
    }
    return v;
  };
}

/** A parser of `rule`, typed as the zod schema it was compiled from. */
export function parserOf<T>(rule: Rule): Parser<T> {
  const run = step(rule);
  return {
    safeParse(input) {
      try {
        return { success: true, data: run(input, []) as T };
      } catch (path) {
        if (!Array.isArray(path)) throw path;
        return { success: false, error: { issues: [{ path }] } };
      }
    },
  };
}
