// A store on PostgreSQL, for merchants who run several servers (docs/fulfillment.md says why
// Postgres): one row per payment. A claim is taken with FOR UPDATE SKIP LOCKED (two servers never
// take the same row) and carries a fence that every later write must match. A delivery runs in one
// transaction with the row locked: the handler gets that transaction, and what it writes through
// it is committed together with "done" — or, if the process dies, rolled back with it. So the
// merchant's change happens exactly once, whatever is killed when.
//
// It takes your `pg` Pool (or anything with the same `connect` and `query`): the package brings no
// database driver of its own.

import { damageOf } from './record';
import {
  type Claim,
  type Claimed,
  type DamagedRecord,
  FINISHED,
  type FollowedPayment,
  type FulfillmentStore,
} from './types';

/** What this store uses of a `pg` client: `query` with `$1` parameters. */
export interface PostgresClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>;
}

/** What this store uses of a `pg` Pool. */
export interface PostgresPool extends PostgresClient {
  connect(): Promise<PostgresClient & { release(error?: Error | boolean): void }>;
}

export interface PostgresStoreOptions {
  /** Default `momo_fulfillment`; created if missing. */
  table?: string;
}

export function postgresStore(pool: PostgresPool, options: PostgresStoreOptions = {}): FulfillmentStore {
  const table = options.table ?? 'momo_fulfillment';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table))
    throw new TypeError('The table name must be a plain lower-case SQL identifier.');
  // One statement string: PostgreSQL runs it as one transaction, rolled back whole if it fails. The
  // column `damaged` (rows set aside) is added to a table of an earlier version, and only then:
  // ALTER TABLE locks the whole table, which would wait for every delivery under way.
  const ddl = `CREATE TABLE IF NOT EXISTS ${table} (
      intent_id text PRIMARY KEY,
      next_check_at bigint NOT NULL,
      claimant text,
      fence bigint NOT NULL DEFAULT 0,
      claim_until bigint,
      found_with text,
      payment jsonb NOT NULL
    );
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM information_schema.columns
                     WHERE table_schema = current_schema() AND table_name = '${table}' AND column_name = 'damaged')
      THEN ALTER TABLE ${table} ADD COLUMN damaged text; END IF;
    END $$;
    CREATE INDEX IF NOT EXISTS ${table}_due ON ${table} (next_check_at) WHERE next_check_at < ${FINISHED};`;

  /**
   * Creates the table if missing. `IF NOT EXISTS` is not safe against itself: two servers starting
   * together on a fresh database both try, and the one that loses fails on the catalog's unique
   * keys (23505, 42P07, 42710) once the other has committed. Then the table is there: asked again,
   * `IF NOT EXISTS` sees it.
   */
  async function create(): Promise<void> {
    for (let tries = 1; ; tries++) {
      try {
        await pool.query(ddl);
        return;
      } catch (error) {
        const code = (error as { code?: unknown })?.code;
        if (tries >= 3 || !['23505', '42P07', '42710', '42701'].includes(String(code))) throw error;
      }
    }
  }

  // Once per store; but a failure is not kept (the database not up yet when the server boots):
  // the next call tries again, and the store recovers without a restart.
  let ready: Promise<void> | null = null;
  const init = () =>
    (ready ??= create().catch((error: unknown) => {
      ready = null;
      throw error;
    }));

  /** Rows this store set aside since fulfillment last asked (each told once). */
  const setAsideSince: DamagedRecord[] = [];

  /**
   * The row's payment, or undefined when it cannot be read as one (not the shape fulfillment
   * writes, or another payment's): then the row is set aside — kept as it is, marked `damaged`
   * with why, never due again — and the others go on.
   */
  async function paymentOf(row: Record<string, unknown>): Promise<FollowedPayment | undefined> {
    const intentId = String(row.intent_id);
    const reason = damageOf(row.payment, intentId);
    if (reason === null) return row.payment as FollowedPayment;
    const { rowCount } = await pool.query(
      `UPDATE ${table} SET damaged = $2, next_check_at = ${FINISHED}, claimant = NULL, claim_until = NULL
       WHERE intent_id = $1 AND damaged IS NULL`,
      [intentId, reason],
    );
    if (rowCount === 1) setAsideSince.push({ intentId, kept: `${table} row ${intentId}`, reason });
    return undefined;
  }

  return {
    transactional: true,

    async add(payment) {
      await init();
      await pool.query(
        `INSERT INTO ${table} (intent_id, next_check_at, found_with, payment) VALUES ($1, $2, $3, $4)
         ON CONFLICT (intent_id) DO NOTHING`,
        [payment.intentId, payment.nextCheckAt, payment.foundWith, JSON.stringify(payment)],
      );
    },

    async claimDue(now, limit, claimant, leaseMs, key) {
      await init();
      const { rows } = await pool.query(
        `UPDATE ${table} SET claimant = $1, fence = fence + 1, claim_until = $2
         WHERE intent_id IN (
           SELECT intent_id FROM ${table}
           WHERE next_check_at <= $3 AND (claim_until IS NULL OR claim_until < $3)
             AND (found_with IS NULL OR found_with = $5) AND damaged IS NULL
           ORDER BY next_check_at LIMIT $4
           FOR UPDATE SKIP LOCKED)
         RETURNING intent_id, fence, claim_until, payment`,
        [claimant, now + leaseMs, now, limit, key],
      );
      const claimed: Claimed[] = [];
      for (const row of rows) {
        const payment = await paymentOf(row);
        if (payment)
          claimed.push({ payment, claim: { claimant, fence: Number(row.fence), until: Number(row.claim_until) } });
      }
      return claimed;
    },

    async wake(intentIds, now) {
      await init();
      if (intentIds.length === 0) return;
      await pool.query(
        `UPDATE ${table} SET next_check_at = $1 WHERE intent_id = ANY($2) AND next_check_at > $1 AND next_check_at < ${FINISHED}`,
        [now, intentIds],
      );
    },

    async save(payment, claim) {
      const { rowCount } = await pool.query(
        `UPDATE ${table} SET payment = $1, next_check_at = $2, found_with = $6, claimant = NULL, claim_until = NULL
         WHERE intent_id = $3 AND claimant = $4 AND fence = $5`,
        [
          JSON.stringify(payment),
          payment.nextCheckAt,
          payment.intentId,
          claim.claimant,
          claim.fence,
          payment.foundWith,
        ],
      );
      return rowCount === 1;
    },

    async deliver(payment, kind, claim: Claim, handler) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const { rows } = await client.query(
          `SELECT payment FROM ${table} WHERE intent_id = $1 AND claimant = $2 AND fence = $3 FOR UPDATE`,
          [payment.intentId, claim.claimant, claim.fence],
        );
        const kept = rows[0]?.payment as FollowedPayment | undefined;
        if (!kept) {
          await client.query('ROLLBACK');
          return false;
        }
        if (kept.deliveries[kind] !== 'done') {
          try {
            await handler(client);
          } catch (error) {
            await client.query('ROLLBACK');
            throw error;
          }
        }
        const next = { ...payment, deliveries: { ...payment.deliveries, [kind]: 'done' } };
        await client.query(`UPDATE ${table} SET payment = $1, found_with = $3 WHERE intent_id = $2`, [
          JSON.stringify(next),
          payment.intentId,
          payment.foundWith,
        ]);
        await client.query('COMMIT');
        return true;
      } catch (error) {
        broken = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        // A connection whose transaction failed half-way is not given back to the pool as good.
        client.release(broken);
      }
    },

    async get(id) {
      await init();
      const { rows } = await pool.query(
        `SELECT intent_id, payment FROM ${table} WHERE intent_id = $1 AND damaged IS NULL`,
        [id],
      );
      return rows[0] ? paymentOf(rows[0]) : undefined;
    },

    async damaged() {
      await init();
      const { rows } = await pool.query(
        `SELECT intent_id, damaged FROM ${table} WHERE damaged IS NOT NULL ORDER BY intent_id`,
      );
      return rows.map((row) => ({
        intentId: String(row.intent_id),
        kept: `${table} row ${String(row.intent_id)}`,
        reason: String(row.damaged),
      }));
    },

    newlyDamaged: async () => setAsideSince.splice(0),

    async *list() {
      await init();
      let after = '';
      for (;;) {
        const { rows } = await pool.query(
          `SELECT intent_id, payment FROM ${table} WHERE intent_id > $1 AND damaged IS NULL ORDER BY intent_id LIMIT 500`,
          [after],
        );
        for (const row of rows) {
          const payment = await paymentOf(row);
          if (payment) yield payment;
        }
        if (rows.length < 500) return;
        after = String(rows.at(-1)?.intent_id);
      }
    },
  };
}
