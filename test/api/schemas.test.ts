// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chargeRecordSchema,
  confirmResultSchema,
  confirmResultViewSchema,
  paymentIntentSchema,
  paymentIntentViewSchema,
  publicSessionSchema,
  sessionSchema,
} from '../../src/api/schemas';

const keys = (schema: { def: { shape: Record<string, unknown> } }) => Object.keys(schema.def.shape).sort();

describe('schemas › views', () => {
  it("the checkout's view of an intent uses the contract's fields and nothing else", () => {
    const full = keys(paymentIntentSchema);
    for (const key of keys(paymentIntentViewSchema)) expect(full).toContain(key);
    const charge = keys(chargeRecordSchema);
    const viewEvent = paymentIntentViewSchema.def.shape.event as unknown as {
      def: { shape: { charges: { def: { element: { def: { shape: Record<string, unknown> } } } } } };
    };
    for (const key of Object.keys(viewEvent.def.shape.charges.def.element.def.shape)) expect(charge).toContain(key);
  });

  it("the checkout's view of a confirm's answer uses the contract's fields and nothing else", () => {
    const full = keys(confirmResultSchema);
    for (const key of keys(confirmResultViewSchema)) expect(full).toContain(key);
  });

  it("the checkout's view of what paid reads a method it does not know instead of failing", () => {
    expect(
      paymentIntentViewSchema.def.shape.payment_method.safeParse({ id: 'pm_1', type: 'card', card: { last4: '4242' } })
        .success,
    ).toBe(true);
    expect(
      paymentIntentSchema.def.shape.payment_method.safeParse({ id: 'pm_1', type: 'card', card: { last4: '4242' } })
        .success,
    ).toBe(false);
  });

  it('the public session is the session record without its secret, url and metadata', () => {
    expect(keys(sessionSchema).filter((key) => !keys(publicSessionSchema).includes(key))).toEqual([
      'clientSecret',
      'metadata',
      'url',
    ]);
  });

  it('timestamps accept Z and offsets, and refuse dates without a zone', () => {
    const field = paymentIntentViewSchema.def.shape.updated_at;
    expect(field.safeParse('2026-11-02T10:00:00+01:00').success).toBe(true);
    expect(field.safeParse('2026-11-02T09:00:00.123Z').success).toBe(true);
    expect(field.safeParse('2026-11-02T09:00:00').success).toBe(false);
    expect(field.safeParse('yesterday').success).toBe(false);
  });
});

describe('schemas › what reaches a phone', () => {
  const root = join(__dirname, '../..');
  /** Files a bundle starting at `entry` runs: value imports and re-exports, followed relatively. */
  function reachable(entry: string): Set<string> {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(join(root, file), 'utf8');
      for (const [, specifier] of code.matchAll(/^(?:import|export)(?! type)[^'";]*?from '(\.[^']+)'/gm)) {
        const base = join(dirname(file), specifier!);
        const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
          (f) => /\.tsx?$/.test(f) && existsSync(join(root, f)),
        );
        if (found) visit(relative(root, join(root, found)));
      }
    };
    visit(entry);
    return seen;
  }

  /** Every file a browser runs first: the page, widget.js and its module, React's component, and each part loaded later (`*.entry.ts`, `*.part.ts`, the build's lazy parts). */
  const entries = [
    'src/hosted/main.tsx',
    'src/widget/global.ts',
    'src/widget/index.ts',
    'src/react/index.ts',
    ...readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.(entry|part)\.tsx?$/.test(path))
      .map((path) => `src/${path}`),
  ];

  it('knows the parts loaded later, as well as the three entries', () => {
    expect(entries).toEqual(
      expect.arrayContaining([
        'src/hosted/screens.part.ts',
        'src/hosted/embed.entry.ts',
        'src/methods/momo/steps/enter_otp.entry.ts',
        'src/methods/momo/steps/open_wallet.entry.ts',
        'src/methods/momo/steps/qr.entry.ts',
        'src/widget/dialog.entry.ts',
        'src/widget/frame.entry.ts',
      ]),
    );
  });

  it.each(entries)('%s runs the contract’s compiled rules where it reads answers, never zod', (entry) => {
    const files = reachable(entry);
    if (['src/hosted/main.tsx', 'src/widget/global.ts', 'src/widget/index.ts'].includes(entry))
      expect(files).toContain('src/api/schemas/parsers.ts');
    expect(
      [...files].filter((f) => /^import(?! type)[^;]*from 'zod/m.test(readFileSync(join(root, f), 'utf8'))),
    ).toEqual([]);
    expect(
      [...files].filter(
        (f) => f === 'src/api/schemas/index.ts' || f === 'src/api/index.ts' || f.startsWith('src/sandbox/'),
      ),
    ).toEqual([]);
  });
});
