// @vitest-environment node
// src/fulfillment/clock.ts: which clock fulfillment runs on — the one it is given, the system's
// with the older `now` option as its time, or the system's.
import { describe, expect, it } from 'vitest';
import { clockOf } from '../../src/fulfillment/clock';

describe('clockOf', () => {
  it('takes the clock it is given, over a `now`', () => {
    const given = { now: () => 1, setTimeout: () => 0, clearTimeout: () => undefined };
    expect(clockOf(given, () => 2)).toBe(given);
  });

  it('reads a `now` alone as the time of the system’s clock, whose timers it keeps', () => {
    const clock = clockOf(undefined, () => 42);
    expect(clock.now()).toBe(42);
    expect(clock.setTimeout).toBe(clockOf().setTimeout);
    expect(clock.clearTimeout).toBe(clockOf().clearTimeout);
  });

  it('is the system’s clock when given nothing: the time now, and timers that run', async () => {
    const clock = clockOf();
    const before = Date.now();
    expect(clock.now()).toBeGreaterThanOrEqual(before);
    await new Promise((resolve) => clock.setTimeout(() => resolve(undefined), 1));
    let ran = false;
    clock.clearTimeout(clock.setTimeout(() => (ran = true), 0));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toBe(false);
  });
});
