// The read rate of one fulfillment process.
import type { FulfillmentClock } from './clock';

/**
 * `take` resolves when one more request fits the rate: requests are spaced 1/rate apart (a bucket
 * of one), so that no second of time holds more than `perSecond` of them, bursts included. The
 * waits are the clock's: a test's fake clock spaces them in its own time.
 */
export function rateLimit(perSecond: number, clock: FulfillmentClock) {
  const gap = 1000 / perSecond;
  let next = Number.NEGATIVE_INFINITY;
  let queue = Promise.resolve();
  return () => {
    queue = queue.then(async () => {
      const wait = next - clock.now();
      if (wait > 0) await new Promise((resolve) => clock.setTimeout(() => resolve(undefined), Math.ceil(wait)));
      next = Math.max(clock.now(), next) + gap;
    });
    return queue;
  };
}
