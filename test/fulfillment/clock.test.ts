// @vitest-environment node
// src/fulfillment/clock.ts: the system's clock fulfillment runs on when it is given none.
import { describe, expect, it } from 'vitest';
import { realClock } from '../../src/fulfillment/clock';

describe('realClock', () => {
  it('tells the time now, and its timers run unless cleared', async () => {
    const before = Date.now();
    expect(realClock.now()).toBeGreaterThanOrEqual(before);
    await new Promise((resolve) => realClock.setTimeout(() => resolve(undefined), 1));
    let ran = false;
    realClock.clearTimeout(realClock.setTimeout(() => (ran = true), 0));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toBe(false);
  });
});
