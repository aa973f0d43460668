// The API client, and the package's main entry (`momo-checkout`): no schema is exported, so the
// shipped declarations hold the contract's types without zod (see scripts/package-types.ts).
export { serviceBase } from './base-url';
export { createClient, type Client } from './client';
export { getIntentView, getSession } from './endpoints/checkout';
export { confirmIntent, createIntent, eachIntent, getIntent, listIntents } from './endpoints/intents';
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  type EventListQuery,
  getEvent,
  listEventDeliveries,
  listEvents,
  listWebhookEndpoints,
  replayEvent,
} from './endpoints/events';
export { createSession, eachSession, listSessions } from './endpoints/sessions';
export {
  createDisbursement,
  createRemittance,
  eachRemittance,
  getDisbursement,
  getRemittance,
  listRemittances,
} from './endpoints/transfers';
export type { IntentListQuery, ListQuery, Page, PageQuery } from './pages';
export { ApiError, isApiError, mayHaveTakenEffect, isTransient, type ApiErrorKind } from './errors';
export type { CallOptions, ClientConfig } from './http';
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  WebhookError,
  type WebhookFailure,
  type WebhookHeaders,
} from './webhooks';
export type * from './types';
