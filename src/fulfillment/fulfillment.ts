// Fulfillment for the merchant's server (issue 21): hand it every session or intent you create;
// it follows each to its end on its own pace and calls your `paid` handler once per paid payment,
// across restarts, crashes and several processes sharing one store (docs/fulfillment.md).
//
// One loop per process: it claims due payments from the store (two processes never work on one
// payment at once: the file store's claim holds while its process lives, PostgreSQL's row lock while
// its delivery runs), reads each intent, records what it learned, and makes the deliveries a
// payment's end calls for through the store (./deliver.ts), which marks each done only once the
// handler resolved, and only under the claim that ran it. Memory holds the payments being worked on (at most `concurrency`), never the
// whole set; reads are held to `maxRequestsPerSecond`, and stop altogether while the service is down.
// A process works on the payments of its own key only (and on those no read has found yet): two
// shops, or two keys, may share one store (docs/fulfillment.md, "One store, several keys").
// The loop is here; a payment's record as `follow` starts it is ./follow-target.ts's, one read of an
// intent ./read-intent.ts's, the sweep of the service's list ./sweep.ts's, and what they learn of
// the service (down, or proven to find payments) ./service-state.ts's.
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
// The client through its entry only: the package's build makes it an import of `momo-checkout`.
import { type ClientConfig, serviceBase, type WebhookHeaders } from '../api';
import { type FulfillmentClock, realClock } from './clock';
import { deliveries, type Handlers, warnInDoubt } from './deliver';
import { type FollowTarget, followedPayment } from './follow-target';

export { eventOf, type Handler, type Handlers } from './deliver';
export type { FollowTarget } from './follow-target';
export type { ReceivedEvent, WebhookSecrets } from './receive-event';
import { fileStore } from './file-store';
import { rateLimit } from './rate';
import { intentReader } from './read-intent';
import { eventReceiver, type ReceivedEvent, type WebhookSecrets } from './receive-event';
import { DamagedRecordError } from './record';
import { DEFAULT_PACE, DEFAULT_WINDOW_MS, type Pace } from './schedule';
import { ServiceState } from './service-state';
import { sweeper } from './sweep';
import { type Claimed, type DamagedRecord, FINISHED, type FollowedPayment, type FulfillmentStore } from './types';

export interface FulfillmentOptions {
  /** The service, as for `createClient`: its base URL and your secret key. */
  api: ClientConfig;
  handlers: Handlers;
  /** Default: `fileStore('.momo-fulfillment')` in the working directory. */
  store?: FulfillmentStore;
  /** Reads of the service per second, at most, for this process (default 10). */
  maxRequestsPerSecond?: number;
  /** Payments worked on at once by this process (default 8). */
  concurrency?: number;
  /**
   * How long a claim lasts (default 60 s): how long a dead server's payments wait on PostgreSQL; on
   * the file store, only a claim of another machine is judged by it (a dead process of this one is
   * taken over at once, a live one never). A running handler keeps its claim.
   */
  leaseMs?: number;
  /** How often the store is asked for due payments when none was (default 1 s). */
  pollMs?: number;
  /** How long a payment without a session is followed before it is reported overdue (default 1 h). */
  windowMs?: number;
  /**
   * How often the service's list of intents is read for those paid or ended since the last look
   * (`GET /v1/payment-intents?status=succeeded,canceled&updatedFrom=…`, an extension), which are
   * then read first (default 10 s; 0: never). A service without the list answers 404: not asked again.
   */
  sweepMs?: number;
  pace?: Partial<Pace>;
  /** Names this process in the store's claims (default: host, pid and a random part). */
  claimant?: string;
  /** Told of what went wrong and was dealt with (a handler that threw, a failed read). */
  onError?: (error: unknown, intentId: string) => void;
  /**
   * The clock of the loop, the rate, the claims and their renewal, and the pace (default the
   * system's; tests pass a fake one). The stores read none of their own.
   */
  clock?: FulfillmentClock;
  /**
   * The secret(s) of your webhook endpoint (`whsec_…`, as its registration answered; two while you
   * rotate it), or a function that gives them at each event (a secret learned after start):
   * `receiveEvent` checks each pushed event with them. Without them, polling alone.
   */
  webhookSecrets?: WebhookSecrets;
  /** How far a pushed event's timestamp may be from now, either way, in seconds (default 300). */
  webhookToleranceS?: number;
}

export interface Fulfillment {
  /** Keeps the payment to follow (durably, when it resolves). Following it again changes nothing. */
  follow(target: FollowTarget): Promise<void>;
  /** Starts following in the background. */
  start(): void;
  /** Stops, waiting for the work under way. */
  stop(): Promise<void>;
  /** One pass: claims what is due and works on it; resolves, once that work is done, with how many payments it took. */
  runOnce(): Promise<number>;
  get(intentId: string): Promise<FollowedPayment | undefined>;
  /** Payments with a delivery in doubt (see `Handlers.isHandled`). */
  inDoubt(): AsyncIterable<FollowedPayment>;
  /** Records the store set aside as damaged (kept, no longer followed): yours to check. */
  damaged(): Promise<DamagedRecord[]>;
  /**
   * The fast path: hand it each request your webhook endpoint receives (its raw body, before any
   * JSON parsing, and its headers). A signed event about a payment followed makes it read at once,
   * through the same exactly-once path as polling; answer the request with the result's `status`
   * (400 when refused: not signed by your secret, or out of its window). docs/fulfillment.md.
   */
  receiveEvent(rawBody: string | Uint8Array, headers: WebhookHeaders): Promise<ReceivedEvent>;
  readonly store: FulfillmentStore;
}

const isFinished = (p: FollowedPayment) =>
  p.outcome !== null && Object.values(p.deliveries).every((state) => state === 'done' || state === 'in_doubt');

/**
 * What the store keeps of a key to know its payments: a hash of it, never the key (a store's files
 * or rows are read by more people than the key is), cut to 64 bits: enough that two keys never meet.
 */
export const keyFingerprint = (token: string | undefined): string =>
  createHash('sha256')
    .update(`momo-checkout/fulfillment key\n${token ?? ''}`)
    .digest('hex')
    .slice(0, 16);

export function createFulfillment(options: FulfillmentOptions): Fulfillment {
  const clock = options.clock ?? realClock;
  const now = clock.now;
  const store = options.store ?? fileStore('.momo-fulfillment');
  const pace: Pace = { ...DEFAULT_PACE, ...options.pace };
  const concurrency = options.concurrency ?? 8;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 1000;
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  const claimant = options.claimant ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  // The pace is fulfillment's own: the client does not retry reads behind its back.
  const api: ClientConfig = { ...options.api, baseUrl: serviceBase(options.api.baseUrl), readRetries: 0 };
  // The key alone, not the address: the same key at a new address (a new host name) still follows
  // its payments.
  const key = keyFingerprint(options.api.token);
  const take = rateLimit(options.maxRequestsPerSecond ?? 10, clock);
  const { handlers } = options;
  const report = (error: unknown, intentId: string) => options.onError?.(error, intentId);
  const { deliverAll } = deliveries({ store, handlers, clock, leaseMs, report });

  let running = false;
  let timer: unknown = null;
  /** The passes the timer started, while they claim: `stop` waits for them as for the work. */
  const ticks = new Set<Promise<unknown>>();
  let inFlight = 0;
  const work = new Set<Promise<void>>();
  const service = new ServiceState(pace);
  const read = intentReader({ api, key, take, now, pace, store, service, report });
  const sweep = sweeper({ api, take, now, store, service, report, sweepMs: options.sweepMs ?? 10_000, leaseMs });

  async function follow(target: FollowTarget): Promise<void> {
    await store.add(followedPayment(target, now(), { pace, windowMs, key }));
    if (running) schedule(0);
  }

  async function workOn(claimed: Claimed): Promise<void> {
    const { payment } = claimed;
    try {
      // Deliveries left from before (a handler that failed, a process that died) come first.
      if (!(await deliverAll(payment, claimed))) return;
      if (payment.outcome === null) {
        if (!(await read(payment, claimed))) return;
        if (!(await deliverAll(payment, claimed))) return;
      }
      if (isFinished(payment)) payment.nextCheckAt = FINISHED;
      await store.save(payment, claimed.claim);
    } catch (error) {
      // The store failed: the claim is let go below, and the payment is taken up again.
      report(error, payment.intentId);
    } finally {
      // A claim not let go by a save (one lost, a delivery not made, a store that failed) is let
      // go here: a store whose claims hold while their process lives would hold it for ever.
      await store.release?.(payment.intentId, claimed.claim).catch((error: unknown) => report(error, payment.intentId));
    }
  }

  let claiming = false;

  /** Claims what is due and starts working on it; resolves once claimed, with the work under way. */
  async function pass(): Promise<Promise<void>[]> {
    const at = now();
    const room = concurrency - inFlight;
    if (at < service.pausedUntil || room <= 0 || claiming) return [];
    claiming = true;
    const claimed = await store.claimDue(at, room, claimant, leaseMs, key).finally(() => {
      claiming = false;
    });
    // Records the store set aside (damaged): each told once, by the process that found it.
    for (const record of (await store.newlyDamaged?.()) ?? []) report(new DamagedRecordError(record), record.intentId);
    return claimed.map((one) => {
      inFlight += 1;
      const done = workOn(one).finally(() => {
        inFlight -= 1;
        work.delete(done);
        if (running) schedule(0);
      });
      work.add(done);
      return done;
    });
  }

  async function runOnce(): Promise<number> {
    warnInDoubt(store, handlers);
    if (now() >= service.pausedUntil) await sweep();
    const started = await pass();
    await Promise.all(started);
    return started.length;
  }

  function schedule(ms: number): void {
    if (!running) return;
    if (timer !== null) {
      if (ms > 0) return;
      clock.clearTimeout(timer);
    }
    timer = clock.setTimeout(() => {
      timer = null;
      const tick = (now() >= service.pausedUntil ? sweep() : Promise.resolve()).then(pass).then(
        (started) => schedule(started.length > 0 ? 0 : Math.max(pollMs, service.pausedUntil - now())),
        (error: unknown) => {
          report(error, '');
          schedule(pollMs);
        },
      );
      ticks.add(tick);
      void tick.finally(() => ticks.delete(tick));
    }, ms);
  }

  const receiveEvent = eventReceiver({
    secrets: options.webhookSecrets,
    toleranceS: options.webhookToleranceS,
    store,
    now,
    nudge: () => schedule(0),
  });

  return {
    store,
    follow,
    runOnce,
    receiveEvent,
    start() {
      warnInDoubt(store, handlers);
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      // A pass under way may still claim and start work: it is waited for, and that work.
      while (ticks.size || work.size) await Promise.all([...ticks, ...work]);
    },
    get: (intentId) => store.get(intentId),
    damaged: async () => (await store.damaged?.()) ?? [],
    async *inDoubt() {
      for await (const payment of store.list())
        if (Object.values(payment.deliveries).includes('in_doubt')) yield payment;
    },
  };
}
