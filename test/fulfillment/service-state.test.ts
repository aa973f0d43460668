// @vitest-environment node
// What the loop knows of the service (src/fulfillment/service-state.ts): each failure in a row
// pauses every read longer, never shortening a pause under way; an answer ends the run and proves
// that the address and the key find payments.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PACE } from '../../src/fulfillment/schedule';
import { ServiceState } from '../../src/fulfillment/service-state';

const pace = { ...DEFAULT_PACE, backoffMs: 1000, backoffMaxMs: 60_000 };

describe('ServiceState', () => {
  it('pauses longer with each failure in a row (jitter within 10 %), and an answer starts the count again', () => {
    const service = new ServiceState(pace);
    expect(service.pausedUntil).toBe(0);
    service.failed(0);
    expect(service.pausedUntil).toBeGreaterThanOrEqual(900);
    expect(service.pausedUntil).toBeLessThanOrEqual(1100);
    service.failed(0);
    service.failed(0);
    expect(service.pausedUntil).toBeGreaterThanOrEqual(3600); // 4 s after three in a row
    service.answered(10_000);
    expect(service.provenAt).toBe(10_000);
    service.failed(10_000);
    expect(service.pausedUntil).toBeLessThanOrEqual(11_100); // the first of a new run
  });

  it('never shortens a pause under way', () => {
    const service = new ServiceState(pace);
    for (let i = 0; i < 6; i++) service.failed(0); // 32 s
    const paused = service.pausedUntil;
    service.answered(1);
    service.failed(1); // a new run's first: 1 s
    expect(service.pausedUntil).toBe(paused);
  });
});
