// @vitest-environment node
// The operations of endpoints and events are extensions all, under the Events tag, absent from a
// bare service, each answering its contract's schema; the `type` filter names every event type.
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../src/api/schemas/events';
import { servedBy } from '../../../src/sandbox/openapi/document';
import { EVENT_OPERATIONS } from '../../../src/sandbox/openapi/event-operations';

describe('the operations of endpoints and events', () => {
  it('are extensions under the Events tag, none served by a bare sandbox', () => {
    expect(EVENT_OPERATIONS.map((op) => `${op.method} ${op.path}`)).toEqual([
      'post /v1/webhook-endpoints',
      'get /v1/webhook-endpoints',
      'get /v1/webhook-endpoints/{id}',
      'delete /v1/webhook-endpoints/{id}',
      'get /v1/events',
      'get /v1/events/{id}',
      'get /v1/events/{id}/deliveries',
      'post /v1/events/{id}/replay',
    ]);
    for (const op of EVENT_OPERATIONS) {
      expect([op.extension, op.tag, op.caller, servedBy(op, false)], op.operationId).toEqual([
        true,
        'Events',
        'merchant',
        false,
      ]);
    }
  });

  it('filter events by any of the contract’s types, comma-separated, and nothing else', () => {
    const type = EVENT_OPERATIONS.find((op) => op.operationId === 'listEvents')?.parameters?.find(
      (p) => p.name === 'type',
    );
    const all = Object.keys(EVENT_TYPES);
    expect(type?.schema.safeParse(all.join(',')).success).toBe(true);
    expect(type?.schema.safeParse('payment_intent.succeeded').success).toBe(true);
    expect(type?.schema.safeParse('payment_intentXsucceeded').success).toBe(false);
    expect(type?.schema.safeParse('charge.refunded').success).toBe(false);
  });
});
