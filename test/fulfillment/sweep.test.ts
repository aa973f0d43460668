// @vitest-environment node
// The sweep (src/fulfillment/sweep.ts): the service's list of intents paid or ended since the last
// look wakes those followed, so a paid one is read at once rather than at its turn; at most one
// sweep per period; a service without the list is not asked again.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PACE } from '../../src/fulfillment/schedule';
import { ServiceState } from '../../src/fulfillment/service-state';
import { sweeper } from '../../src/fulfillment/sweep';
import type { FulfillmentStore } from '../../src/fulfillment/types';
import { BASE, bed, TOKEN } from './support/bed';

function sweepOf(test: ReturnType<typeof bed>) {
  const woken: string[] = [];
  const store = { wake: async (ids: string[]) => void woken.push(...ids) } as unknown as FulfillmentStore;
  const sweep = sweeper({
    api: { baseUrl: BASE, token: TOKEN, fetch: test.fetch, readRetries: 0 },
    take: async () => undefined,
    now: test.now,
    store,
    service: new ServiceState(DEFAULT_PACE),
    report: () => undefined,
    sweepMs: 10_000,
    leaseMs: 60_000,
  });
  return { sweep, woken };
}

const lists = (test: ReturnType<typeof bed>) => test.reads.filter((read) => read === 'GET /v1/payment-intents').length;

describe('sweeper', () => {
  it('wakes the intents paid since, once per period', async () => {
    const test = bed();
    const paid = await test.newSession('CMD-1');
    const open = await test.newSession('CMD-2');
    await test.pay(paid.paymentIntentId, 'approved_at_once');
    const { sweep, woken } = sweepOf(test);
    await sweep();
    expect(woken).toEqual([paid.paymentIntentId]);
    expect(woken).not.toContain(open.paymentIntentId);
    await sweep();
    expect(lists(test)).toBe(1);
    test.advance(10_000);
    await sweep();
    expect(lists(test)).toBe(2);
  });

  it('a service without the list is not asked again', async () => {
    const test = bed({ extensions: false });
    const { sweep } = sweepOf(test);
    await sweep();
    test.advance(60_000);
    await sweep();
    expect(lists(test)).toBe(1);
  });
});
