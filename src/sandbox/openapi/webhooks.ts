// The events a sandbox delivers to a merchant's endpoints, as OpenAPI 3.1 writes what an API calls
// (its top-level `webhooks`): one entry per event type, its payload a named schema, signed per the
// Standard Webhooks specification. The table is empty until the sandbox delivers events (issue 32,
// item 1); the endpoints that register and list them are operations like any (./operations).
import * as z from 'zod/mini';
import { type SchemaName, schemaRef } from './components';

export interface DocumentedEvent {
  /** The event type, e.g. `payment_intent.succeeded`. */
  type: string;
  summary: string;
  payload: SchemaName;
}

/** Every event type a sandbox delivers: none yet. */
export const WEBHOOK_EVENTS: readonly DocumentedEvent[] = [];

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
