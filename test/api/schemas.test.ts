// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chargeRecordSchema, paymentIntentSchema, paymentIntentViewSchema, publicSessionSchema, sessionSchema } from '../../src/api/schemas';

const keys = (schema: { def: { shape: Record<string, unknown> } }) => Object.keys(schema.def.shape).sort();

describe('schemas › views', () => {
  it("the checkout's view of an intent uses the contract's fields and nothing else", () => {
    const full = keys(paymentIntentSchema);
    for (const key of keys(paymentIntentViewSchema)) expect(full).toContain(key);
    const charge = keys(chargeRecordSchema);
    const viewEvent = paymentIntentViewSchema.def.shape.event as unknown as { def: { shape: { charges: { def: { element: { def: { shape: Record<string, unknown> } } } } } } };
    for (const key of Object.keys(viewEvent.def.shape.charges.def.element.def.shape)) expect(charge).toContain(key);
  });

  it('the public session is the session record without its secret, url and metadata', () => {
    expect(keys(sessionSchema).filter((key) => !keys(publicSessionSchema).includes(key))).toEqual(['clientSecret', 'metadata', 'url']);
  });

  it('timestamps accept Z and offsets, and refuse dates without a zone', () => {
    const field = paymentIntentViewSchema.def.shape.updated_at;
    expect(field.safeParse('2026-11-02T10:00:00+01:00').success).toBe(true);
    expect(field.safeParse('2026-11-02T09:00:00.123Z').success).toBe(true);
    expect(field.safeParse('2026-11-02T09:00:00').success).toBe(false);
    expect(field.safeParse('yesterday').success).toBe(false);
  });
});
