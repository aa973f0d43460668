// The time of fulfillment: its loop, its reads' rate, its claims' renewal and its pace all read and
// wait on one clock, the system's or a test's (test/support/fake-time.ts), so that a test moves
// them together and never races real time against fake time.
import type { ClientConfig } from '../api';

/** The clock fulfillment runs on, the API client's kind: `now`, `setTimeout`, `clearTimeout`. */
export type FulfillmentClock = NonNullable<ClientConfig['clock']>;

// The system's, as the client's own is (src/api/clock.ts): fulfillment takes the client from its
// entry only (the package's `momo-checkout/fulfillment` imports `momo-checkout`), which does not
// export its clock.
const system: FulfillmentClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** `clock`, or the system's with `now` as its time (the older option), or the system's. */
export const clockOf = (clock?: FulfillmentClock, now?: () => number): FulfillmentClock =>
  clock ?? (now ? { ...system, now } : system);
