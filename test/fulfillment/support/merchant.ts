// A merchant's server that only fulfills, in its own process so that tests can kill it (-9).
//   node --import tsx test/fulfillment/support/merchant.ts
// Env: API (the sandbox's address), STORE (`file` with DIR, or `postgres` with PG_HOST), HANG=1
// to hang inside the paid handler once its work is done (what a kill then interrupts), HOLD_FIRST=1
// to hold the first paid handler, its work done, until a line GO comes on stdin (a slow handler),
// STALL_AFTER_READS=n to leave unanswered every read of an intent after the first n (the kill then
// lands with payments claimed and their reads under way), CONCURRENCY; WAIT_IN_HANDLER=1 to hold
// the first paid handler before its work until a line GO (what a SIGSTOP or a kill then lands in),
// LEASE_MS (default 1500), CLOCK_AHEAD_MS (fulfillment's clock that far ahead of the system's).
// The paid handler's work: a line in DIR/paid.log (file store; isHandled reads it back), or a row
// in `orders_paid` written through the delivery's transaction (Postgres; no unique key, so a
// second committed call would show). Prints READY, READ <path> as each intent read leaves, STALLED
// <path> for each left unanswered, HANDLER <event id> as each paid handler is called, EFFECT <event id>
// after each piece of work, and POLL <n> after each claim of due payments (n: how many it took).
import { appendFileSync, existsSync, openSync, closeSync, fsyncSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import {
  createFulfillment,
  fileStore,
  type FulfillmentEvent,
  type FulfillmentStore,
  postgresStore,
} from '../../../src/fulfillment';
import { realClock } from '../../../src/fulfillment/clock';

const env = process.env;
const hang = env.HANG === '1';
const forever = () => new Promise<never>(() => undefined);
let holdFirst = env.HOLD_FIRST === '1';
let waitFirst = env.WAIT_IN_HANDLER === '1';
const go = new Promise<void>((resolve) =>
  createInterface({ input: process.stdin }).on('line', (line) => line === 'GO' && resolve()),
);
/** Holds the first call made while HOLD_FIRST, until GO. */
const held = async () => {
  if (!holdFirst) return;
  holdFirst = false;
  await go;
};
/** Holds the first call made while WAIT_IN_HANDLER, before its work, until GO. */
const waited = async (event: FulfillmentEvent) => {
  console.log(`HANDLER ${event.id}`);
  if (!waitFirst) return;
  waitFirst = false;
  await go;
};
const stallAfter = env.STALL_AFTER_READS === undefined ? Number.POSITIVE_INFINITY : Number(env.STALL_AFTER_READS);
let intentReads = 0;
const fetchFor = async (request: Request): Promise<Response> => {
  const path = new URL(request.url).pathname;
  if (request.method === 'GET' && path.startsWith('/v1/payment-intents/pi_')) {
    console.log(`READ ${path}`);
    intentReads += 1;
    if (intentReads > stallAfter) {
      console.log(`STALLED ${path}`);
      return forever();
    }
  }
  return fetch(request);
};

let store: FulfillmentStore;
let paid: (event: FulfillmentEvent) => Promise<void>;
let isHandled: ((event: FulfillmentEvent) => boolean) | undefined;

if (env.STORE === 'postgres') {
  const pool = new pg.Pool({ host: env.PG_HOST, user: 'postgres', database: 'postgres', max: 4 });
  await pool.query('CREATE TABLE IF NOT EXISTS orders_paid (event_id text NOT NULL, at timestamptz DEFAULT now())');
  store = postgresStore(pool);
  paid = async (event) => {
    await waited(event);
    const tx = event.transaction as pg.PoolClient;
    await tx.query('INSERT INTO orders_paid (event_id) VALUES ($1)', [event.id]);
    console.log(`EFFECT ${event.id}`);
    if (hang) await forever();
    await held();
  };
} else {
  const dir = env.DIR as string;
  const log = join(dir, 'paid.log');
  store = fileStore(dir, { rescanMs: 200 });
  paid = async (event) => {
    await waited(event);
    appendFileSync(log, `${event.id}\n`);
    const fd = openSync(log, 'r');
    fsyncSync(fd);
    closeSync(fd);
    console.log(`EFFECT ${event.id}`);
    if (hang) await forever();
    await held();
  };
  isHandled = (event) => existsSync(log) && readFileSync(log, 'utf8').split('\n').includes(event.id);
}

const claimDue = store.claimDue.bind(store);
store.claimDue = async (...args) => {
  const claimed = await claimDue(...args);
  console.log(`POLL ${claimed.length}`);
  return claimed;
};
const ahead = Number(env.CLOCK_AHEAD_MS ?? 0);

const fulfillment = createFulfillment({
  api: { baseUrl: env.API as string, token: 'sk_test_fulfil_child', fetch: fetchFor },
  store,
  clock: { ...realClock, now: () => Date.now() + ahead },
  ...(env.CONCURRENCY ? { concurrency: Number(env.CONCURRENCY) } : {}),
  handlers: { paid, isHandled },
  leaseMs: Number(env.LEASE_MS ?? 1500),
  pollMs: 50,
  pace: { pendingMs: 100, idleMs: 100, idleMaxMs: 200, backoffMs: 100, backoffMaxMs: 500 },
});
fulfillment.start();
console.log('READY');
