// @vitest-environment node
// The contract's rules as a payer's browser runs them (src/api/schemas/rules.ts) against zod's own
// answers on the schemas they were compiled from: the same verdict, the same data (unknown keys
// dropped, text trimmed), the same first failing field — on real answers of the sandbox and on
// thousands of answers mangled from them.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { createClient } from '../../src/api';
import * as parsers from '../../src/api/schemas/parsers';
import { parserOf, type Rule } from '../../src/api/schemas/rules';
import { createSandbox } from '../../src/sandbox';
import { BROWSER_SCHEMAS, compile, expectedRulesFile, RULES_FILE } from '../../scripts/compile-contract';

const RUNS = 1500;

/** Real answers of the sandbox for each schema: a new and a paid intent, a session, an error, e-mails. */
async function samples(): Promise<Record<keyof typeof BROWSER_SCHEMAS, unknown[]>> {
  const sandbox = createSandbox({ approvalMs: 1000, env: {} });
  const fetch = (request: Request) => sandbox.fetch(request);
  const merchant = createClient({ baseUrl: 'http://sandbox.test', token: 'sk_test_rules', fetch });
  const raw = async (path: string, init?: RequestInit) =>
    (await sandbox.fetch(new Request(`http://sandbox.test${path}`, init))).json();
  const session = await merchant.createSession({
    total: 3500,
    currency: 'xaf',
    accountId: 'acct_rules',
    successUrl: 'https://shop.example/ok',
    cancelUrl: 'https://shop.example/cart',
    metadata: {},
    items: [{ productId: 'prt_1', quantity: 1, price: 3500, productName: '  Savon noir  ' }],
  });
  const confirm = await raw(`/v1/payment-intents/${session.paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_secret: session.clientSecret,
      first_name: 'Awa',
      last_name: 'Ndong',
      receipt_email: 'awa@example.cg',
      payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: '242061234593', operator_name: 'mtn' } },
    }),
  });
  const fresh = await merchant.createIntent({ amount: 5000, currency: 'xaf', description: 'Commande A-17' });
  return {
    paymentIntentView: [
      await raw(`/v1/payment-intents/${fresh.intent_id}`),
      await raw(`/v1/payment-intents/${session.paymentIntentId}`),
    ],
    confirmResultView: [confirm],
    publicSession: [await raw(`/v1/sessions/${session.id}`)],
    errorBody: [await raw('/v1/payment-intents/pi_missing'), { error: { code: 'x', message: 'y' } }],
    email: ['awa@example.cg', 'élodie@exemple.cg', ' awa@example.cg', 'a@b'],
  };
}

/** The odd values a broken proxy or service could send, and each bound's edges. */
const EDGES = [
  null,
  undefined,
  '',
  ' ',
  'a',
  ' a ',
  '  text  ',
  0,
  -1,
  1,
  1.5,
  2 ** 60,
  10_000,
  10_001,
  true,
  [],
  {},
  'pi_x',
  'ch_1',
  'cs_1',
  'xaf',
  'XAF',
  'a'.repeat(200),
  ` ${'a'.repeat(200)} `,
  'a'.repeat(201),
  '2026-11-24T10:00:00.000+01:00',
  '2026-11-24T10:00Z',
  '2026-11-24 10:00',
  'open',
  'expired',
  'checkout_session',
];
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...EDGES));

/** `value` with the value at each of its paths (itself included) replaced by each edge value. */
function* everyEdge(value: unknown): Generator<unknown> {
  for (const edge of EDGES) yield edge;
  if (typeof value !== 'object' || value === null) return;
  for (const [key, inner] of Object.entries(value)) {
    for (const changed of everyEdge(inner))
      yield Array.isArray(value) ? Object.assign([...value], { [key]: changed }) : { ...value, [key]: changed };
  }
}

/** `value` with one random change at a random depth: a field replaced, removed or added. */
function mangle(value: unknown): fc.Arbitrary<unknown> {
  const isRecord = typeof value === 'object' && value !== null;
  const entries = isRecord ? Object.entries(value as object) : [];
  return fc.oneof(
    { weight: 1, arbitrary: anyValue },
    ...(entries.length
      ? [
          {
            weight: 4,
            arbitrary: fc.constantFrom(...entries).chain(([key, inner]) =>
              fc.oneof(
                mangle(inner).map((changed) =>
                  Array.isArray(value)
                    ? Object.assign([...value], { [key]: changed })
                    : { ...(value as object), [key]: changed },
                ),
                fc.constant(
                  Array.isArray(value)
                    ? value.filter((_, i) => String(i) !== key)
                    : Object.fromEntries(entries.filter(([k]) => k !== key)),
                ),
              ),
            ),
          },
          {
            weight: 1,
            arbitrary: anyValue.map((extra) =>
              Array.isArray(value) ? [...value, extra] : { ...(value as object), surprise: extra },
            ),
          },
        ]
      : []),
  );
}

const verdict = (result: {
  success: boolean;
  data?: unknown;
  error?: { issues: readonly { path: readonly PropertyKey[] }[] };
}) => (result.success ? { ok: true, data: result.data } : { ok: false, path: result.error!.issues[0]!.path });

describe('contract rules › compiled from the zod schemas', () => {
  it('the checked-in file is what `npm run contract-rules` writes now', () => {
    expect(readFileSync(RULES_FILE, 'utf8')).toBe(expectedRulesFile());
  });

  it('writes an integer’s bounds, strict or not, whole or not, as inclusive ones that answer as zod does', async () => {
    const z = await import('zod/mini');
    const bounded = [
      z.int().check(z.gt(0)),
      z.int().check(z.gt(-2.5)),
      z.int().check(z.gte(1.5)),
      z.int().check(z.lt(10)),
      z.int().check(z.lt(7.5)),
      z.int().check(z.lte(-0.5)),
    ];
    expect(compile(bounded[0]!)).toEqual({ int: [['>=', 1]] });
    for (const schema of bounded)
      for (let value = -12; value <= 12; value++)
        expect(parserOf(compile(schema)).safeParse(value).success, `${value}`).toBe(schema.safeParse(value).success);
  });

  it('refuses a construct it does not know instead of approximating it', async () => {
    const z = await import('zod/mini');
    expect(() => compile(z.number())).toThrow(/integers/);
    expect(() => compile(z.string().check(z.refine((s) => s.length > 2)))).toThrow(/does not know/);
    expect(() => compile(z.union([z.string(), z.int()]))).toThrow(/does not know/);
  });

  it('answers as zod does on the sandbox’s answers, each field at each edge, and thousands of mangled answers', async () => {
    const real = await samples();
    for (const [name, schema] of Object.entries(BROWSER_SCHEMAS) as [keyof typeof BROWSER_SCHEMAS, z.ZodMiniType][]) {
      const rules = parserOf(compile(schema));
      // biome-ignore lint/performance/noDynamicNamespaceImportAccess: a test, bundled by nobody: each schema's shipped parser, found by its name
      const shipped = parsers[`${name}Parser` as keyof typeof parsers];
      for (const sample of real[name])
        expect(verdict(rules.safeParse(sample)), `${name}: ${JSON.stringify(sample)}`).toStrictEqual(
          verdict(schema.safeParse(sample)),
        );
      for (const sample of real[name]) {
        for (const input of everyEdge(sample))
          expect(verdict(rules.safeParse(input)), JSON.stringify(input)).toStrictEqual(
            verdict(schema.safeParse(input)),
          );
      }
      // The real answers are valid (else the mangling below would test only refusals).
      expect(
        real[name].some((sample) => schema.safeParse(sample).success),
        name,
      ).toBe(true);
      fc.assert(
        fc.property(fc.constantFrom(...real[name]).chain(mangle), (input) => {
          const expected = verdict(schema.safeParse(input));
          // Strict: a key present with undefined is not a key left out.
          expect(verdict(rules.safeParse(input))).toStrictEqual(expected);
          expect(verdict(shipped.safeParse(input))).toStrictEqual(expected);
        }),
        { numRuns: RUNS },
      );
    }
    // Thousands of answers through both parsers: seconds on a busy machine, not Vitest's default 5.
  }, 60_000);

  it('trims text where the contract trims, and drops keys it does not name', () => {
    const rule: Rule = { object: { name: { string: [['trim'], ['>=', 1], ['<=', 5]] } } };
    expect(parserOf(rule).safeParse({ name: '  Awa ', other: 1 })).toEqual({ success: true, data: { name: 'Awa' } });
    expect(parserOf(rule).safeParse({ name: '   ' })).toEqual({
      success: false,
      error: { issues: [{ path: ['name'] }] },
    });
  });
  it('keeps, unchecked, the keys a loose object does not name: a step’s detail reaches its script as the service sent it', async () => {
    const z = await import('zod/mini');
    const loose = z.looseObject({ type: z.string() });
    const rule = compile(loose);
    expect(rule).toEqual({ object: { type: { string: [] } }, rest: true });
    const next = { type: 'dial_ussd', dial_ussd: { ussd_code: '*880#', extra: [1] } };
    expect(parserOf(rule).safeParse(next)).toEqual({ success: true, data: next });
    expect(parserOf(rule).safeParse(next)).toEqual(loose.safeParse(next));
    expect(parserOf(rule).safeParse({ ...next, type: 7 })).toEqual({
      success: false,
      error: { issues: [{ path: ['type'] }] },
    });
    expect(() => compile(z.catchall(z.object({}), z.string()))).toThrow(/catch-all/);
  });
});
