// @vitest-environment node
// The values requests and resources share (src/api/schemas/values.ts): a phone number as the
// service writes it, the whole e-mail rule counted in UTF-8 octets, metadata within its limits.
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { emailAddressSchema, metadataSchema, msisdnSchema } from '../../../src/api/schemas/values';

const ok = (schema: z.ZodMiniType, value: unknown) => z.safeParse(schema, value).success;

describe('values', () => {
  it('msisdn: digits with the country code, no plus, no leading zero', () => {
    expect(ok(msisdnSchema, '242061234567')).toBe(true);
    expect(ok(msisdnSchema, '+242061234567')).toBe(false);
    expect(ok(msisdnSchema, '061234567x')).toBe(false);
  });

  it('e-mail: at most 64 octets before the @, counted in UTF-8', () => {
    expect(ok(emailAddressSchema, `${'a'.repeat(64)}@example.cg`)).toBe(true);
    expect(ok(emailAddressSchema, `${'a'.repeat(65)}@example.cg`)).toBe(false);
    expect(ok(emailAddressSchema, `${'é'.repeat(33)}@example.cg`)).toBe(false); // 66 octets
  });

  it('metadata: keys of 40 characters at most, values of 500, text, numbers or booleans', () => {
    expect(ok(metadataSchema, { order: 'CMD-1', items: 2, gift: true })).toBe(true);
    expect(ok(metadataSchema, { ['k'.repeat(41)]: 'x' })).toBe(false);
    expect(ok(metadataSchema, { note: 'x'.repeat(501) })).toBe(false);
    expect(ok(metadataSchema, { nested: { no: 1 } })).toBe(false);
  });
});
