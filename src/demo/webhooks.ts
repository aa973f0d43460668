// The demo shop's webhook endpoint (issue 32): at start it registers its own address with the
// service it runs against, keeps the secret the registration answers, and hands each delivery to
// fulfillment's fast path (./orders.ts), so its orders page is fed by events with polling behind.
// A service without the extension (404) leaves the shop on polling alone, as before: no error.
import { readPostedBytes } from '../server/posted-form';
import { type Client, isApiError, type WebhookFault, type WebhookHeaders } from '../api';
import type { ReceivedEvent } from '../fulfillment';

export type EndpointState = 'registered' | 'absent' | 'failed' | 'off';

export interface DemoEndpoint {
  /** The endpoint's secret, once registered. */
  secret(): string | undefined;
  /** How registration went: `absent` is a service without webhook endpoints, `off` none asked (polling alone). */
  readonly ready: Promise<EndpointState>;
  /** Deletes the endpoint (a restarted shop registers anew, with a new secret). */
  close(): Promise<void>;
}

/** The most a delivery's body may weigh: an event is a few KB. */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * Registers `url` for every event type, with the delivery `faults` the sandbox is to play on it (a
 * merchant rehearsing a duplicate, a late or out-of-order event against the demo: `npm start` with
 * DEMO_WEBHOOK_FAULTS). Endpoints left at that address by an earlier run (one that died without
 * deleting its own) are deleted first: their secrets are lost, each of their deliveries would be
 * refused and retried for nothing.
 */
export function registerDemoEndpoint(
  client: Client,
  url: string,
  log = console.error,
  faults: readonly WebhookFault[] = [],
): DemoEndpoint {
  let secret: string | undefined;
  let endpointId: string | undefined;
  const ready = (async (): Promise<EndpointState> => {
    try {
      const { data } = await client.listWebhookEndpoints({ perPage: 100 });
      for (const stale of data.filter((endpoint) => endpoint.url === url))
        await client.deleteWebhookEndpoint(stale.id).catch(() => undefined);
      const endpoint = await client.createWebhookEndpoint({
        url,
        enabledEvents: ['*'],
        description: 'momo-checkout demo shop (fulfillment’s fast path)',
        ...(faults.length > 0 ? { faults: [...faults] } : {}),
      });
      secret = endpoint.secret;
      endpointId = endpoint.id;
      return 'registered';
    } catch (error) {
      if (isApiError(error) && error.status === 404) return 'absent';
      log(
        `[demo] no webhook endpoint, orders followed by polling alone: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 'failed';
    }
  })();
  return {
    secret: () => secret,
    ready,
    async close() {
      await ready;
      if (endpointId !== undefined) await client.deleteWebhookEndpoint(endpointId).catch(() => undefined);
      endpointId = undefined;
    },
  };
}

/** No endpoint: the shop against a real service, whose endpoints are the merchant's to register. */
export const noDemoEndpoint: DemoEndpoint = {
  secret: () => undefined,
  ready: Promise.resolve('off'),
  close: async () => undefined,
};

/**
 * POST /demo/webhooks: the raw body and headers to fulfillment; its answer's status back (2xx
 * taken or ignored, 400 refused). 404 while the shop has no endpoint: nothing here is signed for it.
 */
export async function receiveDelivery(
  req: Request,
  endpoint: Pick<DemoEndpoint, 'secret'>,
  receive: (body: string, headers: WebhookHeaders) => Promise<ReceivedEvent>,
): Promise<Response> {
  if (endpoint.secret() === undefined)
    return Response.json({ error: 'this shop has no webhook endpoint registered' }, { status: 404 });
  const bytes = await readPostedBytes(req, MAX_BODY_BYTES);
  if (!bytes) return Response.json({ error: 'too large' }, { status: 413 });
  const result = await receive(new TextDecoder().decode(bytes), req.headers);
  return Response.json(result, { status: result.status });
}
