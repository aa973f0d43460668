// `momo-checkout-sandbox listen --forward-to <url>`: registers an endpoint at <url> (a merchant's
// local server), prints its secret in one line a script can read, then each delivery to it as the
// service attempts it — read back from GET /v1/events and …/deliveries, so what is printed is what
// the service did, faults included — and deletes the endpoint when stopped (SIGINT, SIGTERM).
// The service delivers to <url> itself: listen forwards nothing, it registers and watches.
import type { WebhookDelivery, WebhookEvent, WebhookEventType, WebhookFault } from '../../api';
import { EVENT_TYPES } from '../../api/schemas/events';
import { WEBHOOK_FAULTS } from '../../api/schemas/webhook-endpoints';
import {
  clientOf,
  type CommandIo,
  isAbsent,
  NO_EVENTS,
  pauseUntilStopped,
  readArgs,
  serviceFailure,
  UsageError,
} from './options';

export const LISTEN_USAGE = `Usage: momo-checkout-sandbox listen --forward-to <url> [--events a,b] [--fault f]… [--late-ms N] [--api <base>] [--key sk_test_…]
  --forward-to URL  where the service delivers each event (your server's webhook route)
  --events a,b      the event types to receive (default: all): ${Object.keys(EVENT_TYPES).join(', ')}
  --fault F         a delivery fault, repeatable: ${WEBHOOK_FAULTS.join(', ')}
  --late-ms N       with --fault late: how long each delivery waits (default 5000)
  --api URL         the service (default MOMO_API_BASE, else http://127.0.0.1:12111)
  --key KEY         the merchant's test key (default MOMO_SECRET_KEY, else sk_test_cli): events are per key
Prints MOMO_WEBHOOK_SECRET=whsec_… (the endpoint's secret) on its first line, then one line per delivery
attempt; Ctrl-C deletes the endpoint.`;

/** How long an event's deliveries are watched after it first shows (retries with backoff, the late fault). */
const WATCH_MS = 30 * 60_000;

function listOf<T extends string>(given: readonly string[], known: readonly T[], what: string): T[] {
  for (const value of given)
    if (!(known as readonly string[]).includes(value))
      throw new UsageError(`${what} "${value}" is none of: ${known.join(', ')}.`);
  return given as T[];
}

/** One delivery attempt, as a line: when, which event, which attempt, how it went. */
export function deliveryLine(event: Pick<WebhookEvent, 'id' | 'type'>, delivery: WebhookDelivery): string {
  const answer =
    delivery.status === 'pending'
      ? 'queued'
      : delivery.httpStatus === null
        ? (delivery.error ?? 'no answer')
        : `HTTP ${delivery.httpStatus}`;
  const fault = delivery.fault ? ` fault=${delivery.fault}` : '';
  const retry = delivery.nextAttemptAt ? ` retry at ${delivery.nextAttemptAt}` : '';
  return `${delivery.attemptedAt ?? delivery.scheduledAt}  ${event.type}  ${event.id}  attempt ${delivery.attempt}  ${delivery.status} (${answer})${fault}${retry}`;
}

export async function listenCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values } = readArgs(args, {
    'forward-to': { type: 'string' },
    events: { type: 'string' },
    fault: { type: 'string', multiple: true },
    'late-ms': { type: 'string' },
  });
  if (values.help) {
    io.out(LISTEN_USAGE);
    return 0;
  }
  const url = values['forward-to'];
  if (typeof url !== 'string' || !/^https?:\/\/\S+$/.test(url))
    throw new UsageError('--forward-to needs an http(s) address, e.g. http://127.0.0.1:3000/webhooks.');
  const types = typeof values.events === 'string' ? values.events.split(',').filter(Boolean) : [];
  const enabledEvents = listOf<WebhookEventType>(types, Object.keys(EVENT_TYPES) as WebhookEventType[], 'event type');
  const faults = listOf<WebhookFault>(values.fault ?? [], WEBHOOK_FAULTS, 'fault');
  const lateText = values['late-ms'];
  const lateMs = typeof lateText === 'string' ? Number(lateText) : undefined;
  if (lateMs !== undefined && !(Number.isInteger(lateMs) && lateMs >= 1 && lateMs <= 600_000))
    throw new UsageError('--late-ms takes a whole number of ms from 1 to 600000.');
  const { client, baseUrl } = clientOf(values, io);

  let endpoint: Awaited<ReturnType<typeof client.createWebhookEndpoint>>;
  // The events already there are not this run's: only those after it are watched.
  const before = new Set<string>();
  try {
    for (const event of (await client.listEvents({ perPage: 100 })).data) before.add(event.id);
    endpoint = await client.createWebhookEndpoint({
      url,
      ...(enabledEvents.length ? { enabledEvents } : {}),
      ...(faults.length ? { faults } : {}),
      ...(lateMs !== undefined ? { lateMs } : {}),
      description: 'momo-checkout-sandbox listen',
    });
  } catch (error) {
    io.err(`momo-checkout-sandbox listen: ${isAbsent(error) ? NO_EVENTS : serviceFailure(error)}`);
    return 1;
  }
  io.out(`MOMO_WEBHOOK_SECRET=${endpoint.secret ?? ''}`);
  io.err(
    `Ready: ${baseUrl} delivers ${enabledEvents.length ? enabledEvents.join(', ') : 'every event'} to ${url} (endpoint ${endpoint.id}${faults.length ? `, faults ${faults.join(', ')}` : ''}). Ctrl-C stops and deletes it.`,
  );

  const watched = new Map<string, { event: WebhookEvent; since: number }>();
  const printed = new Set<string>();
  while (!io.stop.aborted) {
    try {
      for (const event of (await client.listEvents({ perPage: 100 })).data)
        if (!before.has(event.id) && !watched.has(event.id)) watched.set(event.id, { event, since: Date.now() });
      for (const [id, { event, since }] of watched) {
        const { data } = await client.listEventDeliveries(id);
        for (const delivery of data) {
          if (delivery.endpointId !== endpoint.id || delivery.status === 'pending') continue;
          const key = `${delivery.id}:${delivery.status}`;
          if (printed.has(key)) continue;
          printed.add(key);
          io.out(deliveryLine(event, delivery));
        }
        if (Date.now() - since > WATCH_MS) watched.delete(id);
      }
    } catch (error) {
      // The service restarting is no reason to stop: the endpoint is still there when it is back.
      io.err(`momo-checkout-sandbox listen: ${serviceFailure(error)}`);
    }
    await pauseUntilStopped(io.pollMs ?? 1000, io.stop);
  }
  try {
    await client.deleteWebhookEndpoint(endpoint.id);
    io.err(`Deleted endpoint ${endpoint.id}.`);
    return 0;
  } catch (error) {
    io.err(`momo-checkout-sandbox listen: endpoint ${endpoint.id} not deleted: ${serviceFailure(error)}`);
    return 1;
  }
}
