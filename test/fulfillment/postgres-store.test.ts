// @vitest-environment node
// The PostgreSQL store's start against a real server (started here): servers that start together on
// a fresh database all get the table; a start that failed (the database not there yet) is tried
// again by the next call, without a restart; the sweep's `wake` may be the first call. And a claim
// takes only the payments of the claimant's key, or of none yet. A row that cannot be read as a
// payment is set aside (kept, marked, named by damaged(), told once) and the others are delivered.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DamagedRecordError, postgresStore } from '../../src/fulfillment';
import { bed, drain } from './support/bed';
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

describe('postgresStore › a table of an earlier version', () => {
  it('gains the column for rows set aside, and goes on', async () => {
    await pool.query(`CREATE TABLE earlier (intent_id text PRIMARY KEY, next_check_at bigint NOT NULL, claimant text,
      fence bigint NOT NULL DEFAULT 0, claim_until bigint, found_with text, payment jsonb NOT NULL)`);
    const store = postgresStore(pool, { table: 'earlier' });
    await store.add(payment);
    expect(claimedIds(await store.claimDue(10, 10, 'me', 1000, 'k1'))).toEqual(['pi_pg']);
    expect(await store.damaged?.()).toEqual([]);
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

describe('postgresStore › a row it cannot read as a payment', () => {
  it('is set aside (kept as it is, marked, named by damaged(), told once); the other payments are claimed', async () => {
    const store = postgresStore(pool, { table: 'damaged_rows' });
    for (const id of ['pi_1', 'pi_2', 'pi_3', 'pi_4', 'pi_5', 'pi_6'])
      await store.add({ ...payment, intentId: id, metadata: { order: id } });
    await pool.query(`UPDATE damaged_rows SET payment = '{"intentId": "pi_2"}' WHERE intent_id = 'pi_2'`);
    await pool.query(`UPDATE damaged_rows SET payment = '"a string"' WHERE intent_id = 'pi_5'`);
    expect(claimedIds(await store.claimDue(10, 10, 'me', 1000, 'k1'))).toEqual(['pi_1', 'pi_3', 'pi_4', 'pi_6']);
    const told = await store.newlyDamaged?.();
    expect(told?.map((d) => [d.intentId, d.reason])).toEqual([
      ['pi_2', 'invalid field: sessionId'],
      ['pi_5', 'not a JSON object'],
    ]);
    expect(await store.newlyDamaged?.()).toEqual([]);
    expect(await store.damaged?.()).toEqual(told);
    expect(await store.get('pi_2')).toBeUndefined();
    const listed = [];
    for await (const kept of store.list()) listed.push(kept.intentId);
    expect(listed).toEqual(['pi_1', 'pi_3', 'pi_4', 'pi_6']);
    // Kept as it was; never claimed again.
    const { rows } = await pool.query("SELECT payment FROM damaged_rows WHERE intent_id = 'pi_5'");
    expect(rows[0]?.payment).toBe('a string');
    expect(await store.claimDue(1e12, 10, 'me', 1000, 'k1')).toHaveLength(4);
  });

  it('through fulfillment: the others are told paid, the damaged one is told to onError once', async () => {
    const t = bed();
    const errors: unknown[] = [];
    const f = t.fulfillment({ store: postgresStore(pool, { table: 'damaged_paid' }), onError: (e) => errors.push(e) });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const session = await t.newSession(`CMD-${i}`);
      await f.follow(session);
      await t.pay(session.paymentIntentId, 'approved_at_once');
      ids.push(session.paymentIntentId);
    }
    const [broken, ...healthy] = ids as [string, ...string[]];
    await pool.query(`UPDATE damaged_paid SET payment = payment - 'deliveries' WHERE intent_id = $1`, [broken]);
    for (let i = 0; i < 3; i++) {
      t.advance(60_000);
      await drain(f);
    }
    expect(t.calls.map((e) => e.intentId).sort()).toEqual([...healthy].sort());
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(DamagedRecordError);
    expect((errors[0] as DamagedRecordError).record).toEqual({
      intentId: broken,
      kept: `damaged_paid row ${broken}`,
      reason: 'invalid field: deliveries',
    });
    expect((await f.damaged()).map((d) => d.intentId)).toEqual([broken]);
  });
});
