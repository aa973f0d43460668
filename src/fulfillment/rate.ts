// The read rate of one fulfillment process.

/**
 * `take` resolves when one more request fits the rate: requests are spaced 1/rate apart (a bucket
 * of one), so that no second of time holds more than `perSecond` of them, bursts included.
 */
export function rateLimit(perSecond: number, now: () => number) {
  const gap = 1000 / perSecond;
  let next = Number.NEGATIVE_INFINITY;
  let queue = Promise.resolve();
  return () => {
    queue = queue.then(async () => {
      const wait = next - now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
      next = Math.max(now(), next) + gap;
    });
    return queue;
  };
}
