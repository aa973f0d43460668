// @vitest-environment node
// Endpoints, events and their deliveries as the record set keeps them (src/sandbox/store/
// webhook-records.ts): what they weigh on their owner, a delivery written again replacing the one
// before, what was told read back with the events, a snapshot's entries giving the same state,
// an endpoint deleted and an event forgotten by a `forget`, an event expired with its deliveries.
import { describe, expect, it } from 'vitest';
import type { DeliveryRecord, Entry, EventRecord } from '../../../src/sandbox/store/records';
import { Store } from '../../../src/sandbox/store/store';
import { DEFAULT_STATE_LIMITS } from '../../../src/sandbox/store/usage';

const endpoint = {
  id: 'we_1',
  owner: 'a',
  url: 'https://shop.test/hooks',
  enabledEvents: ['*' as const],
  description: null,
  faults: [],
  lateMs: null,
  secret: 'whsec_x',
  createdAt: 0,
};
const event = (id: string, createdAt: number): EventRecord => ({
  id,
  owner: 'a',
  type: 'remittance.succeeded',
  objectId: 'rem_1',
  transition: `succeeded ${id}`,
  createdAt,
  payload: {} as never,
});
const delivery = (id: string, eventId: string, status: DeliveryRecord['status']): DeliveryRecord => ({
  id,
  eventId,
  endpointId: 'we_1',
  attempt: 1,
  status,
  httpStatus: null,
  error: null,
  fault: null,
  scheduledAt: 0,
  attemptedAt: null,
  nextAttemptAt: null,
});

const fresh = () => new Store({ limits: DEFAULT_STATE_LIMITS, retentionMs: 1000 });
const apply = (store: Store, entries: Entry[]) => {
  for (const entry of entries) store.apply(entry, 100);
};

describe('webhook records', () => {
  it('weigh on their owner, a delivery written again in place of the one before', () => {
    const store = fresh();
    apply(store, [
      { kind: 'endpoint', record: endpoint },
      { kind: 'event', record: event('evt_1', 0) },
      { kind: 'delivery', record: delivery('wd_1', 'evt_1', 'pending') },
    ]);
    expect(store.usage.of('a')).toBe(300);
    apply(store, [{ kind: 'delivery', record: delivery('wd_1', 'evt_1', 'succeeded') }]);
    expect(store.usage.of('a')).toBe(300);
    expect(store.webhooks.deliveriesOf('evt_1').map((d) => d.status)).toEqual(['succeeded']);
    expect(store.webhooks.hasTold('rem_1', 'succeeded evt_1')).toBe(true);
    expect([...store.webhooks.pendingDeliveries()]).toEqual([]);
  });

  it('read back from a snapshot’s entries as they were, what is still owed included', () => {
    const store = fresh();
    apply(store, [
      { kind: 'endpoint', record: endpoint },
      { kind: 'event', record: event('evt_1', 0) },
      { kind: 'delivery', record: delivery('wd_1', 'evt_1', 'failed') },
      { kind: 'delivery', record: delivery('wd_2', 'evt_1', 'pending') },
    ]);
    const again = fresh();
    apply(again, [...store.entries()]);
    expect(again.webhooks.endpointsOf('a')).toEqual([endpoint]);
    expect([...again.webhooks.pendingDeliveries()].map((d) => d.id)).toEqual(['wd_2']);
    expect(again.usage.of('a')).toBe(store.usage.of('a'));
  });

  it('go with a `forget` (an endpoint deleted, an event to make room), and an event with its deliveries once expired', () => {
    const store = fresh();
    apply(store, [
      { kind: 'endpoint', record: endpoint },
      { kind: 'event', record: event('evt_1', 0) },
      { kind: 'event', record: event('evt_2', 500) },
      { kind: 'delivery', record: delivery('wd_1', 'evt_1', 'pending') },
      { kind: 'forget', key: 'w:we_1' },
      { kind: 'forget', key: 'e:evt_2' },
    ]);
    expect(store.webhooks.endpoint('we_1')).toBeUndefined();
    expect(store.webhooks.event('evt_2')).toBeUndefined();
    expect(store.usage.of('a')).toBe(200);
    // A delivery of an event already gone (forgotten while it was under way) is nothing to keep.
    apply(store, [{ kind: 'delivery', record: delivery('wd_9', 'evt_2', 'failed') }]);
    expect(store.usage.of('a')).toBe(200);
    store.forgetExpired(1000);
    expect(store.webhooks.event('evt_1')).toBeUndefined();
    expect(store.usage.of('a')).toBe(0);
    expect(store.webhooks.hasTold('rem_1', 'succeeded evt_1')).toBe(false);
  });
});
