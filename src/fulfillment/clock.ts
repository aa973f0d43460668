// The time of fulfillment: its loop, its reads' rate, its claims' renewal and its pace all read and
// wait on one clock, the API client's (the system's, or a test's: test/support/fake-time.ts), so
// that a test moves them together and never races real time against fake time.
import { type Clock, systemClock } from '../api/clock';

export type { Clock };

/** `clock`, or the system's with `now` as its time (the older option), or the system's. */
export const clockOf = (clock?: Clock, now?: () => number): Clock =>
  clock ?? (now ? { ...systemClock, now } : systemClock);
