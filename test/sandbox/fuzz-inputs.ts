// Request bodies for the property tests: anything JSON, raw text, and valid bodies damaged in a
// few places (fields removed, retyped, huge, exotic Unicode, prototype-pollution keys).
import fc from 'fast-check';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value inside `value`, the root included. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  const out = [prefix];
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) out.push(...pathsOf(child, [...prefix, key]));
  }
  return out;
}

/**
 * Sets an own enumerable property, even `__proto__`, as JSON.parse would. The value is copied:
 * generated constants are shared between draws, and one put in two places could end up in itself.
 */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  const copy: unknown = JSON.parse(JSON.stringify(value) ?? 'null');
  Object.defineProperty(target, key, { value: copy, enumerable: true, writable: true, configurable: true });
}

const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const replacement: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc
    .integer({ min: 500, max: 20_000 })
    .chain((n) => fc.constantFrom('x', 'é', '𝄞', '\u0000', '"').map((c) => c.repeat(n))),
  fc.constantFrom(
    0,
    -1,
    1.5,
    1e21,
    2 ** 53 + 2,
    -0,
    10_000_001,
    '10000001',
    '',
    ' ',
    '0',
    '1e3',
    'NaN',
    true,
    [],
    {},
    null,
  ),
  fc.integer(),
  fc.maxSafeInteger(),
  fc.stringMatching(/^[1-9]\d{0,15}$/),
  fc.constantFrom(...POLLUTING_KEYS).map((key) => {
    const object: Record<string, unknown> = {};
    setOwn(object, key, { polluted: true });
    return object;
  }),
);

/** Plain values too, so that an added key often passes the schema and reaches the work behind it. */
const scalar = fc.oneof(fc.string({ maxLength: 10 }), fc.boolean(), fc.integer());

const mutation = fc.record({
  at: fc.nat(),
  op: fc.constantFrom('delete', 'replace', 'add key'),
  key: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...POLLUTING_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  ),
  value: fc.oneof({ weight: 3, arbitrary: replacement }, { weight: 1, arbitrary: scalar }),
});

/** `valid` with one to four mutations, as JSON text. */
export function damaged(valid: unknown): fc.Arbitrary<string> {
  return fc.array(mutation, { minLength: 1, maxLength: 4 }).map((mutations) => {
    let root = JSON.parse(JSON.stringify(valid)) as unknown;
    for (const { at, op, key, value } of mutations) {
      const paths = pathsOf(root);
      const path = paths[at % paths.length] ?? [];
      const parentPath = path.slice(0, -1);
      const leaf = path.at(-1);
      const parent = parentPath.reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], root);
      const target = path.reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], root);
      if (op === 'add key' && target !== null && typeof target === 'object' && !Array.isArray(target)) {
        setOwn(target as Record<string, unknown>, key, value);
      } else if (leaf === undefined) {
        root = op === 'delete' ? {} : JSON.parse(JSON.stringify(value) ?? 'null');
      } else if (parent !== null && typeof parent === 'object') {
        if (op === 'delete' && !Array.isArray(parent)) delete (parent as Record<string, unknown>)[leaf];
        else setOwn(parent as Record<string, unknown>, leaf, value);
      }
    }
    return JSON.stringify(root) ?? 'null';
  });
}

export const anyJson: fc.Arbitrary<string> = fc
  .jsonValue({ maxDepth: 5 })
  .map((value) => JSON.stringify(value as Json));

export const rawText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('{', '[', '{"a":', 'nul', '{"amount":1,}', "{'a':1}", '\uFEFF{}', '{"__proto__":'),
  fc.json().map((text) => text.slice(0, Math.max(0, text.length - 1))),
);

/** Every object of `valid` given each prototype-pollution key, with a plain and an object value. */
export function pollutedBodies(valid: unknown): string[] {
  const out: string[] = [];
  for (const path of pathsOf(valid)) {
    for (const key of POLLUTING_KEYS) {
      for (const value of ['x', { polluted: true }]) {
        const root = JSON.parse(JSON.stringify(valid)) as unknown;
        const target = path.reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], root);
        if (target === null || typeof target !== 'object' || Array.isArray(target)) continue;
        setOwn(target as Record<string, unknown>, key, value);
        out.push(JSON.stringify(root));
      }
    }
  }
  return out;
}
