// @vitest-environment node
// The document's schemas are the contract's zod schemas, converted: every field of each, required
// where zod requires it, and a change of a schema is a change of the document.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { emailSchema, merchantSchema } from '../../../src/api/schemas';
import { componentSchemas, NAMED_SCHEMAS, withoutCase } from '../../../src/sandbox/openapi/components';

type Schema = { properties?: Record<string, { pattern?: string; description?: string }>; required?: string[] };
const schemasOf = (extensions = true) => componentSchemas({ extensions }) as Record<string, Schema>;

describe('the components of the OpenAPI document', () => {
  it('give every object schema its fields, required where zod requires them', () => {
    const schemas = schemasOf();
    let objects = 0;
    for (const [name, schema] of Object.entries(NAMED_SCHEMAS)) {
      const shape = (schema._zod.def as { shape?: Record<string, z.ZodMiniType> }).shape;
      if (!shape) continue;
      objects += 1;
      const required = Object.entries(shape)
        .filter(([, field]) => field._zod.optin !== 'optional')
        .map(([key]) => key);
      expect(Object.keys(schemas[name]?.properties ?? {}), name).toEqual(Object.keys(shape));
      expect(schemas[name]?.required ?? [], name).toEqual(required);
    }
    expect(objects).toBeGreaterThan(15);
  });

  it('change when a schema changes', () => {
    const named = NAMED_SCHEMAS as Record<string, z.ZodMiniType>;
    named.Merchant = z.extend(merchantSchema, { tagline: z.string() });
    try {
      const merchant = schemasOf().Merchant;
      expect(merchant?.properties).toHaveProperty('tagline', { type: 'string' });
      expect(merchant?.required).toContain('tagline');
    } finally {
      named.Merchant = merchantSchema;
    }
    expect(schemasOf().Merchant?.properties).not.toHaveProperty('tagline');
  });

  it('take a trimmed name with white space around it, as the sandbox does', () => {
    const name = schemasOf().ConfirmRequest?.properties?.first_name;
    expect(name?.description).toBe('Trimmed of surrounding white space, then 1 to 100 characters.');
    const pattern = new RegExp(name?.pattern ?? '', 'u');
    expect(pattern.test(' Awa\n')).toBe(true);
    expect(pattern.test('A\nwa')).toBe(false);
  });

  it('write a pattern zod reads without case (the e-mail) in both cases: JSON Schema has no flags', () => {
    const pattern = new RegExp(schemasOf().ConfirmRequest?.properties?.receipt_email?.pattern ?? '', 'u');
    for (const email of [
      'awa@example.cg',
      'AWA@EXAMPLE.CG',
      'a@b.XN--P1AI',
      'a@b.Xn--p1ai',
      'é@ü.de',
      'a b@c.de',
      'x@y.c1',
      'a\u007f@b.cg',
    ])
      expect(pattern.test(email), email).toBe(emailSchema.safeParse(email).success);
    expect(withoutCase('^\\u00e9a\\x7f[b-d]$')).toBe('^\\u00e9[aA]\\x7f[b-dB-D]$');
  });

  it('give a bare service’s session request no extension field', () => {
    expect(Object.keys(schemasOf(true).SessionRequest?.properties ?? {})).toContain('customer');
    expect(Object.keys(schemasOf(false).SessionRequest?.properties ?? {})).not.toContain('customer');
  });
});
