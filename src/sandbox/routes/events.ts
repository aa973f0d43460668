// Extension (signed events): a merchant's events, newest first (`?type=` filters), each as its
// endpoints receive it, what became of each delivery, and a replay — the same event, the same
// `webhook-id`, queued again to one endpoint or every one that takes its type. Its key's only.
import type { Hono } from 'hono';
import { EVENT_TYPES } from '../../api/schemas/events';
import { replayEventSchema } from '../../api/schemas/webhook-endpoints';
import { requireMerchant } from '../auth';
import { forbidBrowsers, merchantPreflight } from '../cors';
import type { Deps, SandboxEnv } from '../env';
import { invalidField, notFound } from '../errors';
import type { Dispatcher } from '../events/dispatcher';
import { endpointTakes } from '../events/producer';
import { toDelivery } from '../events/views';
import { newId } from '../ids';
import { jsonResponse, readJsonBody } from '../json';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, pageNumber, pageOf, pageOnly } from '../lists';
import type { DeliveryRecord, EventRecord } from '../store/records';
import { parseWith } from '../validate';

export function eventRoutes(app: Hono<SandboxEnv>, deps: Deps, dispatcher: Dispatcher): void {
  const { config, store } = deps;
  const mine = (id: string, owner: string): EventRecord => {
    const record = store.webhooks.event(id);
    if (!record || record.owner !== owner) throw notFound('This event');
    return record;
  };

  app.options('/events', merchantPreflight);
  app.get('/events', forbidBrowsers, requireMerchant, (c) => {
    const type = c.req.query('type');
    const types = type === undefined ? null : new Set(type.split(','));
    if (types && [...types].some((t) => !Object.hasOwn(EVENT_TYPES, t)))
      throw invalidField(
        'type',
        `\`type\` must be one or more of ${Object.keys(EVENT_TYPES).join(', ')}, comma-separated.`,
      );
    const query = pageOnly(
      pageNumber(c, 'page', 1, 1_000_000),
      pageNumber(c, 'perPage', DEFAULT_PER_PAGE, MAX_PER_PAGE),
      type === undefined ? [] : [['type', type]],
    );
    const records = store.webhooks.eventsNewestFirst(c.get('owner'));
    const keep = types ? (record: EventRecord) => types.has(record.type) : undefined;
    return jsonResponse(
      200,
      pageOf(records, query, (record) => record.payload, keep),
    );
  });

  app.options('/events/:id', merchantPreflight);
  app.get('/events/:id', forbidBrowsers, requireMerchant, (c) =>
    jsonResponse(200, mine(c.req.param('id'), c.get('owner')).payload),
  );

  app.options('/events/:id/deliveries', merchantPreflight);
  app.get('/events/:id/deliveries', forbidBrowsers, requireMerchant, (c) => {
    const event = mine(c.req.param('id'), c.get('owner'));
    return jsonResponse(200, { data: store.webhooks.deliveriesOf(event.id).map(toDelivery) });
  });

  app.options('/events/:id/replay', merchantPreflight);
  app.post('/events/:id/replay', forbidBrowsers, requireMerchant, async (c) => {
    // The body may be left out: every endpoint that takes the event's type.
    const value = c.req.header('content-type') === undefined ? {} : await readJsonBody(c, config.maxBodyBytes);
    const body = parseWith(replayEventSchema, value);
    const owner = c.get('owner');
    const event = mine(c.req.param('id'), owner);
    const endpoints =
      body.endpointId === undefined
        ? store.webhooks.endpointsOf(owner).filter((endpoint) => endpointTakes(endpoint, event.type))
        : [store.webhooks.endpoint(body.endpointId)].filter((endpoint) => endpoint?.owner === owner);
    if (body.endpointId !== undefined && endpoints.length === 0) throw notFound('This webhook endpoint');
    const now = config.now();
    const deliveries = endpoints.map(
      (endpoint): DeliveryRecord => ({
        id: newId('wd'),
        eventId: event.id,
        endpointId: (endpoint as { id: string }).id,
        attempt: 1,
        status: 'pending',
        httpStatus: null,
        error: null,
        fault: null,
        scheduledAt: now,
        attemptedAt: null,
        nextAttemptAt: null,
      }),
    );
    store.write(
      deliveries.map((record) => ({ kind: 'delivery' as const, record })),
      owner,
      'total',
    );
    dispatcher.queue(deliveries);
    return jsonResponse(202, { data: deliveries.map(toDelivery) });
  });
}
