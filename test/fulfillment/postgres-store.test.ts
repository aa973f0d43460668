// @vitest-environment node
// The PostgreSQL store's start against a real server (started here): servers that start together on
// a fresh database all get the table; a start that failed (the database not there yet) is tried
// again by the next call, without a restart; the sweep's `wake` may be the first call. And a claim
// takes only the payments of the claimant's key, or of none yet.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresStore } from '../../src/fulfillment';
import { type Postgres, startPostgres } from '../support/postgres';
import { claimedIds, followedPayment } from './support/payment';

const payment = followedPayment({ intentId: 'pi_pg' });

let postgres: Postgres;
let pool: pg.Pool;
const pools: pg.Pool[] = [];
const poolOf = (database: string) => {
  const made = new pg.Pool({ host: postgres.host, user: postgres.user, database, max: 8 });
  pools.push(made);
  return made;
};

beforeAll(() => {
  postgres = startPostgres();
  pool = poolOf('postgres');
}, 60_000);
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  postgres?.stop();
});

/** Resolves once a session of the server waits for a lock another holds: an event, never a time. */
async function someoneWaitsForALock(): Promise<void> {
  for (let i = 0; i < 10_000; i++) {
    const { rows } = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'",
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('no session ever waited for the lock');
}

describe('postgresStore › its start', () => {
  it('servers starting together on a fresh database all get the table, and share it', async () => {
    const stores = Array.from({ length: 4 }, () => postgresStore(pool, { table: 'together' }));
    await Promise.all(stores.map((store, i) => store.add({ ...payment, intentId: `pi_${i}` })));
    const ids = [];
    for await (const kept of postgresStore(pool, { table: 'together' }).list()) ids.push(kept.intentId);
    expect(ids).toEqual(['pi_0', 'pi_1', 'pi_2', 'pi_3']);
  });

  it('another server creating the table at the same moment: this one waits for it and goes on, it does not fail', async () => {
    // The other server's creation, held open: this one's must meet it (a real race is the test above).
    await postgresStore(pool, { table: 'model' }).get('pi_any');
    const other = await pool.connect();
    try {
      await other.query('BEGIN');
      await other.query('CREATE TABLE raced (LIKE model INCLUDING ALL)');
      const store = postgresStore(pool, { table: 'raced' });
      const adding = store.add(payment);
      await someoneWaitsForALock();
      await other.query('COMMIT');
      await adding;
      expect((await store.get('pi_pg'))?.metadata).toEqual({ order: 'CMD-1' });
    } finally {
      other.release();
    }
  });

  it('a start that failed (the database not there yet when the server boots) is tried again by the next call', async () => {
    const store = postgresStore(poolOf('shop'));
    await expect(store.add(payment)).rejects.toThrow(/database "shop" does not exist/);
    await pool.query('CREATE DATABASE shop');
    await store.add(payment);
    expect((await store.get('pi_pg'))?.metadata).toEqual({ order: 'CMD-1' });
  });

  it('the sweep’s wake may come first, on a fresh database', async () => {
    const store = postgresStore(pool, { table: 'woken_first' });
    await store.wake?.(['pi_pg'], 0);
    await store.add({ ...payment, nextCheckAt: 1000 });
    await store.wake?.(['pi_pg'], 10);
    expect((await store.claimDue(10, 10, 'me', 1000, 'k1')).map((c) => c.payment.intentId)).toEqual(['pi_pg']);
  });
});

describe('postgresStore › claimDue', () => {
  it('takes the payments found with the claimant’s key, or with none yet, never another key’s', async () => {
    const store = postgresStore(pool, { table: 'two_keys' });
    await store.add({ ...payment, intentId: 'pi_none' });
    await store.add({ ...payment, intentId: 'pi_k1', foundWith: 'k1' });
    await store.add({ ...payment, intentId: 'pi_k2', followedWith: 'k2', foundWith: 'k2' });
    expect(claimedIds(await store.claimDue(10, 10, 'a', 1000, 'k1'))).toEqual(['pi_k1', 'pi_none']);
    expect(claimedIds(await store.claimDue(2000, 10, 'b', 1000, 'k2'))).toEqual(['pi_k2', 'pi_none']);
    // Found with a key by a read (saved under its claim): from then on that key's alone.
    const claimed = (await store.claimDue(4000, 10, 'c', 1000, 'k2')).find((c) => c.payment.intentId === 'pi_none');
    if (!claimed) throw new Error('pi_none not claimed');
    expect(await store.save({ ...claimed.payment, foundWith: 'k2' }, claimed.claim)).toBe(true);
    expect(claimedIds(await store.claimDue(6000, 10, 'd', 1000, 'k1'))).toEqual(['pi_k1']);
  });
});
