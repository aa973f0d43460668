// @vitest-environment node
// Issue 21's "10 000 open payments followed with bounded memory and request rate", as a test that
// can fail: 1 000 open sessions on a fake clock (bench/fulfillment.ts measures 10 000 on real time),
// a fifth of them paid at once, followed by start()'s own loop for 4 minutes of the clock with the
// service down for 30 s. The first reads of all 1 000 come due together, so the limit binds: no
// second of the clock holds more requests than the limit, and some hold just that. Every paid one
// is told once. Memory: every payment it worked on and every intent it read is collected once
// done (counted with weak references after a full collection: a process that kept them would
// keep thousands), and the heap stays within a bound generous enough that no whim of the
// collector can break it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { FollowedPayment } from '../../src/fulfillment';
import { BASE, bed, TOKEN } from './support/bed';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

const PAYMENTS = 1000;
const RATE = 10;
const CONCURRENCY = 16;
const SECOND = 1000;

describe('1 000 open payments', () => {
  it('are followed within the request rate, the paid ones told once, with nothing kept of the work done', {
    // Its own fake clock decides what it proves; the wall clock only says how long a loaded machine takes.
    timeout: 300_000,
  }, async () => {
    const t = bed();
    /** When (on the clock) each request of fulfillment left. */
    const sent: number[] = [];
    // The clock moves on only once the store's writes and the service's answers under way are
    // done, as they would be within a real millisecond or so: the fake clock never outruns the
    // disk, whatever the machine's speed.
    const underWay = new Set<Promise<unknown>>();
    const track = <T>(work: Promise<T>): Promise<T> => {
      underWay.add(work);
      void work.finally(() => underWay.delete(work)).catch(() => undefined);
      return work;
    };
    t.time.alsoWaitFor(async () => {
      while (underWay.size > 0) {
        await Promise.allSettled([...underWay]);
        for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
      }
    });
    /** Each payment saved after work on it, and the intent it was read as. */
    const worked: WeakRef<object>[] = [];
    const watch = (payment: FollowedPayment) => {
      worked.push(new WeakRef(payment));
      if (payment.intent) worked.push(new WeakRef(payment.intent));
    };
    const paid: string[] = [];
    const store = t.store();
    const f = t.fulfillment({
      api: {
        baseUrl: BASE,
        token: TOKEN,
        fetch: (request) => {
          sent.push(t.now());
          return track(t.fetch(request));
        },
      },
      // Every call of the store is work the clock waits for: one left out (the claim's renewal was)
      // lets the clock run ahead of the disk on a busy machine, and the loop loses its turns.
      store: {
        ...(Object.fromEntries(
          Object.entries(store).map(([name, member]) => [
            name,
            typeof member === 'function' ? (...args: unknown[]) => track(member.apply(store, args)) : member,
          ]),
        ) as typeof store),
        save: (payment, claim) => {
          watch(payment);
          return track(store.save(payment, claim));
        },
      },
      maxRequestsPerSecond: RATE,
      concurrency: CONCURRENCY,
      // Only the id is kept: the test must not be what keeps the intents.
      handlers: { paid: (event) => void paid.push(event.intentId) },
    });
    const payers = new Set<string>();
    for (let i = 0; i < PAYMENTS; i++) {
      const session = await t.newSession(`B-${i}`);
      await f.follow(session);
      if (i % 5 === 0) {
        await t.pay(session.paymentIntentId, 'approved_at_once');
        payers.add(session.paymentIntentId);
      }
    }
    f.start();
    const heaps: number[] = [];
    for (let second = 1; second <= 4 * 60; second++) {
      t.setDown(second > 150 && second <= 180);
      await t.advanceTimers(SECOND);
      if (second % 20 === 0) heaps.push(heapMb());
    }
    t.setDown(false);
    // Stopped with nothing left mid-way: the clock moves until its last pass is done.
    let stopped = false;
    void f.stop().then(() => (stopped = true));
    while (!stopped) await t.advanceTimers(SECOND);

    // The rate: any RATE + 1 requests in a row span at least a second; some RATE span less (the
    // limit was reached, not merely never approached).
    expect(sent.length).toBeGreaterThan(PAYMENTS);
    for (let i = 0; i + RATE < sent.length; i++) expect(sent[i + RATE]! - sent[i]!).toBeGreaterThanOrEqual(SECOND);
    expect(sent.some((at, i) => i + RATE - 1 < sent.length && sent[i + RATE - 1]! - at < SECOND)).toBe(true);
    // Every paid one told once, nothing else told.
    expect(paid.sort()).toEqual([...payers].sort());
    expect(t.calls).toEqual([]);
    // Nothing of the work done is kept: of the payments worked on and the intents read (one of
    // each per read, more than a thousand), at most what the store's last pass left about.
    expect(worked.length).toBeGreaterThan(PAYMENTS);
    heapMb();
    expect(worked.filter((ref) => ref.deref() !== undefined).length).toBeLessThanOrEqual(2 * CONCURRENCY);
    // The heap after the first 40 s (the index of open payments built, the first reads under way)
    // against the rest of the run: flat, within 16 MB (it moves by about 2 MB).
    expect(Math.max(...heaps.slice(2)) - Math.min(...heaps.slice(2))).toBeLessThan(16);
  });
});
