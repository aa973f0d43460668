// Extension (signed events): the records of endpoints, events and deliveries as the contract
// writes them (src/api/schemas/webhook-endpoints.ts), and the object an event carries, as the
// merchant's key reads it at the moment the event is made.
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../api/types';
import type { SandboxConfig } from '../config';
import { toPaymentIntent } from '../intent-view';
import type { MerchantProfiles } from '../merchants';
import { toSession } from '../sessions';
import type { DeliveryRecord, EndpointRecord, IntentRecord, SessionRecord, TransferRecord } from '../store/records';
import type { Store } from '../store/store';
import { isoAt } from '../time';
import { toDisbursement, toRemittance } from '../transfers';
import type { Transition } from './transitions';

/** An endpoint as its owner reads it; its secret in the answer of its creation only. */
export function toEndpoint(record: EndpointRecord, { withSecret = false } = {}): WebhookEndpoint {
  return {
    id: record.id,
    object: 'webhook_endpoint',
    url: record.url,
    enabledEvents: record.enabledEvents,
    description: record.description,
    faults: record.faults,
    lateMs: record.lateMs,
    status: 'enabled',
    createdAt: isoAt(record.createdAt),
    ...(withSecret ? { secret: record.secret } : {}),
  };
}

export const toDelivery = (record: DeliveryRecord): WebhookDelivery => ({
  id: record.id,
  object: 'webhook_delivery',
  eventId: record.eventId,
  endpointId: record.endpointId,
  attempt: record.attempt,
  status: record.status,
  httpStatus: record.httpStatus,
  error: record.error,
  fault: record.fault,
  scheduledAt: isoAt(record.scheduledAt),
  attemptedAt: record.attemptedAt === null ? null : isoAt(record.attemptedAt),
  nextAttemptAt: record.nextAttemptAt === null ? null : isoAt(record.nextAttemptAt),
});

export type Observed =
  | { kind: 'intent'; record: IntentRecord }
  | { kind: 'session'; record: SessionRecord }
  | { kind: 'transfer'; record: TransferRecord };

export interface PayloadParts {
  config: SandboxConfig;
  store: Store;
  merchants: MerchantProfiles;
}

/** The event `id` telling `transition` of `observed`, its object as its owner reads it at `now`. */
export function eventPayload(
  { config, store, merchants }: PayloadParts,
  id: string,
  observed: Observed,
  transition: Transition,
  now: number,
): WebhookEvent {
  const head = { id, timestamp: isoAt(transition.at) };
  const base = config.checkoutBaseUrl;
  switch (observed.kind) {
    case 'intent': {
      const merchant = merchants.view(observed.record.owner);
      const object = toPaymentIntent(observed.record, { owner: true, extensions: true, merchant, base });
      return { ...head, type: transition.type, data: { object } } as WebhookEvent;
    }
    case 'session': {
      const { record } = observed;
      const object = toSession(store, record, now, base, merchants.view(record.owner));
      return { ...head, type: transition.type, data: { object } } as WebhookEvent;
    }
    case 'transfer': {
      const { record } = observed;
      const object = record.kind === 'remittance' ? toRemittance(record, now) : toDisbursement(record, now);
      return { ...head, type: transition.type, data: { object } } as WebhookEvent;
    }
  }
}
