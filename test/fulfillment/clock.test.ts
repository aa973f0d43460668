// @vitest-environment node
// src/fulfillment/clock.ts: which clock fulfillment runs on — the one it is given, the system's
// with the older `now` option as its time, or the system's.
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/api/clock';
import { clockOf } from '../../src/fulfillment/clock';

describe('clockOf', () => {
  it('takes the clock it is given, over a `now`', () => {
    const given = { now: () => 1, setTimeout: () => 0, clearTimeout: () => undefined };
    expect(clockOf(given, () => 2)).toBe(given);
  });

  it('reads a `now` alone as the time of the system’s clock, whose timers it keeps', () => {
    const clock = clockOf(undefined, () => 42);
    expect(clock.now()).toBe(42);
    expect(clock.setTimeout).toBe(systemClock.setTimeout);
    expect(clock.clearTimeout).toBe(systemClock.clearTimeout);
  });

  it('is the system’s clock when given nothing', () => {
    expect(clockOf()).toBe(systemClock);
  });
});
