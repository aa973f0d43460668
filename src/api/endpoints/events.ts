// Extension (issue 32): where a merchant's events go, and what became of each delivery
// (src/api/schemas/webhook-endpoints.ts), one function per endpoint, and the client's methods over
// them (`createClient` spreads `eventMethods`). The sandbox has these routes; a service without them
// answers 404, which the demo shop and `momo-checkout-sandbox listen` take as "polling alone".
import * as z from 'zod/mini';
import { isApiError } from '../errors';
import { type CallOptions, type ClientConfig, request } from '../http';
import type { PageQuery } from '../pages';
import { webhookEventSchema } from '../schemas/events';
import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEventListSchema,
} from '../schemas/webhook-endpoints';
import type {
  CreateWebhookEndpointRequest,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEvent,
  WebhookEventList,
  WebhookEventType,
} from '../types';

/** What GET /v1/events filters by. */
export interface EventListQuery extends PageQuery {
  type?: WebhookEventType;
}

const query = (given: EventListQuery): string => {
  const params = new URLSearchParams();
  if (given.type !== undefined) params.set('type', given.type);
  if (given.page !== undefined) params.set('page', String(given.page));
  if (given.perPage !== undefined) params.set('perPage', String(given.perPage));
  const text = params.toString();
  return text ? `?${text}` : '';
};

const id = (value: string) => encodeURIComponent(value);

/** POST /v1/webhook-endpoints: the endpoint, with its `secret` (`whsec_…`) — in this answer only. */
export const createWebhookEndpoint = (
  config: ClientConfig,
  body: CreateWebhookEndpointRequest,
  options: CallOptions = {},
): Promise<WebhookEndpoint> =>
  request(config, { ...options, method: 'POST', path: '/v1/webhook-endpoints', body, schema: webhookEndpointSchema });

/** GET /v1/webhook-endpoints: the key's endpoints, newest first (without their secrets). */
export const listWebhookEndpoints = (
  config: ClientConfig,
  page: PageQuery = {},
  options: CallOptions = {},
): Promise<WebhookEndpointList> =>
  request(config, {
    ...options,
    method: 'GET',
    path: `/v1/webhook-endpoints${query(page)}`,
    schema: webhookEndpointListSchema,
  });

/** DELETE /v1/webhook-endpoints/{id}: no more deliveries to it. */
export async function deleteWebhookEndpoint(
  config: ClientConfig,
  endpointId: string,
  options: CallOptions = {},
): Promise<void> {
  try {
    await request(config, {
      ...options,
      method: 'DELETE',
      path: `/v1/webhook-endpoints/${id(endpointId)}`,
      schema: z.unknown(),
    });
  } catch (error) {
    // An empty 204 is the deletion done; the one helper reads JSON only, and the browser bundles
    // carry it, so the case is taken here rather than there.
    if (!(isApiError(error) && error.kind === 'invalid_response' && error.status === 204)) throw error;
  }
}

/** GET /v1/events: the key's events, newest first, the payloads its endpoints receive. */
export const listEvents = (
  config: ClientConfig,
  given: EventListQuery = {},
  options: CallOptions = {},
): Promise<WebhookEventList> =>
  request(config, { ...options, method: 'GET', path: `/v1/events${query(given)}`, schema: webhookEventListSchema });

/** GET /v1/events/{id}. */
export const getEvent = (config: ClientConfig, eventId: string, options: CallOptions = {}): Promise<WebhookEvent> =>
  request(config, { ...options, method: 'GET', path: `/v1/events/${id(eventId)}`, schema: webhookEventSchema });

/** GET /v1/events/{id}/deliveries: each attempt to each endpoint, oldest first. */
export const listEventDeliveries = (
  config: ClientConfig,
  eventId: string,
  options: CallOptions = {},
): Promise<WebhookDeliveryList> =>
  request(config, {
    ...options,
    method: 'GET',
    path: `/v1/events/${id(eventId)}/deliveries`,
    schema: webhookDeliveryListSchema,
  });

/**
 * POST /v1/events/{id}/replay: delivers it again, to one endpoint or to each that takes its type.
 * Resolves with the delivery attempts the answer names (a list, or one), else none: the contract
 * fixes the request, not the answer's shape.
 */
export async function replayEvent(
  config: ClientConfig,
  eventId: string,
  endpointId?: string,
  options: CallOptions = {},
): Promise<WebhookDelivery[]> {
  const answer = await request(config, {
    ...options,
    method: 'POST',
    path: `/v1/events/${id(eventId)}/replay`,
    body: endpointId === undefined ? {} : { endpointId },
    schema: z.unknown(),
  });
  const list = webhookDeliveryListSchema.safeParse(answer);
  if (list.success) return list.data.data;
  const one = webhookDeliverySchema.safeParse(answer);
  return one.success ? [one.data] : [];
}

/** The client's methods (extension: docs/webhooks.md). */
export const eventMethods = (config: ClientConfig) => ({
  createWebhookEndpoint: (body: CreateWebhookEndpointRequest, options?: CallOptions) =>
    createWebhookEndpoint(config, body, options),
  listWebhookEndpoints: (query?: PageQuery, options?: CallOptions) => listWebhookEndpoints(config, query, options),
  deleteWebhookEndpoint: (id: string, options?: CallOptions) => deleteWebhookEndpoint(config, id, options),
  listEvents: (query?: EventListQuery, options?: CallOptions) => listEvents(config, query, options),
  getEvent: (id: string, options?: CallOptions) => getEvent(config, id, options),
  listEventDeliveries: (id: string, options?: CallOptions) => listEventDeliveries(config, id, options),
  replayEvent: (id: string, endpointId?: string, options?: CallOptions) => replayEvent(config, id, endpointId, options),
});
