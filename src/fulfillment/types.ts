// What fulfillment keeps of each payment it follows, what it tells the merchant, and what a store
// must do to keep it (docs/fulfillment.md). Plain data: a store writes it as JSON.
import type { Metadata, PaymentIntent } from '../api';

/** What the merchant hears, once each: the three ends of a payment, and two reports. */
export type FulfillmentKind =
  /** The payment succeeded: hand over the goods. */
  | 'paid'
  /** It can no longer be paid (its attempts ran out): the order will not be paid. */
  | 'failed'
  /** Its checkout session ended unpaid. */
  | 'expired'
  /** Its window has passed and it is neither paid nor ended: it is still followed, slowly. */
  | 'overdue'
  /**
   * The service says it does not know it (its own `not_found`) to its own key, repeatedly for an
   * hour, while other payments read with that key are found: it cannot be followed any more. A
   * proxy's 404, a wrong address, a wrong key or another key's answer never make it
   * (docs/fulfillment.md).
   */
  | 'lost';

/** `nextCheckAt` of a finished payment (the latest time a Date holds): never due again. */
export const FINISHED = 8.64e15;

export interface FulfillmentEvent {
  /** Stable: the same payment and kind always bring the same id (`<intent id>:<kind>`). */
  id: string;
  kind: FulfillmentKind;
  intentId: string;
  sessionId: string | null;
  /** The metadata the payment was created with (your order reference), as `follow` was given it. */
  metadata: Metadata | null;
  /** The intent as last read (null for `lost`). */
  intent: PaymentIntent | null;
  /**
   * With a store that runs deliveries in a database transaction (`postgresStore`): that
   * transaction's client. What the handler writes through it is committed with the delivery's
   * "done", or not at all: exactly once, whatever crashes.
   */
  transaction?: unknown;
}

/**
 * One delivery's state: to be made; begun (if still so when the payment is next claimed, the
 * process died in the handler); made; or in doubt — begun by a process that died, with no
 * `isHandled` to ask, so never made again (reported instead: docs/fulfillment.md).
 */
export type DeliveryState = 'due' | 'started' | 'done' | 'in_doubt';

/** A payment followed, as a store keeps it. Times are ms since the epoch. */
export interface FollowedPayment {
  intentId: string;
  sessionId: string | null;
  metadata: Metadata | null;
  /** A fingerprint of the API key `follow` was given (a hash, never the key): the key it is taken to be of. */
  followedWith: string;
  /**
   * A fingerprint of the key whose read found it, once one has: from then on only processes with
   * that key work on it (two shops sharing a store never read each other's payments). Null until
   * then: a process with any key may try it (a key put right after a wrong one takes over what the
   * wrong one followed), but only the answers to `followedWith` can make it lost.
   */
  foundWith: string | null;
  /** When it was handed to `follow`. */
  followedAt: number;
  /** The end of its window: a session's end plus an approval window, or what `follow` was told. */
  deadline: number;
  /** When it is next looked at. */
  nextCheckAt: number;
  /** Reads so far, and failed reads in a row (for the pace and the back-off). */
  checks: number;
  failures: number;
  /** The service's `not_found` answers for it in a row, since when (absent or null: none). */
  notFound?: { since: number; answers: number } | null;
  /** The intent as last read. */
  intent: PaymentIntent | null;
  /** Its end, once known; a payment with an end and every delivery done is finished. */
  outcome: 'paid' | 'failed' | 'expired' | 'lost' | null;
  deliveries: Partial<Record<FulfillmentKind, DeliveryState>>;
  /** Failed handler calls in a row (a rejected handler is called again, later). */
  handlerFailures: number;
  lastError: string | null;
}

/** The right to work on a payment for a while, taken from the store. */
export interface Claim {
  claimant: string;
  /** Changes with every claim: a write with an older one is refused (the claim was lost). */
  fence: number;
  until: number;
}

export interface Claimed {
  payment: FollowedPayment;
  claim: Claim;
}

/**
 * Where fulfillment keeps its state: a file store by default (`fileStore`), or a database
 * (`postgresStore`); anything that implements this (docs/fulfillment.md says what each must hold).
 */
export interface FulfillmentStore {
  /** Keeps the payment unless it is already kept (then nothing changes). Durable when it resolves. */
  add(payment: FollowedPayment): Promise<void>;
  /**
   * Claims up to `limit` payments due at `now` (their `nextCheckAt` has come) that no live claim
   * holds and that `key` may work on (their `foundWith` is `key` or null), for `leaseMs`. Two
   * claimants never hold the same payment at once. A store reads no clock of its own: every time
   * it keeps or compares is one its caller gave.
   */
  claimDue(now: number, limit: number, claimant: string, leaseMs: number, key: string): Promise<Claimed[]>;
  /**
   * Extends a claim still held to `until`: fulfillment calls it while a delivery's handler runs
   * (at its start, then every third of the lease), so that a handler slower than the lease keeps
   * its payment. False when the claim was lost. Optional for a store whose deliveries hold the
   * payment otherwise (PostgreSQL's, whose row stays locked in the delivery's transaction).
   */
  renew?(intentId: string, claim: Claim, until: number): Promise<boolean>;
  /**
   * Optional: makes these payments due at `now` (those still followed and not due sooner), because
   * a list of the service showed them changed. Without it, they are read at their own pace.
   */
  wake?(intentIds: readonly string[], now: number): Promise<void>;
  /** Writes the payment and lets its claim go; false (nothing written) when the claim was lost. */
  save(payment: FollowedPayment, claim: Claim): Promise<boolean>;
  /**
   * Optional: lets a claim go without writing (fulfillment calls it when the store failed while it
   * worked on the payment). A store whose claims hold while their process lives needs it.
   */
  release?(intentId: string, claim: Claim): Promise<void>;
  /**
   * Makes one delivery of a claimed payment: runs `handler` and records the delivery done only
   * once it resolved. A non-transactional store records `started` durably before the call, so a
   * crash inside the handler is seen afterwards; a transactional one runs both in one transaction
   * and passes it to the handler. Rejects with what the handler rejected with (nothing is marked).
   * Resolves false, without calling the handler, when the claim was lost.
   */
  deliver(
    payment: FollowedPayment,
    kind: FulfillmentKind,
    claim: Claim,
    handler: (transaction?: unknown) => Promise<void>,
  ): Promise<boolean>;
  /** One payment as kept, or undefined. */
  get(intentId: string): Promise<FollowedPayment | undefined>;
  /** Every payment kept, each once, finished ones included (not those set aside as damaged). */
  list(): AsyncIterable<FollowedPayment>;
  /**
   * Optional: the records set aside because they could not be read as a payment (kept, no longer
   * followed). A store that has it never lets one damaged record stop the others.
   */
  damaged?(): Promise<DamagedRecord[]>;
  /** Optional: the records this store set aside since it was last asked (fulfillment tells each once). */
  newlyDamaged?(): Promise<DamagedRecord[]>;
  /** Whether deliveries run in a transaction given to the handler (then none is ever `started`). */
  readonly transactional: boolean;
  close?(): Promise<void>;
}

/** A record a store set aside: which payment (as far as its name says), where it is kept, and why. */
export interface DamagedRecord {
  intentId: string;
  /** Where the record is kept: a file of the store's `damaged/` folder, or the table's row. */
  kept: string;
  reason: string;
}
