// @vitest-environment node
// The events pushed to merchants (issue 32): the list of types and the payload's schema are one
// list — a type added to one and not the other fails here; a payer intent event parses in
// test/api/webhooks.test.ts.
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, eventTypeSchema, webhookEventSchema } from '../../../src/api/schemas/events';

describe('the event types and their payloads', () => {
  it('every listed type has its schema, and every schema a listed type', () => {
    const schemaTypes = webhookEventSchema.def.options.map((option) => option.shape.type.def.values[0]);
    expect(new Set(schemaTypes)).toEqual(new Set(Object.keys(EVENT_TYPES)));
    expect(eventTypeSchema.options).toEqual(Object.keys(EVENT_TYPES));
  });

  it('refuses an event whose object is not of its type, and one without an evt_ id', () => {
    const base = { id: 'evt_1', timestamp: '2026-11-29T09:00:00.000Z' };
    const transfer = { data: { object: { id: 'rem_1', amount: 100 } } };
    expect(webhookEventSchema.safeParse({ ...base, type: 'payment_intent.succeeded', ...transfer }).success).toBe(
      false,
    );
    expect(webhookEventSchema.safeParse({ ...base, id: 'msg_1', type: 'remittance.failed', ...transfer }).success).toBe(
      false,
    );
  });
});
