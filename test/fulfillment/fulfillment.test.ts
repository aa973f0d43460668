// @vitest-environment node
// Fulfillment on the file store (issue 21): a payment the merchant hands over is followed to its
// end and each end is told once — paid to a payer who closed the tab, expired, failed, overdue
// then paid, lost — by one process or several sharing the store, the service down or not.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { eventOf, keyFingerprint } from '../../src/fulfillment/fulfillment';
import { type FulfillmentEvent, fileStore } from '../../src/fulfillment';
import { BASE, bed, drain, START, TOKEN, until } from './support/bed';
import { leftByDeadProcess } from './support/dead';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('fulfillment', () => {
  it('calls paid once for a payer who approved on the phone and closed the tab, with the order and a stable event id', async () => {
    const t = bed();
    const session = await t.newSession('CMD-1');
    const f = t.fulfillment();
    await f.follow(session);
    await t.pay(session.paymentIntentId);
    // Nobody comes back to the shop: only fulfillment hears of it.
    for (let i = 0; i < 10; i++) {
      t.advance(20 * SECOND);
      await drain(f);
    }
    expect(t.calls.map((e) => [e.kind, e.id, e.metadata])).toEqual([
      ['paid', `${session.paymentIntentId}:paid`, { order: 'CMD-1' }],
    ]);
    expect(t.calls[0]?.intent?.status).toBe('succeeded');
    const kept = await f.get(session.paymentIntentId);
    expect(kept).toMatchObject({ outcome: 'paid', deliveries: { paid: 'done' } });
    // Finished: out of the open payments, never read again.
    expect(readdirSync(join(t.dir, 'open'))).toEqual([]);
    const intentReads = () => t.reads.filter((path) => path.startsWith('GET /v1/payment-intents/')).length;
    const reads = intentReads();
    t.advance(60 * MINUTE);
    await drain(f);
    expect(intentReads()).toBe(reads);
  });

  it('calls expired once when the session ends unpaid', async () => {
    const t = bed();
    const session = await t.newSession('CMD-2');
    const f = t.fulfillment();
    await f.follow(session);
    for (let i = 0; i < 30; i++) {
      t.advance(60 * MINUTE);
      await drain(f);
    }
    expect(t.calls.map((e) => e.kind)).toEqual(['expired']);
  });

  it('calls failed once for an intent whose attempts ran out, not for each declined attempt (the payer may retry)', async () => {
    const t = bed();
    const intent = await t.merchant.createIntent({ amount: 900, currency: 'xaf', metadata: { order: 'CMD-7' } });
    const f = t.fulfillment();
    await f.follow(intent);
    for (let i = 0; i < 20; i++) {
      await t.pay(intent.intent_id, 'declined');
      t.advance(10 * SECOND);
      await drain(f);
      if (i < 19) expect(t.calls).toEqual([]);
    }
    for (let i = 0; i < 10; i++) {
      t.advance(MINUTE);
      await drain(f);
    }
    expect(t.calls.map((e) => [e.kind, e.intent?.cancellation_reason])).toEqual([['failed', 'too_many_attempts']]);
  });

  it('reports a payment overdue after its window, keeps following it, and calls paid when it is paid later', async () => {
    const t = bed();
    const intent = await t.merchant.createIntent({ amount: 900, currency: 'xaf', metadata: { order: 'CMD-3' } });
    const f = t.fulfillment({ windowMs: 10 * MINUTE });
    await f.follow(intent);
    for (let i = 0; i < 15; i++) {
      t.advance(MINUTE);
      await drain(f);
    }
    expect(t.calls.map((e) => e.kind)).toEqual(['overdue']);
    await t.pay(intent.intent_id);
    for (let i = 0; i < 4; i++) {
      t.advance(15 * MINUTE);
      await drain(f);
    }
    expect(t.calls.map((e) => e.kind)).toEqual(['overdue', 'paid']);
  });

  it('following again changes nothing, and three processes on one store call paid once for each of 30 payments', async () => {
    const t = bed();
    const processes = [
      t.fulfillment({ concurrency: 3 }),
      t.fulfillment({ concurrency: 3 }),
      t.fulfillment({ concurrency: 3 }),
    ];
    const sessions = [];
    for (let i = 0; i < 30; i++) {
      const session = await t.newSession(`CMD-${i}`);
      sessions.push(session);
      // Each process is handed every one, as a retried request might.
      for (const f of processes) await f.follow(session);
      await t.pay(session.paymentIntentId);
    }
    for (let i = 0; i < 10; i++) {
      t.advance(20 * SECOND);
      await drain(...processes);
    }
    const paid = t.calls.filter((e) => e.kind === 'paid').map((e) => e.intentId);
    expect(paid.sort()).toEqual(sessions.map((s) => s.paymentIntentId).sort());
  });

  it('backs off while the service is down (its reads do not follow the number of payments) and delivers once it is back', async () => {
    const t = bed();
    const f = t.fulfillment();
    const sessions = [];
    for (let i = 0; i < 20; i++) {
      const session = await t.newSession(`CMD-${i}`);
      sessions.push(session);
      await f.follow(session);
      await t.pay(session.paymentIntentId);
    }
    t.setDown(true);
    const before = t.reads.length;
    // Ten minutes down, looked at every second.
    for (let i = 0; i < 600; i++) {
      t.advance(SECOND);
      await drain(f);
    }
    const whileDown = t.reads.length - before;
    // 20 payments at the 5 s pace of an awaited approval would make 2 400 reads; backing off, the
    // whole process makes a few dozen.
    expect(whileDown).toBeLessThan(100);
    t.setDown(false);
    for (let i = 0; i < 20; i++) {
      t.advance(30 * SECOND);
      await drain(f);
    }
    expect(t.calls.filter((e) => e.kind === 'paid')).toHaveLength(20);
  });

  it('calls a handler that threw again later, until it resolves: done once', async () => {
    const t = bed();
    const session = await t.newSession('CMD-5');
    let tries = 0;
    const f = t.fulfillment({
      handlers: {
        paid: (event) => {
          tries += 1;
          if (tries < 3) throw new Error('the order database is down');
          t.calls.push(event);
        },
      },
      onError: () => undefined,
    });
    await f.follow(session);
    await t.pay(session.paymentIntentId);
    for (let i = 0; i < 20; i++) {
      t.advance(MINUTE);
      await drain(f);
    }
    expect(tries).toBe(3);
    expect(t.calls.map((e) => e.kind)).toEqual(['paid']);
  });
});

describe('a 404 never drops a payment by itself (lost is final)', () => {
  it('reports lost, once, a payment the service has kept saying it does not know for an hour, while other payments are found', async () => {
    const t = bed();
    const errors: string[] = [];
    let lostAt = 0;
    const f = t.fulfillment({
      handlers: {
        lost: (event) => {
          lostAt = t.now();
          t.calls.push(event);
        },
      },
      onError: (error) => errors.push(String((error as Error).message)),
    });
    const session = await t.newSession('CMD-9');
    await f.follow(session);
    await t.pay(session.paymentIntentId);
    await f.follow({ intentId: 'pi_doesnotexist', metadata: { order: 'CMD-4' } });
    for (let i = 0; i < 59; i++) {
      t.advance(MINUTE);
      await drain(f);
    }
    // Its first answer came 15 s after follow: not yet an hour of them.
    expect(t.calls.map((e) => e.kind)).toEqual(['paid']);
    expect((await f.get('pi_doesnotexist'))?.outcome).toBeNull();
    expect(errors.at(-1)).toMatch(/does not know pi_doesnotexist .*still followed/);
    for (let i = 0; i < 60; i++) {
      t.advance(MINUTE);
      await drain(f);
    }
    expect(t.calls.map((e) => [e.kind, e.intentId, e.intent, e.metadata])).toEqual([
      ['paid', session.paymentIntentId, expect.anything(), { order: 'CMD-9' }],
      ['lost', 'pi_doesnotexist', null, { order: 'CMD-4' }],
    ]);
    expect(lostAt - START).toBeGreaterThanOrEqual(60 * MINUTE + 15 * SECOND);
  });

  it('a proxy’s HTML 404 (a deploy) is the service unreachable: nothing is lost, all is paid once it answers again', async () => {
    const t = bed();
    const errors: unknown[] = [];
    const f = t.fulfillment({ onError: (error) => errors.push(error) });
    const sessions = [];
    for (let i = 0; i < 10; i++) {
      const session = await t.newSession(`CMD-${i}`);
      sessions.push(session);
      await f.follow(session);
      await t.pay(session.paymentIntentId);
    }
    t.setProxy404(true);
    // Three hours of it: three times what would make a payment the service forgot lost.
    for (let i = 0; i < 180; i++) {
      t.advance(MINUTE);
      await drain(f);
    }
    expect(t.calls).toEqual([]);
    for (const s of sessions) expect((await f.get(s.paymentIntentId))?.outcome).toBeNull();
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => (e as { status?: number }).status === 404)).toBe(true);
    t.setProxy404(false);
    for (let i = 0; i < 10; i++) {
      t.advance(MINUTE);
      await drain(f);
    }
    expect(t.calls.map((e) => e.intentId).sort()).toEqual(sessions.map((s) => s.paymentIntentId).sort());
    expect(t.calls.every((e) => e.kind === 'paid')).toBe(true);
  });

  const wrongs: [string, { token?: string; baseUrl?: string }][] = [
    ['a key that is not the payments’', { token: 'sk_test_another_merchant' }],
    ['a wrong path in the address', { baseUrl: 'http://sandbox.test/api' }],
  ];
  for (const [what, api] of wrongs) {
    it(`${what} answers 404 for every payment: none is lost, the trouble is reported, reads back off, and all is paid once put right`, async () => {
      const t = bed();
      const errors: string[] = [];
      const wrong = t.fulfillment({
        api: { baseUrl: BASE, token: TOKEN, fetch: t.fetch, ...api },
        onError: (error) => errors.push(String((error as Error).message)),
      });
      const sessions = [];
      for (let i = 0; i < 5; i++) {
        const session = await t.newSession(`CMD-${i}`);
        sessions.push(session);
        await wrong.follow(session);
        await t.pay(session.paymentIntentId);
      }
      const intentReads = () => t.reads.filter((path) => /^GET (\/api)?\/v1\/payment-intents\/pi_/.test(path)).length;
      const before = intentReads();
      // Three hours of it (three times what makes a payment the service forgot lost), looked at every minute.
      for (let i = 0; i < 180; i++) {
        t.advance(MINUTE);
        await drain(wrong);
      }
      expect(t.calls).toEqual([]);
      for (const s of sessions) expect((await wrong.get(s.paymentIntentId))?.outcome).toBeNull();
      expect(errors.at(-1)).toMatch(/the key or the address is more likely wrong/);
      // Backing off to a read of each every 5 min (±10 %), not one each minute (900).
      expect(intentReads() - before).toBeLessThanOrEqual(5 * (180 / 4.5 + 10));
      const right = t.fulfillment();
      for (let i = 0; i < 10; i++) {
        t.advance(MINUTE);
        await drain(right);
      }
      expect(t.calls.map((e) => e.intentId).sort()).toEqual(sessions.map((s) => s.paymentIntentId).sort());
    });
  }
});

describe('one store, two keys (two shops, or a key changed while the folder stays)', () => {
  it('each process follows its own key’s payments: neither makes the other’s lost, each is told paid by its own', async () => {
    const t = bed();
    const SECOND_SHOP = 'sk_test_second_shop';
    const theirApi = { baseUrl: BASE, token: SECOND_SHOP, fetch: t.fetch };
    const told: string[] = [];
    const tell = (shop: string) => (event: FulfillmentEvent) => {
      told.push(`${shop} ${event.kind} ${String(event.metadata?.order)}`);
    };
    const handlersOf = (shop: string) => ({
      paid: tell(shop),
      failed: tell(shop),
      expired: tell(shop),
      overdue: tell(shop),
      lost: tell(shop),
    });
    const errorsOfA: string[] = [];
    const a = t.fulfillment({ handlers: handlersOf('A'), onError: (error) => errorsOfA.push(String(error)) });
    const b = t.fulfillment({ api: theirApi, handlers: handlersOf('B'), onError: () => undefined });
    const mine = await t.newSession('A-1');
    await a.follow(mine);
    const theirClient = createClient(theirApi);
    const theirSession = (order: string) =>
      theirClient.createSession({
        total: 700,
        currency: 'xaf',
        accountId: 'acct_1',
        successUrl: 'https://b.test/ok',
        cancelUrl: 'https://b.test/no',
        metadata: { order },
        items: [{ productId: 'prt_1', quantity: 1, price: 700, productName: 'Pagne' }],
      });
    const theirs = await theirSession('B-1');
    await b.follow(theirs);
    // The store keeps a fingerprint of each key, never the key.
    const kept = readFileSync(join(t.dir, 'open', `${theirs.paymentIntentId}.json`), 'utf8');
    expect(kept).not.toContain(SECOND_SHOP);
    expect(kept).not.toContain(TOKEN);
    await t.pay(mine.paymentIntentId);
    await t.pay(theirs.paymentIntentId, 'approved_after_delay', theirClient);
    // The second shop's server is down for two hours: the first one's key is proven by its own
    // payment, and the service keeps answering it that it does not know the second one's.
    for (let i = 0; i < 120; i++) {
      t.advance(MINUTE);
      await drain(a);
    }
    expect(told).toEqual(['A paid A-1']);
    expect((await a.get(theirs.paymentIntentId))?.outcome).toBeNull();
    expect(errorsOfA.at(-1)).toMatch(/not the key it was followed with.*never reported lost/);
    // Back up, the second shop hears of its own payment: within the back-off of the first one's
    // reads of it (at most 5 min).
    for (let i = 0; i < 6; i++) {
      t.advance(MINUTE);
      await drain(b);
    }
    expect(told).toEqual(['A paid A-1', 'B paid B-1']);
    // Both running on the one store: each new payment told once, by its own shop.
    const [a2, b2] = [await t.newSession('A-2'), await theirSession('B-2')];
    await a.follow(a2);
    await b.follow(b2);
    await t.pay(a2.paymentIntentId);
    await t.pay(b2.paymentIntentId, 'approved_after_delay', theirClient);
    for (let i = 0; i < 90; i++) {
      t.advance(MINUTE);
      await drain(a, b);
    }
    expect(told.sort()).toEqual(['A paid A-1', 'A paid A-2', 'B paid B-1', 'B paid B-2']);
  });
});

describe('one clock', () => {
  it('a store reads no clock: a fulfillment on a test’s clock, behind the system’s, delivers through a store given none', async () => {
    const t = bed();
    expect(t.now()).toBeLessThan(Date.now());
    const session = await t.newSession('CMD-10');
    const f = t.fulfillment({ store: fileStore(t.dir, { rescanMs: 0, sync: false }) });
    await f.follow(session);
    await t.pay(session.paymentIntentId, 'approved_at_once');
    t.advance(MINUTE);
    await drain(f);
    expect(t.calls.map((e) => e.kind)).toEqual(['paid']);
  });
});

describe('the sweep of the service’s list', () => {
  async function paidWhileIdle(sweepMs: number, sandboxOptions = {}) {
    const t = bed(sandboxOptions);
    // Nothing is read for 10 min after it is followed: only the sweep can tell sooner.
    const f = t.fulfillment({ sweepMs, pace: { idleMs: 10 * MINUTE, idleMaxMs: 10 * MINUTE } });
    const intents = [];
    for (let i = 0; i < 8; i++) {
      const intent = await t.merchant.createIntent({ amount: 700, currency: 'xaf', metadata: { order: `CMD-${i}` } });
      intents.push(intent);
      await f.follow(intent);
    }
    await drain(f);
    t.advance(MINUTE);
    await drain(f);
    for (const intent of intents.slice(0, 3)) await t.pay(intent.intent_id, 'approved_at_once');
    const before = t.reads.filter((path) => path.startsWith('GET /v1/payment-intents/pi_')).length;
    t.advance(11 * SECOND);
    await drain(f);
    const reads = t.reads.filter((path) => path.startsWith('GET /v1/payment-intents/pi_')).length - before;
    return { t, f, intents, reads };
  }

  it('reads first, within seconds, the payments the list shows paid since the last look — and only those', async () => {
    const { t, intents, reads } = await paidWhileIdle(10 * SECOND);
    expect(t.calls.map((e) => e.intentId).sort()).toEqual(
      intents
        .slice(0, 3)
        .map((i) => i.intent_id)
        .sort(),
    );
    // The three paid ones (their reads by t.pay are the merchant's, counted before).
    expect(reads).toBe(3);
  });

  it('without the sweep they wait for their turn; a service without the list is not asked again', async () => {
    expect((await paidWhileIdle(0)).t.calls).toEqual([]);
    const bare = await paidWhileIdle(10 * SECOND, { extensions: false });
    expect(bare.t.calls).toEqual([]);
    const lists = () => bare.t.reads.filter((path) => path === 'GET /v1/payment-intents').length;
    const asked = lists();
    expect(asked).toBe(1);
    bare.t.advance(MINUTE);
    await drain(bare.f);
    expect(lists()).toBe(asked);
  });
});

describe('a handler slower than the claim’s lease', () => {
  it('keeps its claim while it runs: another process does not take the payment and call it again', async () => {
    const t = bed();
    const session = await t.newSession('CMD-8');
    let release: () => void = () => undefined;
    let called: () => void = () => undefined;
    const inHandler = new Promise<void>((resolve) => (called = resolve));
    let calls = 0;
    const slow = t.fulfillment({
      leaseMs: 300,
      handlers: {
        paid: () => {
          calls += 1;
          called();
          return new Promise<void>((resolve) => (release = resolve));
        },
      },
    });
    const other = t.fulfillment({
      leaseMs: 300,
      handlers: {
        paid: () => {
          calls += 1;
        },
        isHandled: () => false,
      },
    });
    await slow.follow(session);
    await t.pay(session.paymentIntentId);
    t.advance(MINUTE);
    const running = slow.runOnce();
    await inHandler;
    expect(calls).toBe(1);
    const claimFile = join(t.dir, 'claims', session.paymentIntentId);
    const claimedUntil = () => (JSON.parse(readFileSync(claimFile, 'utf8')) as { until: number }).until;
    // Well past the lease, on the clock's time: the running handler's claim is renewed every third
    // of it (100 ms), each renewal waited for as it is written (an event: no race with real time).
    for (let i = 0; i < 5; i++) {
      await t.advanceTimers(250);
      await until(() => claimedUntil() >= t.now() + 200, 'the claim renewed');
      await other.runOnce();
    }
    expect(calls).toBe(1);
    release();
    await running;
    expect((await slow.get(session.paymentIntentId))?.deliveries.paid).toBe('done');
    t.advance(MINUTE);
    await drain(other);
    expect(calls).toBe(1);
  });
});

describe('a delivery begun by a process that died in the handler', () => {
  async function diedInHandler() {
    const t = bed();
    const session = await t.newSession('CMD-6');
    const first = t.fulfillment();
    await first.follow(session);
    await t.pay(session.paymentIntentId);
    t.advance(MINUTE);
    // What a kill -9 inside the handler leaves on disk: the delivery said begun, the claim never
    // let go, its process dead (written here as the store writes them; a real kill is
    // test/fulfillment/crash.test.ts).
    const store = fileStore(t.dir, { rescanMs: 0, sync: false });
    const key = keyFingerprint(TOKEN);
    const [claimed] = await store.claimDue(t.now(), 1, 'dead-process', 30 * SECOND, key);
    if (!claimed) throw new Error('nothing to claim');
    const intent = await t.merchant.getIntent(session.paymentIntentId);
    const payment = {
      ...claimed.payment,
      intent,
      foundWith: key,
      outcome: 'paid' as const,
      deliveries: { paid: 'started' as const },
    };
    writeFileSync(join(t.dir, 'open', `${session.paymentIntentId}.json`), JSON.stringify(payment));
    leftByDeadProcess(t.dir, session.paymentIntentId);
    expect((await store.get(session.paymentIntentId))?.deliveries.paid).toBe('started');
    // Its claim runs out.
    t.advance(MINUTE);
    return { t, session, payment };
  }

  it('is not made again when isHandled says the merchant has it', async () => {
    const { t, session } = await diedInHandler();
    const asked: string[] = [];
    const f = t.fulfillment({
      handlers: {
        isHandled: (event) => {
          asked.push(event.id);
          return true;
        },
      },
    });
    await drain(f);
    expect(asked).toEqual([`${session.paymentIntentId}:paid`]);
    expect(t.calls).toEqual([]);
    expect((await f.get(session.paymentIntentId))?.deliveries.paid).toBe('done');
  });

  it('is made once more when isHandled says the merchant does not have it', async () => {
    const { t } = await diedInHandler();
    const f = t.fulfillment({ handlers: { isHandled: () => false } });
    await drain(f);
    t.advance(MINUTE);
    await drain(f);
    expect(t.calls.map((e) => e.kind)).toEqual(['paid']);
  });

  it('without isHandled, is never made again: it is reported in doubt, once', async () => {
    const { t, session, payment } = await diedInHandler();
    const doubts: string[] = [];
    const f = t.fulfillment({ handlers: { inDoubt: (event) => doubts.push(event.id) } });
    await drain(f);
    t.advance(MINUTE);
    await drain(f);
    expect(t.calls).toEqual([]);
    expect(doubts).toEqual([eventOf(payment, 'paid').id]);
    const listed = [];
    for await (const p of f.inDoubt()) listed.push(p.intentId);
    expect(listed).toEqual([session.paymentIntentId]);
  });
});
