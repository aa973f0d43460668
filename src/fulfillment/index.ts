// `momo-checkout/fulfillment`: for the merchant's server (Node), never a browser. docs/fulfillment.md.
export {
  createFulfillment,
  type Fulfillment,
  type FulfillmentOptions,
  type FollowTarget,
  type Handler,
  type Handlers,
  type ReceivedEvent,
  type WebhookSecrets,
} from './fulfillment';
export type { FulfillmentClock } from './clock';
export { ClaimLostError } from './deliver';
export { fileStore, type FileStoreOptions } from './file-store';
export { postgresStore, type PostgresPool, type PostgresStoreOptions } from './postgres-store';
export { DamagedRecordError } from './record';
export { DEFAULT_PACE, type Pace } from './schedule';
export type {
  Claim,
  Claimed,
  DamagedRecord,
  DeliveryState,
  FollowedPayment,
  FulfillmentEvent,
  FulfillmentKind,
  FulfillmentStore,
} from './types';
