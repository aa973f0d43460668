// The events a sandbox delivers to a merchant's endpoints, as OpenAPI 3.1 writes what an API calls
// (its top-level `webhooks`): one entry per event type, its payload a named schema, signed per the
// Standard Webhooks specification. The endpoints that register and list them are operations like
// any (./event-operations).
import * as z from 'zod/mini';
import type { EVENT_TYPES } from '../../api/schemas/events';
import { type SchemaName, schemaRef } from './components';

export interface DocumentedEvent {
  /** The event type, e.g. `payment_intent.succeeded`. */
  type: string;
  summary: string;
  payload: SchemaName;
}

const SUMMARIES: Record<keyof typeof EVENT_TYPES, string> = {
  'payment_intent.pending': 'An attempt now waits for the payer (a push, a code, the wallet’s app)',
  'payment_intent.payment_failed': 'An attempt failed: the intent may be paid again',
  'payment_intent.succeeded': 'The intent is paid',
  'payment_intent.canceled': 'The intent is canceled (its session expired, or its attempts ran out)',
  'checkout.session.completed': 'A checkout session is paid',
  'checkout.session.expired': 'A checkout session expired unpaid',
  'remittance.succeeded': 'A remittance was executed',
  'remittance.failed': 'A remittance failed',
  'disbursement.succeeded': 'A disbursement was executed',
  'disbursement.failed': 'A disbursement failed',
};

/** Every event type a sandbox delivers, each payload the contract's event (its `type` says which). */
export const WEBHOOK_EVENTS: readonly DocumentedEvent[] = Object.entries(SUMMARIES).map(([type, summary]) => ({
  type,
  summary,
  payload: 'WebhookEvent',
}));

/** The three headers of a delivery, per Standard Webhooks (https://www.standardwebhooks.com). */
export const DELIVERY_HEADERS = [
  [
    'webhook-id',
    'The delivery\u2019s event id: the same on every retry of it, so a receiver does its work once.',
    z.string(),
  ],
  [
    'webhook-timestamp',
    'Seconds since 1970 when it was sent; a receiver refuses one far from its own clock.',
    z.string().check(z.regex(/^\d{1,12}$/)),
  ],
  ['webhook-signature', 'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `id.timestamp.body`.', z.string()],
] as const;

type Json = Record<string, unknown>;

/** The `webhooks` of the document, or nothing while the table is empty. */
export function webhooksOf(events: readonly DocumentedEvent[], inline: (schema: z.ZodMiniType) => Json): Json {
  if (events.length === 0) return {};
  const parameters = DELIVERY_HEADERS.map(([name, description, schema]) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: inline(schema),
  }));
  return {
    webhooks: Object.fromEntries(
      events.map((event) => [
        event.type,
        {
          post: {
            operationId: `on_${event.type.replace(/\W/g, '_')}`,
            summary: event.summary,
            tags: ['Events'],
            security: [],
            parameters,
            requestBody: { required: true, content: { 'application/json': { schema: schemaRef(event.payload) } } },
            responses: {
              '2XX': { description: 'Received: any 2xx ends the retries of this delivery.' },
              default: { description: 'Not received: the delivery is retried, later each time.' },
            },
            'x-momo-extension': true,
          },
        },
      ]),
    ),
  };
}
