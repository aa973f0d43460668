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
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
// The client through its entry only: the package's build makes it an import of `momo-checkout`.
import {
  type ClientConfig,
  getIntent,
  isApiError,
  listIntents,
  type Metadata,
  type PaymentIntent,
  serviceBase,
  type Session,
} from '../api';
import { type FulfillmentClock, realClock } from './clock';
import { deliveries, type Handlers, warnInDoubt } from './deliver';

export { eventOf, type Handler, type Handlers } from './deliver';
import { fileStore } from './file-store';
import { failureOf, isLost, notFoundError, notOursError, otherIntentError } from './not-found';
import { rateLimit } from './rate';
import { DamagedRecordError } from './record';
import { backoff, DEFAULT_PACE, DEFAULT_WINDOW_MS, nextCheck, outcomeOf, type Pace } from './schedule';
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
}

/** What `follow` takes: a session or an intent as created, or their ids. */
export type FollowTarget =
  | Pick<Session, 'id' | 'paymentIntentId' | 'expiresAt' | 'metadata'>
  | Pick<PaymentIntent, 'intent_id' | 'metadata'>
  | { intentId: string; sessionId?: string | null; metadata?: Metadata | null; deadline?: Date | number };

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
  /** While the service is down, no read at all until then; doubles with each failure in a row. */
  let pausedUntil = 0;
  let downFor = 0;
  /** When a read of an intent last succeeded: proof that the address and this key find payments (./not-found.ts). */
  let provenAt: number | null = null;
  const sweepMs = options.sweepMs ?? 10_000;
  /** When the last sweep started (null: none yet, or the service has no list). */
  let sweptAt: number | null = null;
  let sweeping = sweepMs > 0 && store.wake !== undefined;

  async function follow(target: FollowTarget): Promise<void> {
    const at = now();
    let payment: Pick<FollowedPayment, 'intentId' | 'sessionId' | 'metadata' | 'deadline'>;
    if ('paymentIntentId' in target) {
      const ends = Date.parse(target.expiresAt);
      payment = {
        intentId: target.paymentIntentId,
        sessionId: target.id,
        metadata: target.metadata,
        deadline: ends + pace.approvalWindowMs + 60_000,
      };
    } else if ('intent_id' in target) {
      payment = { intentId: target.intent_id, sessionId: null, metadata: target.metadata, deadline: at + windowMs };
    } else {
      const deadline = target.deadline === undefined ? at + windowMs : Number(target.deadline);
      payment = {
        intentId: target.intentId,
        sessionId: target.sessionId ?? null,
        metadata: target.metadata ?? null,
        deadline,
      };
    }
    if (!/^pi_\S+$/.test(payment.intentId))
      throw new TypeError(`follow() needs a payment intent id (pi_…), not ${JSON.stringify(payment.intentId)}.`);
    await store.add({
      ...payment,
      followedWith: key,
      foundWith: null,
      followedAt: at,
      // First look once a payer could have approved: sooner would only find it open.
      nextCheckAt: at + pace.idleMs,
      checks: 0,
      failures: 0,
      notFound: null,
      intent: null,
      outcome: null,
      deliveries: {},
      handlerFailures: 0,
      lastError: null,
    });
    if (running) schedule(0);
  }

  /** Reads the intent; records its end, or when to read it again. False: leave it (saved). */
  async function read(payment: FollowedPayment, claimed: Claimed): Promise<boolean> {
    await take();
    try {
      const intent = await getIntent(api, payment.intentId);
      // An answer about another intent says nothing of this one: a failed read, never a delivery.
      if (intent.intent_id !== payment.intentId) throw otherIntentError(payment.intentId, intent.intent_id);
      payment.intent = intent;
      payment.checks += 1;
      payment.failures = 0;
      payment.notFound = null;
      // Found with this key: its processes alone work on it from now on.
      payment.foundWith = key;
      downFor = 0;
      provenAt = now();
    } catch (error) {
      const at = now();
      const failure = failureOf(error);
      // Whose answer this is: only the payment's own key's `not_found` says anything of it.
      const ours = (payment.foundWith ?? payment.followedWith) === key;
      let told = error;
      if (failure === 'unknown' && ours) {
        const run = { since: payment.notFound?.since ?? at, answers: (payment.notFound?.answers ?? 0) + 1 };
        payment.notFound = run;
        if (isLost(run, at, provenAt, pace.lostAfterMs)) {
          payment.outcome = 'lost';
          payment.deliveries.lost ??= 'due';
          return true;
        }
        told = notFoundError(payment.intentId, run, provenAt, error);
      } else if (failure === 'unknown') {
        told = notOursError(payment.intentId, error);
      }
      payment.failures += 1;
      payment.lastError = told instanceof Error ? told.message : String(told);
      report(told, payment.intentId);
      // The service down or overloaded, a proxy's 404, a refused key, or every payment of this key
      // unknown so far (a wrong key or address): every read waits, not only this payment's.
      if (failure === 'unreachable' || failure === 'refused' || (failure === 'unknown' && ours && provenAt === null)) {
        downFor += 1;
        pausedUntil = Math.max(pausedUntil, backoff(downFor, at, pace));
      }
      payment.nextCheckAt = backoff(payment.failures, at, pace);
      await store.save(payment, claimed.claim);
      return false;
    }
    const at = now();
    const outcome = outcomeOf(payment.intent);
    if (outcome) {
      payment.outcome = outcome;
      payment.deliveries[outcome] ??= 'due';
    } else {
      if (at >= payment.deadline) payment.deliveries.overdue ??= 'due';
      payment.nextCheckAt = nextCheck(payment, at, pace);
    }
    return true;
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

  /**
   * Reads the intents paid or ended since the last sweep (a page of 100 per read, within the rate)
   * and makes those followed due now: at 10 000 open payments, a paid one is read within seconds
   * rather than when its turn comes. Only a hint: each is still read on its own before delivery.
   */
  async function sweep(): Promise<void> {
    const started = now();
    if (!sweeping || !store.wake || (sweptAt !== null && started - sweptAt < sweepMs)) return;
    // A little overlap: a change stamped just before the last sweep started is seen again.
    const from = new Date((sweptAt ?? started - leaseMs) - 5000);
    sweptAt = started;
    try {
      for (let page = 1; page <= 100; page++) {
        await take();
        const { data, meta } = await listIntents(api, {
          status: ['succeeded', 'canceled'],
          updatedFrom: from,
          perPage: 100,
          page,
        });
        await store.wake(
          data.map((intent) => intent.intent_id),
          now(),
        );
        if (meta.nextPageUrl === null) break;
      }
    } catch (error) {
      // A service without the list (its own 404, or a bare one that refuses its filters): never
      // again. A proxy's 404 is no such answer: tried again later.
      const failure = failureOf(error);
      if (failure === 'unknown' || (isApiError(error) && error.status === 400)) {
        sweeping = false;
        return;
      }
      report(error, '');
      if (failure === 'unreachable' || failure === 'refused') {
        downFor += 1;
        pausedUntil = Math.max(pausedUntil, backoff(downFor, now(), pace));
      }
    }
  }

  /** Claims what is due and starts working on it; resolves once claimed, with the work under way. */
  async function pass(): Promise<Promise<void>[]> {
    const at = now();
    const room = concurrency - inFlight;
    if (at < pausedUntil || room <= 0 || claiming) return [];
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
    if (now() >= pausedUntil) await sweep();
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
      const tick = (now() >= pausedUntil ? sweep() : Promise.resolve()).then(pass).then(
        (started) => schedule(started.length > 0 ? 0 : Math.max(pollMs, pausedUntil - now())),
        (error: unknown) => {
          report(error, '');
          schedule(pollMs);
        },
      );
      ticks.add(tick);
      void tick.finally(() => ticks.delete(tick));
    }, ms);
  }

  return {
    store,
    follow,
    runOnce,
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
