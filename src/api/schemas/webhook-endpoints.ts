// Extension (issue 32): where a merchant wants its events, and what became of each delivery. The
// interface says delivery of events is "not shown"; this is the contract the sandbox plays and the
// package's tools (`momo-checkout-sandbox listen | trigger | replay`) speak. Field names follow the
// service's camelCase, lists its page meta (./resources).
import * as z from 'zod/mini';
import { prefixed, timestamp } from './fields';
import { eventTypeSchema, webhookEventSchema } from './events';
import { paginationMetaSchema } from './resources';

/**
 * Delivery faults a merchant's CI asks the sandbox for, per endpoint (sandbox only; a real service
 * ignores them). `duplicate`: each event is delivered twice. `late`: each delivery waits `lateMs`
 * first. `out_of_order`: an intent's events are delivered newest first (a `succeeded` before its
 * `pending`). `fail_then_succeed`: the first attempt counts as failed whatever the answer (as if
 * the answer was lost), so the retry delivers the same event again. `bad_signature`: each event is
 * first delivered with a wrong signature (the merchant must refuse it), then correctly.
 */
export const WEBHOOK_FAULTS = ['duplicate', 'late', 'out_of_order', 'fail_then_succeed', 'bad_signature'] as const;
export const webhookFaultSchema = z.enum(WEBHOOK_FAULTS);

const endpointUrl = z.string().check(z.maxLength(2048), z.regex(/^https?:\/\/[^\s]+$/));

/** Body of POST /v1/webhook-endpoints. `enabledEvents: ["*"]` (the default) is every type. */
export const createWebhookEndpointSchema = z.object({
  url: endpointUrl,
  enabledEvents: z.optional(z.array(z.union([z.literal('*'), eventTypeSchema])).check(z.minLength(1))),
  description: z.optional(z.string().check(z.maxLength(200))),
  faults: z.optional(z.array(webhookFaultSchema)),
  /**
   * With the `late` fault: how long each delivery waits; with `out_of_order`, how long each waits
   * for a later event of its object to overtake it. 1 ms to 10 minutes (default 5 000).
   */
  lateMs: z.optional(z.int().check(z.gte(1), z.lte(600_000))),
});

/** A registered endpoint. Its `secret` (Standard Webhooks' `whsec_…`) is in the answer of its creation only. */
export const webhookEndpointSchema = z.object({
  id: prefixed('we'),
  object: z.literal('webhook_endpoint'),
  url: endpointUrl,
  enabledEvents: z.array(z.union([z.literal('*'), eventTypeSchema])),
  description: z.nullable(z.string()),
  faults: z.array(webhookFaultSchema),
  lateMs: z.nullable(z.int()),
  status: z.enum(['enabled', 'disabled']),
  createdAt: timestamp(),
  secret: z.optional(prefixed('whsec')),
});

/** GET /v1/webhook-endpoints, newest first. */
export const webhookEndpointListSchema = z.object({
  meta: paginationMetaSchema,
  data: z.array(webhookEndpointSchema),
});

/** GET /v1/events (`?type=` filters), newest first: the same payloads the endpoints receive. */
export const webhookEventListSchema = z.object({
  meta: paginationMetaSchema,
  data: z.array(webhookEventSchema),
});

/**
 * One attempt to deliver an event to one endpoint. `pending` until it is made; `succeeded` on a 2xx
 * answer within the timeout; else `failed`, with the next attempt's time while retries remain.
 */
export const webhookDeliverySchema = z.object({
  id: prefixed('wd'),
  object: z.literal('webhook_delivery'),
  eventId: prefixed('evt'),
  endpointId: prefixed('we'),
  attempt: z.int().check(z.positive()),
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** The answer's status code; null when none came (refused, timed out, not yet made). */
  httpStatus: z.nullable(z.int()),
  /** Why it failed, in a few words ("timeout after 15000 ms", "HTTP 500"); null otherwise. */
  error: z.nullable(z.string()),
  /** The fault this attempt played, if any. */
  fault: z.nullable(webhookFaultSchema),
  scheduledAt: timestamp(),
  attemptedAt: z.nullable(timestamp()),
  nextAttemptAt: z.nullable(timestamp()),
});

/** GET /v1/events/{id}/deliveries, oldest first (the order they were made). */
export const webhookDeliveryListSchema = z.object({
  data: z.array(webhookDeliverySchema),
});

/** Body of POST /v1/events/{id}/replay: one endpoint, or every endpoint that takes its type. */
export const replayEventSchema = z.object({
  endpointId: z.optional(prefixed('we')),
});
