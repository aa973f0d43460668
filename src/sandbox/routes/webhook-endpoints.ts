// Extension (signed events): a merchant's endpoints — registered (its secret answered once),
// listed, read and deleted by its key; another key sees none of them (404). The contract:
// src/api/schemas/webhook-endpoints.ts; what is delivered to them: ../events.
import type { Hono } from 'hono';
import { createWebhookEndpointSchema } from '../../api/schemas/webhook-endpoints';
import { requireMerchant } from '../auth';
import { forbidBrowsers, merchantPreflight } from '../cors';
import type { Deps, SandboxEnv } from '../env';
import { invalidField, notFound } from '../errors';
import type { EventProducer } from '../events/producer';
import { newWebhookSecret } from '../events/signature';
import { toEndpoint } from '../events/views';
import { newId } from '../ids';
import { jsonResponse } from '../json';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, pageNumber, pageOf, pageOnly } from '../lists';
import type { EndpointRecord } from '../store/records';
import { parseWith } from '../validate';
import { idempotentCreate } from './merchant';

const ALL = '/webhook-endpoints';
const ONE = '/webhook-endpoints/:id';
/** Endpoints one key may have: enough for a shop, its CI and a listener; each one is delivered every event. */
export const MAX_ENDPOINTS = 16;

export function webhookEndpointRoutes(app: Hono<SandboxEnv>, deps: Deps, producer: EventProducer): void {
  const { store } = deps;
  const mine = (id: string, owner: string): EndpointRecord => {
    const record = store.webhooks.endpoint(id);
    if (!record || record.owner !== owner) throw notFound('This webhook endpoint');
    return record;
  };

  app.options(ALL, merchantPreflight);
  app.post(ALL, forbidBrowsers, requireMerchant, (c) =>
    idempotentCreate(c, deps, ALL, (value, owner, now) => {
      const body = parseWith(createWebhookEndpointSchema, value);
      if (store.webhooks.endpointsOf(owner).length >= MAX_ENDPOINTS)
        throw invalidField('url', `A key may have at most ${MAX_ENDPOINTS} webhook endpoints: delete one first.`);
      const record: EndpointRecord = {
        id: newId('we'),
        owner,
        url: body.url,
        enabledEvents: [...new Set(body.enabledEvents ?? (['*'] as const))],
        description: body.description ?? null,
        faults: [...new Set(body.faults ?? [])],
        lateMs: body.lateMs ?? null,
        secret: newWebhookSecret(),
        createdAt: now,
      };
      store.write([{ kind: 'endpoint', record }], owner, 'token');
      // What this key's records go through from now on is told: they are watched from here.
      producer.watchAll();
      return { status: 201, body: toEndpoint(record, { withSecret: true }) };
    }),
  );

  app.get(ALL, forbidBrowsers, requireMerchant, (c) => {
    const page = pageNumber(c, 'page', 1, 1_000_000);
    const perPage = pageNumber(c, 'perPage', DEFAULT_PER_PAGE, MAX_PER_PAGE);
    const list = store.webhooks.endpointsOf(c.get('owner'));
    const newestFirst = { length: list.length, at: (i: number) => list[list.length - 1 - i] as EndpointRecord };
    return jsonResponse(
      200,
      pageOf(newestFirst, pageOnly(page, perPage), (record) => toEndpoint(record)),
    );
  });

  app.options(ONE, merchantPreflight);
  app.get(ONE, forbidBrowsers, requireMerchant, (c) =>
    jsonResponse(200, toEndpoint(mine(c.req.param('id'), c.get('owner')))),
  );

  app.delete(ONE, forbidBrowsers, requireMerchant, (c) => {
    const record = mine(c.req.param('id'), c.get('owner'));
    // Its deliveries still owed are dropped as they come due (../events/dispatcher).
    store.write([{ kind: 'forget', key: `w:${record.id}` }], record.owner, 'none');
    return c.body(null, 204);
  });
}
