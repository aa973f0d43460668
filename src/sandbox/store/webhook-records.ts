// Extension (signed events): the records of merchants' endpoints, their events and each event's
// deliveries, as the record set (./record-set) keeps them — what a read needs, rebuilt from the
// entries as the journal is read back. What they weigh, who holds them and when they go is the
// record set's and the store's business, as for every other record.
import type { DeliveryRecord, EndpointRecord, EventRecord, Owner } from './records';
import { type NewestFirst, OwnerIndex } from './owner-index';

export interface KeptEvent {
  record: EventRecord;
  /** The event's own line and every delivery line's latest version. */
  bytes: number;
  /** Its deliveries in the order they were first written, each at its latest version. */
  deliveries: Map<string, { record: DeliveryRecord; bytes: number }>;
}

export class WebhookRecords {
  /** In creation order. */
  readonly endpoints = new Map<string, { record: EndpointRecord; bytes: number }>();
  /** In creation order, hence of their expiry. */
  readonly events = new Map<string, KeptEvent>();
  private readonly eventsByOwner = new OwnerIndex<EventRecord>();
  /** `<object id> <transition>` of every event there is: what has been told. */
  private readonly told = new Set<string>();

  endpoint = (id: string): EndpointRecord | undefined => this.endpoints.get(id)?.record;
  event = (id: string): EventRecord | undefined => this.events.get(id)?.record;

  /** The owner's endpoints, oldest first. */
  endpointsOf(owner: Owner): EndpointRecord[] {
    return [...this.endpoints.values()].map((kept) => kept.record).filter((record) => record.owner === owner);
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

  addEndpoint(record: EndpointRecord, bytes: number): void {
    this.endpoints.set(record.id, { record, bytes });
  }

  /** Removes an endpoint; what it weighed, or 0 if it was not there. */
  removeEndpoint(id: string): number {
    const kept = this.endpoints.get(id);
    this.endpoints.delete(id);
    return kept?.bytes ?? 0;
  }

  addEvent(record: EventRecord, bytes: number): void {
    this.events.set(record.id, { record, bytes, deliveries: new Map() });
    this.eventsByOwner.add(record.owner, record);
    this.told.add(`${record.objectId} ${record.transition}`);
  }

  /** Removes an event and its deliveries; what they weighed, or 0 if it was not there. */
  removeEvent(id: string): number {
    const kept = this.events.get(id);
    if (!kept) return 0;
    this.events.delete(id);
    this.eventsByOwner.remove(kept.record.owner, kept.record);
    this.told.delete(`${kept.record.objectId} ${kept.record.transition}`);
    return kept.bytes;
  }

  /**
   * A delivery's latest version, in place of the one before: what the event's weight changes by,
   * and its owner; null when its event is gone (forgotten to make room while it was under way).
   */
  putDelivery(record: DeliveryRecord, bytes: number): { owner: Owner; change: number } | null {
    const kept = this.events.get(record.eventId);
    if (!kept) return null;
    const change = bytes - (kept.deliveries.get(record.id)?.bytes ?? 0);
    kept.deliveries.set(record.id, { record, bytes });
    kept.bytes += change;
    return { owner: kept.record.owner, change };
  }
}
