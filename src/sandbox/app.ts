// The sandbox: a local, faithful stand-in for the mobile-money payment service, used by the dev
// server, the demo and every test. Its state lives in memory, per instance, and with `dataDir`
// also on disk (./persist); time comes from an injectable clock. Nothing runs in the background but the
// signed events' pump and deliveries (./events), an extension, on unref'd timers stopped by `close`.
import { Hono } from 'hono';
import { redact } from '../api/redact';
import { merchantToken, ownerOfToken } from './auth';
import { resolveConfig, type SandboxOptions } from './config';
import type { Deps, SandboxBindings, SandboxEnv } from './env';
import { SandboxError } from './errors';
import { Dispatcher } from './events/dispatcher';
import { EventProducer } from './events/producer';
import { EventPump } from './events/pump';
import { FaultControl } from './faults/control';
import { faultMiddleware } from './faults/middleware';
import { faultRoutes } from './faults/routes';
import { jsonResponse } from './json';
import { ListTurns } from './list-turns';
import { MerchantProfiles } from './merchants';
import { OPENAPI_PATH, openApiRoute } from './openapi/route';
import { confirmLimits, SlidingWindow } from './rate-limit';
import { approvalRoutes } from './routes/approvals';
import { availabilityRoutes } from './routes/availability';
import { menuRoutes } from './routes/menu';
import { eventRoutes } from './routes/events';
import { intentRoutes } from './routes/intents';
import { listRoutes } from './routes/lists';
import { paymentLinkRoutes } from './routes/payment-links';
import { profileRoutes } from './routes/profiles';
import { sessionRoutes } from './routes/sessions';
import { transferRoutes } from './routes/transfers';
import { webhookEndpointRoutes } from './routes/webhook-endpoints';
import { Stats, type SandboxStats } from './stats';
import { Journal } from './persist/journal';
import { Store } from './store/store';
import { isoAt } from './time';

/** Where every address of the service begins. */
const API_PREFIX = '/v1';

export interface Sandbox {
  app: Hono<SandboxEnv>;
  /** `Request → Response`; a server adapter's bindings (the Node request) may be passed along. */
  fetch: (request: Request, env?: SandboxBindings) => Promise<Response>;
  /** Fault injection, when the sandbox was created with faults on (option or SANDBOX_FAULTS=1). */
  faults: FaultControl | null;
  /** Record counts and confirm answers per intent. */
  stats: () => SandboxStats;
  /** Waits for every write to reach the disk and lets go of the state directory (if any). */
  close: () => Promise<void>;
}

/**
 * What is likely wrong with the address of a path nobody serves: the first hour's trap was a client
 * given the printed `…/v1` that asked for `/v1/v1/…` and heard only "does not exist".
 */
function addressHint(path: string): string {
  if (/^\/v1\/v1(\/|$)/i.test(path))
    return ' The path holds /v1 twice: the base address given to the client already ended in /v1 — give the service\u2019s address with /v1 once, or without it.';
  if (!/^\/v1(\/|$)/i.test(path))
    return ' Every path of this service starts with /v1, right after its address (e.g. GET /v1/payment-intents/{id}): check the base address given to the client.';
  return '';
}

function logInternal(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  console.error(`[sandbox] internal error: ${redact(text)}`);
}

/** Events of what a request wrote; a failure there is logged, never the request's. */
function observeWritten(producer: EventProducer | null, now: number): void {
  try {
    producer?.observeWritten(now);
  } catch (error) {
    logInternal(error);
  }
}

export function createSandbox(options: SandboxOptions & { faults: true }): Sandbox & { faults: FaultControl };
export function createSandbox(options?: SandboxOptions): Sandbox;
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const config = resolveConfig(options);
  const store = new Store({ limits: config.limits, retentionMs: config.retentionMs });
  const journal = config.dataDir === null ? null : Journal.open(config.dataDir, store, config.now());
  if (journal) store.writeTo(journal);
  const deps: Deps = {
    config,
    store,
    stats: new Stats(),
    confirmLimits: config.confirmRateLimit ? confirmLimits(config.confirmRateLimit) : null,
    listLimit: config.listRateLimit ? new SlidingWindow(config.listRateLimit) : null,
    listTurns: new ListTurns(),
    faults: config.faults ? new FaultControl() : null,
    merchants: new MerchantProfiles(store, config.merchants, config.checkoutBaseUrl),
  };
  // Extension: signed events, made from what the records go through and delivered in the
  // background (./events) — the one thing the sandbox runs between requests.
  const dispatcher = new Dispatcher({ config, store, durable: () => journal?.durable() ?? Promise.resolve() });
  const producer = config.extensions
    ? new EventProducer({ config, store, merchants: deps.merchants }, (deliveries) => dispatcher.queue(deliveries))
    : null;
  const pump = producer ? new EventPump(config, producer, dispatcher) : null;
  if (producer) store.onWrite((entry) => producer.noteWrite(entry));
  pump?.start();
  // Every address of the service is under /v1: the route modules write theirs relative to it, on
  // a sub-app mounted there (`app.route`), after this app's own middleware, which runs first.
  const app = new Hono<SandboxEnv>();
  const api = () => new Hono<SandboxEnv>();

  if (deps.faults) {
    app.use('*', faultMiddleware(deps.faults));
    // The fault control's routes answer before the middleware below (no journal, no expiry).
    const control = api();
    faultRoutes(control, deps, deps.faults);
    app.route(API_PREFIX, control);
  }
  app.use('*', async (c, next) => {
    journal?.check();
    // What has expired is forgotten as each request comes, not by a timer.
    store.forgetExpired(config.now());
    await next();
    // What the request changed is told before it is answered: a payer's confirm and its
    // `payment_intent.pending` go to disk together.
    observeWritten(producer, config.now());
    // No answer goes out before what it acknowledges, or shows, is on disk.
    await journal?.durable().catch((error: unknown) => {
      if (!(error instanceof SandboxError)) throw error;
      c.res = undefined;
      c.res = jsonResponse(error.status, error.toBody());
    });
    // A merchant is told, on every call with its key, that records of its were forgotten to make
    // room at the whole's bound (docs/sandbox-state.md): how many, and when the last went.
    const token = store.evicted === 0 ? null : merchantToken(c.req.header('authorization'));
    const evicted = token === null ? undefined : store.evictedOf(ownerOfToken(token));
    if (evicted) {
      c.res.headers.set('Momo-Sandbox-Evicted', String(evicted.count));
      c.res.headers.set('Momo-Sandbox-Evicted-Last', isoAt(evicted.lastAt));
    }
  });
  const v1 = api();
  intentRoutes(v1, deps);
  transferRoutes(v1, deps);
  sessionRoutes(v1, deps);
  if (config.extensions) {
    profileRoutes(v1, deps);
    listRoutes(v1, deps);
    approvalRoutes(v1, deps);
    paymentLinkRoutes(v1, deps);
    availabilityRoutes(v1, deps);
    menuRoutes(v1, deps);
  }
  if (producer) {
    webhookEndpointRoutes(v1, deps, producer);
    eventRoutes(v1, deps, dispatcher);
  }
  app.route(API_PREFIX, v1);
  app.get(OPENAPI_PATH, openApiRoute(config));

  app.notFound((c) => {
    const error = new SandboxError('not_found', `This endpoint does not exist.${addressHint(c.req.path)}`);
    return jsonResponse(error.status, error.toBody());
  });
  app.onError((error) => {
    if (error instanceof SandboxError) return jsonResponse(error.status, error.toBody());
    logInternal(error);
    const internal = new SandboxError('internal_error', 'The sandbox failed unexpectedly; the request may be retried.');
    return jsonResponse(internal.status, internal.toBody());
  });

  return {
    app,
    fetch: async (request, env) => app.fetch(request, env),
    faults: deps.faults,
    stats: () => deps.stats.snapshot(deps.store),
    close: async () => {
      await pump?.stop();
      await journal?.close();
    },
  };
}
