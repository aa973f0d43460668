// @vitest-environment node
// The read rate of one fulfillment process (src/fulfillment/rate.ts), on a fake clock: requests are
// spaced 1/rate apart, so no second holds more than the rate, whether they come at once, one by
// one, or after a pause (a bucket of one: no burst saved up while idle).
import { describe, expect, it } from 'vitest';
import { rateLimit } from '../../src/fulfillment/rate';
import { createFakeTime, START } from '../support/fake-time';

/** Takes `count` at once; resolves with when (ms after START) each was let through. */
async function takeAtOnce(time: ReturnType<typeof createFakeTime>, take: () => Promise<void>, count: number) {
  const at: number[] = [];
  const all = Array.from({ length: count }, () => take().then(() => at.push(time.now() - START)));
  await time.advance(60_000);
  await Promise.all(all);
  return at;
}

describe('rateLimit', () => {
  it('lets the first request through at once and spaces the rest 1/rate apart', async () => {
    const time = createFakeTime();
    const take = rateLimit(5, time.clock);
    expect(await takeAtOnce(time, take, 6)).toEqual([0, 200, 400, 600, 800, 1000]);
  });

  it('never lets more than the rate into any second, for a burst of 1 000 at 100 a second', async () => {
    const time = createFakeTime();
    const at = await takeAtOnce(time, rateLimit(100, time.clock), 1000);
    expect(at).toHaveLength(1000);
    for (let i = 0; i + 100 < at.length; i++) expect(at[i + 100]! - at[i]!).toBeGreaterThanOrEqual(1000);
    // And it does not hold them longer than it must: the 1 000th at 9.99 s.
    expect(at.at(-1)).toBe(9990);
  });

  it('saves up no burst while idle: after a minute without requests, the next ones are spaced again', async () => {
    const time = createFakeTime();
    const take = rateLimit(10, time.clock);
    await takeAtOnce(time, take, 3);
    const from = time.now() - START;
    expect((await takeAtOnce(time, take, 4)).map((ms) => ms - from)).toEqual([0, 100, 200, 300]);
  });

  it('rounds a gap that is not a whole number of ms up, never down', async () => {
    const time = createFakeTime();
    const at = await takeAtOnce(time, rateLimit(3, time.clock), 4);
    for (let i = 0; i + 3 < at.length; i++) expect(at[i + 3]! - at[i]!).toBeGreaterThanOrEqual(1000);
  });
});
