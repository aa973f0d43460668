// The time of fulfillment: its loop, its reads' rate, its claims and their renewal, and its pace all
// read and wait on one clock, the system's or a test's (test/support/fake-time.ts), so that a test
// moves them together and never races real time against fake time. The stores read no clock: every
// time they keep or compare is one fulfillment gave them.
import type { ClientConfig } from '../api';

/** The clock fulfillment runs on, the API client's kind: `now`, `setTimeout`, `clearTimeout`. */
export type FulfillmentClock = NonNullable<ClientConfig['clock']>;

// The system's, as the client's own is (src/api/clock.ts): fulfillment takes the client from its
// entry only (the package's `momo-checkout/fulfillment` imports `momo-checkout`), which does not
// export its clock.
export const realClock: FulfillmentClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};
