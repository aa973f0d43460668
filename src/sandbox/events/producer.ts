// Extension (signed events): events made from what the records go through. The sandbox derives
// state lazily (`settle`), so nothing tells it that an attempt has ended: the records that may
// still change (an attempt awaited, a session open, a transfer not yet executed) are watched, and
// each time one is looked at — right after the request that wrote it, and at each tick of the pump
// (./pump) — every change it has gone through that no event has told yet is made an event, stored
// with the deliveries it owes (./dispatcher makes them). A change is told once: the events say
// which ones were (read back at a start), so a restart or a second look tells none again.
import { SandboxError } from '../errors';
import { newId } from '../ids';
import { intentOf } from '../sessions';
import type { DeliveryRecord, EndpointRecord, Entry, EventRecord, Owner } from '../store/records';
import type { Store } from '../store/store';
import {
  intentMoving,
  intentTransitions,
  sessionTransitions,
  type Transition,
  transferTransitions,
} from './transitions';
import { eventPayload, type Observed, type PayloadParts } from './views';

/** How long an `out_of_order` endpoint's event waits for a later one of its object (without `lateMs`). */
export const DEFAULT_HOLD_MS = 5000;

const takes = (endpoint: EndpointRecord, type: string) =>
  endpoint.enabledEvents.includes('*') || (endpoint.enabledEvents as string[]).includes(type);

/** The first deliveries an event owes an endpoint, as its faults shape them. */
export function firstDeliveries(endpoint: EndpointRecord, eventId: string, now: number): DeliveryRecord[] {
  const has = (fault: EndpointRecord['faults'][number]) => endpoint.faults.includes(fault);
  const wait = has('late') || has('out_of_order') ? (endpoint.lateMs ?? DEFAULT_HOLD_MS) : 0;
  const fault =
    (['bad_signature', 'fail_then_succeed', 'out_of_order', 'late'] as const).find((name) => has(name)) ?? null;
  const delivery = (chainFault: DeliveryRecord['fault']): DeliveryRecord => ({
    id: newId('wd'),
    eventId,
    endpointId: endpoint.id,
    attempt: 1,
    status: 'pending',
    httpStatus: null,
    error: null,
    fault: chainFault,
    scheduledAt: now + wait,
    attemptedAt: null,
    nextAttemptAt: null,
  });
  return has('duplicate') ? [delivery(fault), delivery('duplicate')] : [delivery(fault)];
}

export class EventProducer {
  /** The records watched, by `i:`, `s:` or `t:` and their id. */
  private readonly moving = new Set<string>();
  /** Those written by the request being answered: looked at before it is answered. */
  private readonly dirty = new Set<string>();

  constructor(
    private readonly parts: PayloadParts,
    private readonly deliver: (deliveries: DeliveryRecord[]) => void,
  ) {}

  private get store(): Store {
    return this.parts.store;
  }

  /** What a written entry may have changed (Store.onWrite). Nothing is watched while no endpoint is registered. */
  noteWrite(entry: Entry): void {
    if (!this.store.webhooks.anyEndpoint) return;
    const key =
      entry.kind === 'intent' || entry.kind === 'session' || entry.kind === 'transfer'
        ? `${entry.kind[0]}:${entry.kind === 'intent' ? entry.record.intentId : entry.record.id}`
        : entry.kind === 'attempt' || entry.kind === 'step'
          ? `i:${entry.intentId}`
          : null;
    if (key === null) return;
    this.moving.add(key);
    this.dirty.add(key);
  }

  /** Watches every record of every key with an endpoint (at a start, and when an endpoint is registered). */
  watchAll(): void {
    const owners = new Set([...this.store.webhooks.endpoints.values()].map((kept) => kept.record.owner));
    if (owners.size === 0) return;
    for (const intent of this.store.allIntents()) if (owners.has(intent.owner)) this.moving.add(`i:${intent.intentId}`);
    for (const session of this.store.allSessions()) if (owners.has(session.owner)) this.moving.add(`s:${session.id}`);
    for (const transfer of this.store.allTransfers())
      if (owners.has(transfer.owner)) this.moving.add(`t:${transfer.id}`);
  }

  /** Looks at what the request wrote. */
  observeWritten(now: number): void {
    for (const key of this.dirty) this.observe(key, now);
    this.dirty.clear();
  }

  /** Looks at everything watched (the pump's tick). */
  tick(now: number): void {
    for (const key of this.moving) this.observe(key, now);
  }

  /** How many records are watched. */
  get watched(): number {
    return this.moving.size;
  }

  private observe(key: string, now: number): void {
    const found = this.find(key, now);
    if (!found) {
      this.moving.delete(key);
      return;
    }
    const { observed, owner, transitions, moving } = found;
    const endpoints = this.store.webhooks.endpointsOf(owner);
    // A change from before the key's first endpoint is history: it is not told.
    const since = Math.min(...endpoints.map((endpoint) => endpoint.createdAt));
    const objectId = key.slice(2);
    let done = true;
    for (const transition of transitions.sort((a, b) => a.at - b.at)) {
      if (transition.at < since || this.store.webhooks.hasTold(objectId, transition.key)) continue;
      done = this.emit(observed, owner, objectId, transition, endpoints, now) && done;
    }
    if (!moving && done) this.moving.delete(key);
  }

  private find(key: string, now: number) {
    const id = key.slice(2);
    if (key[0] === 'i') {
      const record = this.store.intent(id);
      if (!record) return null;
      const transitions = intentTransitions(record, now);
      const observed: Observed = { kind: 'intent', record };
      return { observed, owner: record.owner, transitions, moving: intentMoving(record) };
    }
    if (key[0] === 's') {
      const record = this.store.session(id);
      if (!record) return null;
      const transitions = sessionTransitions(record, intentOf(this.store, record, now), now);
      const observed: Observed = { kind: 'session', record };
      return { observed, owner: record.owner, transitions, moving: transitions.length === 0 };
    }
    const record = this.store.transfer(id);
    if (!record) return null;
    const transitions = transferTransitions(record, now);
    const observed: Observed = { kind: 'transfer', record };
    return { observed, owner: record.owner, transitions, moving: transitions.length === 0 };
  }

  /** Stores the event and the deliveries it owes; false when the sandbox is full (tried again at the next look). */
  private emit(
    observed: Observed,
    owner: Owner,
    objectId: string,
    transition: Transition,
    endpoints: readonly EndpointRecord[],
    now: number,
  ): boolean {
    const id = newId('evt');
    const record: EventRecord = {
      id,
      owner,
      type: transition.type,
      objectId,
      transition: transition.key,
      createdAt: now,
      payload: eventPayload(this.parts, id, observed, transition, now),
    };
    const deliveries = endpoints.filter((e) => takes(e, transition.type)).flatMap((e) => firstDeliveries(e, id, now));
    try {
      this.store.write(
        [{ kind: 'event', record }, ...deliveries.map((d) => ({ kind: 'delivery' as const, record: d }))],
        owner,
        'total',
      );
    } catch (error) {
      if (error instanceof SandboxError) return false;
      throw error;
    }
    this.deliver(deliveries);
    return true;
  }
}

export { takes as endpointTakes };
