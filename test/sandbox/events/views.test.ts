// @vitest-environment node
// Endpoints, deliveries and events as the contract writes them: an endpoint's secret only when
// asked (its creation's answer), every time in the service's format, each event's object as its
// owner reads it.
import { describe, expect, it } from 'vitest';
import { webhookEventSchema } from '../../../src/api/schemas/events';
import { webhookDeliverySchema, webhookEndpointSchema } from '../../../src/api/schemas/webhook-endpoints';
import { firstDeliveries } from '../../../src/sandbox/events/producer';
import { eventPayload, toDelivery, toEndpoint } from '../../../src/sandbox/events/views';
import { APPROVAL_MS } from '../helpers';
import { eventsWorld } from './world';

describe('views', () => {
  it('show an endpoint’s secret only when asked, and a delivery in the contract’s shape', () => {
    const world = eventsWorld();
    const endpoint = world.endpoint('https://shop.test/hooks');
    expect(webhookEndpointSchema.parse(toEndpoint(endpoint))).not.toHaveProperty('secret');
    expect(toEndpoint(endpoint, { withSecret: true }).secret).toBe(endpoint.secret);
    const [delivery] = firstDeliveries(endpoint, 'evt_1', world.clock.now());
    const view = webhookDeliverySchema.parse(toDelivery(delivery as never));
    expect(view).toMatchObject({ status: 'pending', attemptedAt: null, scheduledAt: '2025-03-10T10:00:00.000+01:00' });
  });

  it('make each event’s payload the contract’s, its object read at that moment, its time the change’s', () => {
    const world = eventsWorld();
    const intent = world.intent();
    world.pay(intent, 'approved_after_delay');
    world.clock.advance(APPROVAL_MS);
    const transition = { type: 'payment_intent.succeeded' as const, key: 'succeeded:x', at: intent.createdAt + 1 };
    const event = webhookEventSchema.parse(
      eventPayload(world, 'evt_1', { kind: 'intent', record: intent }, transition, world.clock.now()),
    );
    expect(event).toMatchObject({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      timestamp: '2025-03-10T10:00:00.001+01:00',
    });
    const transfer = world.transfer();
    const executed = { type: 'remittance.succeeded' as const, key: 'succeeded', at: transfer.executesAt };
    const told = webhookEventSchema.parse(
      eventPayload(world, 'evt_2', { kind: 'transfer', record: transfer }, executed, transfer.executesAt),
    );
    expect(told.data.object).toMatchObject({ id: transfer.id, status: 'succeeded' });
  });
});
