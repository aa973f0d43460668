// A stub of the webhook endpoints' contract (src/api/schemas/webhook-endpoints.ts), for testing the
// package's side (the client, the CLI, the demo shop) before the sandbox's side exists: it keeps
// endpoints and events in memory, answers the contract's routes, and — when a test emits an event —
// delivers it signed (the sandbox's signer) to each endpoint that takes it, recording each attempt.
// Every answer is checked against the contract's schemas, so the stub cannot drift from it.
import {
  createWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEventListSchema,
} from '../../src/api/schemas/webhook-endpoints';
import { webhookEventSchema } from '../../src/api/schemas/events';
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../src/api/types';
import { newWebhookSecret, webhookHeaders } from '../../src/sandbox/events/signature';

interface Kept {
  endpoint: WebhookEndpoint;
  secret: string;
}

const meta = (total: number) => ({
  total,
  perPage: 100,
  currentPage: 1,
  lastPage: 1,
  firstPage: 1,
  firstPageUrl: '/?page=1',
  lastPageUrl: '/?page=1',
  nextPageUrl: null,
  previousPageUrl: null,
});

export interface WebhookStubOptions {
  /** How the stub reaches an endpoint's URL (default the global fetch); null: never delivers. */
  deliver?: ((request: Request) => Promise<Response>) | null;
  /** Answer 404 to every route, as a service without the extension. */
  absent?: boolean;
  now?: () => number;
}

export function webhookStub(options: WebhookStubOptions = {}) {
  const now = options.now ?? Date.now;
  const endpoints = new Map<string, Kept>();
  const events: WebhookEvent[] = [];
  const deliveries = new Map<string, WebhookDelivery[]>();
  const requests: string[] = [];
  let serial = 0;
  const iso = () => new Date(now()).toISOString();
  const json = (body: unknown, status = 200) => Response.json(body, { status });
  const notFound = () => json({ error: { code: 'not_found', message: 'No such route or object.' } }, 404);

  async function deliverTo(kept: Kept, event: WebhookEvent, badSignature = false): Promise<WebhookDelivery> {
    serial += 1;
    const body = JSON.stringify(event);
    const secret = badSignature ? newWebhookSecret() : kept.secret;
    const attempt: WebhookDelivery = {
      id: `wd_${serial}`,
      object: 'webhook_delivery',
      eventId: event.id,
      endpointId: kept.endpoint.id,
      attempt: (deliveries.get(event.id) ?? []).filter((d) => d.endpointId === kept.endpoint.id).length + 1,
      status: 'pending',
      httpStatus: null,
      error: null,
      fault: badSignature ? 'bad_signature' : null,
      scheduledAt: iso(),
      attemptedAt: iso(),
      nextAttemptAt: null,
    };
    if (options.deliver !== null) {
      try {
        const answer = await (options.deliver ?? fetch)(
          new Request(kept.endpoint.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...webhookHeaders(secret, event.id, now(), body) },
            body,
          }),
        );
        attempt.httpStatus = answer.status;
        attempt.status = answer.ok ? 'succeeded' : 'failed';
        attempt.error = answer.ok ? null : `HTTP ${answer.status}`;
      } catch (error) {
        attempt.status = 'failed';
        attempt.error = String(error);
      }
    }
    deliveries.set(event.id, [...(deliveries.get(event.id) ?? []), attempt]);
    return attempt;
  }

  const takes = (kept: Kept, event: WebhookEvent) =>
    kept.endpoint.enabledEvents.includes('*') || kept.endpoint.enabledEvents.includes(event.type);

  async function fetchHandler(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const route = `${request.method} ${url.pathname}`;
    requests.push(`${route}${url.search}`);
    if (options.absent) return notFound();
    if (route === 'POST /v1/webhook-endpoints') {
      const parsed = createWebhookEndpointSchema.safeParse(await request.json());
      if (!parsed.success)
        return json({ error: { code: 'invalid_request', message: parsed.error.issues[0]?.message ?? '' } }, 400);
      serial += 1;
      const secret = newWebhookSecret();
      const endpoint = webhookEndpointSchema.parse({
        id: `we_${serial}`,
        object: 'webhook_endpoint',
        url: parsed.data.url,
        enabledEvents: parsed.data.enabledEvents ?? ['*'],
        description: parsed.data.description ?? null,
        faults: parsed.data.faults ?? [],
        lateMs: parsed.data.lateMs ?? null,
        status: 'enabled',
        createdAt: iso(),
      });
      endpoints.set(endpoint.id, { endpoint, secret });
      return json({ ...endpoint, secret }, 201);
    }
    if (route === 'GET /v1/webhook-endpoints')
      return json(
        webhookEndpointListSchema.parse({
          meta: meta(endpoints.size),
          data: [...endpoints.values()].map((k) => k.endpoint),
        }),
      );
    const endpointMatch = /^DELETE \/v1\/webhook-endpoints\/(we_[^/]+)$/.exec(route);
    if (endpointMatch) {
      const kept = endpoints.get(endpointMatch[1] as string);
      if (!kept) return notFound();
      endpoints.delete(kept.endpoint.id);
      return new Response(null, { status: 204 });
    }
    if (route === 'GET /v1/events') {
      const type = url.searchParams.get('type');
      const data = events.filter((e) => type === null || e.type === type).reverse();
      return json(webhookEventListSchema.parse({ meta: meta(data.length), data }));
    }
    const eventMatch = /^(GET|POST) \/v1\/events\/(evt_[^/]+)(\/deliveries|\/replay)?$/.exec(route);
    const event = eventMatch && events.find((e) => e.id === eventMatch[2]);
    if (!eventMatch || !event) return notFound();
    if (eventMatch[1] === 'GET' && !eventMatch[3]) return json(event);
    if (eventMatch[1] === 'GET' && eventMatch[3] === '/deliveries')
      return json(webhookDeliveryListSchema.parse({ data: deliveries.get(event.id) ?? [] }));
    if (eventMatch[1] === 'POST' && eventMatch[3] === '/replay') {
      const body = (await request.json().catch(() => ({}))) as { endpointId?: string };
      const targets = [...endpoints.values()].filter((k) =>
        body.endpointId === undefined ? takes(k, event) : k.endpoint.id === body.endpointId,
      );
      if (body.endpointId !== undefined && targets.length === 0) return notFound();
      const data = [];
      for (const kept of targets) data.push(await deliverTo(kept, event));
      return json(webhookDeliveryListSchema.parse({ data }));
    }
    return notFound();
  }

  return {
    fetch: fetchHandler,
    requests,
    endpoints: () => [...endpoints.values()].map((k) => ({ ...k.endpoint, secret: k.secret })),
    deliveriesOf: (eventId: string) => deliveries.get(eventId) ?? [],
    /** Keeps the event and delivers it to each endpoint that takes it (first wrongly signed, with that fault). */
    async emit(given: WebhookEvent): Promise<WebhookEvent> {
      const event = webhookEventSchema.parse(given);
      events.push(event);
      for (const kept of endpoints.values()) {
        if (!takes(kept, event)) continue;
        if (kept.endpoint.faults.includes('bad_signature')) await deliverTo(kept, event, true);
        await deliverTo(kept, event);
        if (kept.endpoint.faults.includes('duplicate')) await deliverTo(kept, event);
      }
      return event;
    },
  };
}

export type WebhookStub = ReturnType<typeof webhookStub>;
