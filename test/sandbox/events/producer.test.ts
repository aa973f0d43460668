// @vitest-environment node
// Events made from what the records go through: only for a key with an endpoint, from the moment
// it registered; each change once, however often it is looked at and across a restart; each owed
// to the endpoints that take its type, as their faults shape the first deliveries.
import { describe, expect, it } from 'vitest';
import { webhookEventSchema } from '../../../src/api/schemas/events';
import { EventProducer, firstDeliveries } from '../../../src/sandbox/events/producer';
import type { DeliveryRecord } from '../../../src/sandbox/store/records';
import { Store } from '../../../src/sandbox/store/store';
import { APPROVAL_MS } from '../helpers';
import { eventsWorld, OWNER } from './world';

function producing(world: ReturnType<typeof eventsWorld>) {
  const owed: DeliveryRecord[] = [];
  const producer = new EventProducer(world, (deliveries) => owed.push(...deliveries));
  world.store.onWrite((entry) => producer.noteWrite(entry));
  return { producer, owed };
}

describe('EventProducer', () => {
  it('tells each change once, to the endpoints that take its type, its payload the contract’s', () => {
    const world = eventsWorld();
    const all = world.endpoint('http://127.0.0.1:1/a');
    world.endpoint('http://127.0.0.1:1/b', { enabledEvents: ['payment_intent.succeeded'] });
    const { producer, owed } = producing(world);
    const intent = world.intent();
    world.pay(intent, 'approved_after_delay');
    producer.observeWritten(world.clock.now());
    producer.observeWritten(world.clock.now());
    expect(owed.map((d) => d.endpointId)).toEqual([all.id]);
    world.clock.advance(APPROVAL_MS);
    producer.tick(world.clock.now());
    producer.tick(world.clock.now());
    expect(owed).toHaveLength(3);
    const events = world.store.webhooks.eventsNewestFirst(OWNER);
    expect(events.length).toBe(2);
    for (let i = 0; i < events.length; i++)
      expect(webhookEventSchema.parse(events.at(i).payload).id).toBe(events.at(i).id);
    expect(events.at(0).type).toBe('payment_intent.succeeded');
    expect(producer.watched).toBe(0);
  });

  it('tells nothing while the key has no endpoint, nor what happened before its first one', () => {
    const world = eventsWorld();
    const { producer, owed } = producing(world);
    world.pay(world.intent(), 'approved_at_once');
    producer.observeWritten(world.clock.now());
    expect(producer.watched).toBe(0);
    const waiting = world.intent();
    world.pay(waiting, 'approved_after_delay');
    world.clock.advance(1000);
    world.endpoint('http://127.0.0.1:1/a');
    producer.watchAll();
    producer.tick(world.clock.now());
    expect(owed).toEqual([]);
    world.clock.advance(APPROVAL_MS);
    producer.tick(world.clock.now());
    expect(world.store.webhooks.eventsNewestFirst(OWNER).at(0).type).toBe('payment_intent.succeeded');
    expect(world.store.webhooks.eventsNewestFirst(OWNER).length).toBe(1);
  });

  it('tells nothing again after a restart: what was told is read back with the events', () => {
    const world = eventsWorld();
    world.endpoint('http://127.0.0.1:1/a');
    const { producer } = producing(world);
    world.pay(world.intent(), 'approved_after_delay');
    producer.observeWritten(world.clock.now());
    const restarted = new Store({ limits: world.config.limits, retentionMs: world.config.retentionMs });
    for (const entry of world.store.entries()) restarted.apply(entry, JSON.stringify(entry).length + 1);
    const again = eventsWorld();
    const second = new EventProducer({ ...again, store: restarted }, () => undefined);
    second.watchAll();
    second.tick(world.clock.now());
    expect(restarted.webhooks.eventsNewestFirst(OWNER).length).toBe(1);
    second.tick(world.clock.now() + APPROVAL_MS);
    expect(restarted.webhooks.eventsNewestFirst(OWNER).length).toBe(2);
  });

  it('shapes the first deliveries by the endpoint’s faults', () => {
    const world = eventsWorld();
    const now = world.clock.now();
    const plain = firstDeliveries(world.endpoint('http://h/a'), 'evt_1', now);
    expect(plain.map((d) => [d.fault, d.scheduledAt - now])).toEqual([[null, 0]]);
    const late = world.endpoint('http://h/b', { faults: ['late', 'duplicate'], lateMs: 250 });
    expect(firstDeliveries(late, 'evt_1', now).map((d) => [d.fault, d.scheduledAt - now])).toEqual([
      ['late', 250],
      ['duplicate', 250],
    ]);
    const bad = world.endpoint('http://h/c', { faults: ['bad_signature'] });
    expect(firstDeliveries(bad, 'evt_1', now).map((d) => d.fault)).toEqual(['bad_signature']);
  });
});
