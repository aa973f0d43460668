// Extension (signed events): the records of merchants' endpoints, their events and each event's
// deliveries, as the record set (./record-set) keeps them — what a read needs, rebuilt from the
// entries as the journal is read back — and what they weigh on their owner, told to the record
// set's usage and holdings (`Accounts`). When an event goes is the store's policy, as for any record.
import type { DeliveryRecord, EndpointRecord, Entry, EventRecord, Owner } from './records';
import { type NewestFirst, OwnerIndex } from './owner-index';

export interface KeptEvent {
  record: EventRecord;
  /** The event's own line and every delivery line's latest version. */
  bytes: number;
  /** Its deliveries in the order they were first written, each at its latest version. */
  deliveries: Map<string, { record: DeliveryRecord; bytes: number }>;
}

/** The record set's books: what an owner weighs, and its records in the order they may make room. */
export interface Accounts {
  weigh(owner: Owner, change: number): void;
  hold(owner: Owner, key: string): void;
  release(owner: Owner, key: string): void;
}

export class WebhookRecords {
  /** In creation order. */
  readonly endpoints = new Map<string, { record: EndpointRecord; bytes: number }>();
  /** Each owner's endpoints, oldest first: what every event of theirs looks up. */
  private readonly endpointsByOwner = new Map<Owner, EndpointRecord[]>();
  /** In creation order, hence of their expiry. */
  readonly events = new Map<string, KeptEvent>();
  private readonly eventsByOwner = new OwnerIndex<EventRecord>();
  /** `<object id> <transition>` of every event there is: what has been told. */
  private readonly told = new Set<string>();

  constructor(private readonly accounts: Accounts) {}

  endpoint = (id: string): EndpointRecord | undefined => this.endpoints.get(id)?.record;
  event = (id: string): EventRecord | undefined => this.events.get(id)?.record;

  /** The owner's endpoints, oldest first. */
  endpointsOf(owner: Owner): readonly EndpointRecord[] {
    return this.endpointsByOwner.get(owner) ?? [];
  }

  /** Whether any endpoint at all is registered: without one, no event is made. */
  get anyEndpoint(): boolean {
    return this.endpoints.size > 0;
  }

  eventsNewestFirst = (owner: Owner): NewestFirst<EventRecord> => this.eventsByOwner.newestFirst(owner);

  /** An event's deliveries, in the order they were first written. */
  deliveriesOf = (eventId: string): DeliveryRecord[] =>
    [...(this.events.get(eventId)?.deliveries.values() ?? [])].map((kept) => kept.record);

  /** Whether this change of this object has been told already. */
  hasTold = (objectId: string, transition: string): boolean => this.told.has(`${objectId} ${transition}`);

  /** Every delivery still to be made, for a start to resume. */
  *pendingDeliveries(): Generator<DeliveryRecord> {
    for (const kept of this.events.values())
      for (const { record } of kept.deliveries.values()) if (record.status === 'pending') yield record;
  }

  /** Applies one of their entries, from a request or from the journal at start-up. */
  apply(entry: Extract<Entry, { kind: 'endpoint' | 'event' | 'delivery' }>, bytes: number): void {
    if (entry.kind === 'endpoint') {
      const { record } = entry;
      this.endpoints.set(record.id, { record, bytes });
      this.endpointsByOwner.set(record.owner, [...this.endpointsOf(record.owner), record]);
      this.accounts.weigh(record.owner, bytes);
    } else if (entry.kind === 'event') {
      const { record } = entry;
      this.events.set(record.id, { record, bytes, deliveries: new Map() });
      this.eventsByOwner.add(record.owner, record);
      this.told.add(`${record.objectId} ${record.transition}`);
      this.accounts.weigh(record.owner, bytes);
      // An event may make room at the bound, as any record; an endpoint never (only its merchant deletes it).
      this.accounts.hold(record.owner, `e:${record.id}`);
    } else {
      // Its event may be gone, forgotten to make room while it was under way: nothing to keep.
      const kept = this.events.get(entry.record.eventId);
      if (!kept) return;
      const change = bytes - (kept.deliveries.get(entry.record.id)?.bytes ?? 0);
      kept.deliveries.set(entry.record.id, { record: entry.record, bytes });
      kept.bytes += change;
      this.accounts.weigh(kept.record.owner, change);
    }
  }

  /** Forgets an event (`e:<id>`, with its deliveries) or an endpoint (`w:<id>`); nothing if it is gone already. */
  forget(key: string): void {
    const id = key.slice(2);
    if (key.startsWith('w:')) {
      const kept = this.endpoints.get(id);
      if (!kept) return;
      const { owner } = kept.record;
      this.endpoints.delete(id);
      const left = this.endpointsOf(owner).filter((record) => record.id !== id);
      if (left.length > 0) this.endpointsByOwner.set(owner, left);
      else this.endpointsByOwner.delete(owner);
      this.accounts.weigh(owner, -kept.bytes);
      return;
    }
    const kept = this.events.get(id);
    if (!kept) return;
    this.events.delete(id);
    this.eventsByOwner.remove(kept.record.owner, kept.record);
    this.told.delete(`${kept.record.objectId} ${kept.record.transition}`);
    this.accounts.weigh(kept.record.owner, -kept.bytes);
    this.accounts.release(kept.record.owner, key);
  }

  /** Every record as entries, for a snapshot: each event followed by its deliveries. */
  *entries(): Generator<Entry> {
    for (const { record } of this.endpoints.values()) yield { kind: 'endpoint', record };
    for (const kept of this.events.values()) {
      yield { kind: 'event', record: kept.record };
      for (const { record } of kept.deliveries.values()) yield { kind: 'delivery', record };
    }
  }
}
