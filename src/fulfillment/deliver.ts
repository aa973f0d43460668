// Fulfillment's deliveries (docs/fulfillment.md, "Exactly once"): the merchant's handlers, the
// event each is called with (its `id` the delivery's own, the same on every call of it, in every
// process), and the making of what a payment's end calls for through its store, under the claim
// that ran the handler: a claim lost while the handler ran leaves the delivery begun, not done.
import type { FulfillmentClock } from './clock';
import type { Claimed, FollowedPayment, FulfillmentEvent, FulfillmentKind, FulfillmentStore } from './types';

export type Handler = (event: FulfillmentEvent) => unknown;

export interface Handlers {
  paid: Handler;
  failed?: Handler;
  expired?: Handler;
  overdue?: Handler;
  lost?: Handler;
  /**
   * Asked after a crash inside a handler, before calling it again for that event: answer true if
   * your side already committed it (you keep `event.id` with the order's change, in the same
   * write). Without it such a delivery is never made again: it is reported to `inDoubt`. A
   * transactional store (`postgresStore`) never needs it.
   */
  isHandled?: (event: FulfillmentEvent) => boolean | Promise<boolean>;
  /** A delivery begun by a process that died, and that cannot be known to be done: yours to check. */
  inDoubt?: (event: FulfillmentEvent) => unknown;
}

/**
 * A store lost the claim while a handler ran (only a claim judged by its lease can be lost so: a
 * file store's claim from another machine): the delivery was not marked done, and whoever holds
 * the payment next asks `isHandled`. Told to `onError`.
 */
export class ClaimLostError extends Error {
  readonly code = 'MOMO_FULFILLMENT_CLAIM_LOST';
  constructor(
    readonly intentId: string,
    readonly kind: FulfillmentKind,
  ) {
    super(
      `momo-checkout/fulfillment: the claim on ${intentId} was lost while its ${kind} handler ran; the delivery is left begun, not done, and its next holder asks isHandled (event id ${intentId}:${kind}).`,
    );
    this.name = 'ClaimLostError';
  }
}

/** The order deliveries are made in. */
export const ORDER: FulfillmentKind[] = ['overdue', 'paid', 'failed', 'expired', 'lost'];

export function eventOf(payment: FollowedPayment, kind: FulfillmentKind, transaction?: unknown): FulfillmentEvent {
  const event: FulfillmentEvent = {
    id: `${payment.intentId}:${kind}`,
    kind,
    intentId: payment.intentId,
    sessionId: payment.sessionId,
    metadata: payment.metadata,
    intent: kind === 'lost' ? null : payment.intent,
  };
  if (transaction !== undefined) event.transaction = transaction;
  return event;
}

/** Whether this process was warned of a store that needs `isHandled` and has none (once is enough). */
let warnedInDoubt = false;

/**
 * A store that does not run deliveries in a transaction (the file store, the default) and no
 * `isHandled`: a process that dies inside a handler leaves that delivery in doubt, reported and
 * never made again — possibly an order paid and never fulfilled. Documented, and said at run time.
 */
export function warnInDoubt(store: FulfillmentStore, handlers: Handlers): void {
  if (warnedInDoubt || store.transactional || handlers.isHandled) return;
  warnedInDoubt = true;
  process.emitWarning(
    'momo-checkout/fulfillment: the store does not run deliveries in a transaction and handlers.isHandled is not given, so a delivery begun by a process that died inside its handler is never made again (only reported to handlers.inDoubt). Give isHandled: docs/fulfillment.md, "Exactly once".',
    { code: 'MOMO_FULFILLMENT_NO_IS_HANDLED' },
  );
}

export interface Deliveries {
  store: FulfillmentStore;
  handlers: Handlers;
  clock: FulfillmentClock;
  leaseMs: number;
  report: (error: unknown, intentId: string) => void;
}

export function deliveries({ store, handlers, clock, leaseMs, report }: Deliveries) {
  const now = clock.now;

  /**
   * Makes one delivery through the store, with the claim kept for the whole call: renewed (on this
   * process's clock) at once and every third of the lease while the handler runs, so that no other
   * process takes the payment (and asks isHandled) while a slow handler is under way. A claim that
   * has run out is not used: another process may be taking the payment over.
   */
  async function deliverHeld(
    payment: FollowedPayment,
    kind: FulfillmentKind,
    { claim }: Claimed,
    handler: (transaction?: unknown) => Promise<void>,
  ): Promise<boolean> {
    if (claim.until <= now()) return false;
    const renew = async () => {
      const until = now() + leaseMs;
      if (!(await store.renew?.(payment.intentId, claim, until))) return false;
      claim.until = until;
      return true;
    };
    if (store.renew && !(await renew())) return false;
    let renewing: Promise<unknown> = Promise.resolve();
    let beat: unknown = null;
    const every = Math.max(20, leaseMs / 3);
    const tick = () => {
      renewing = renewing.then(renew).catch((error: unknown) => report(error, payment.intentId));
      beat = clock.setTimeout(tick, every);
    };
    if (store.renew) beat = clock.setTimeout(tick, every);
    try {
      return await store.deliver(payment, kind, claim, handler);
    } finally {
      if (beat !== null) clock.clearTimeout(beat);
      await renewing;
    }
  }

  /** Makes what deliveries are due, in order; false when the claim was lost or a handler failed. */
  async function deliverAll(payment: FollowedPayment, claimed: Claimed): Promise<boolean> {
    for (const kind of ORDER) {
      const state = payment.deliveries[kind];
      if (state === undefined || state === 'done' || state === 'in_doubt') continue;
      if (state === 'started' && !store.transactional) {
        // A process died in this handler: it may or may not have done its work.
        const event = eventOf(payment, kind);
        const handled = handlers.isHandled ? await handlers.isHandled(event) : null;
        if (handled === null) {
          payment.deliveries[kind] = 'in_doubt';
          await Promise.resolve(handlers.inDoubt?.(event)).catch((error: unknown) => report(error, payment.intentId));
          continue;
        }
        if (handled) {
          payment.deliveries[kind] = 'done';
          continue;
        }
      }
      const handler = handlers[kind];
      try {
        const made = await deliverHeld(payment, kind, claimed, async (transaction) => {
          await handler?.(eventOf(payment, kind, transaction));
        });
        if (!made) return false;
        payment.deliveries[kind] = 'done';
        payment.handlerFailures = 0;
      } catch (error) {
        report(error, payment.intentId);
        // Nothing to write: the payment is another claim's now.
        if (error instanceof ClaimLostError) return false;
        payment.deliveries[kind] = 'due';
        payment.handlerFailures += 1;
        payment.lastError = `${kind} handler: ${error instanceof Error ? error.message : String(error)}`;
        // Called again later, less and less often (30 s, doubling, at most an hour).
        payment.nextCheckAt = now() + Math.min(3_600_000, 30_000 * 2 ** Math.min(10, payment.handlerFailures - 1));
        await store.save(payment, claimed.claim);
        return false;
      }
    }
    return true;
  }

  return { deliverAll };
}
