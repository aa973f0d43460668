// @vitest-environment node
// Issue 21's "done when": kill -9 of the merchant's server while it follows loses nothing and calls
// "paid" once — on the file store (with isHandled) and on a real PostgreSQL started here (the
// handler's write in the delivery's transaction). The merchant's server is a child process
// (support/merchant.ts) against a sandbox served over HTTP by this test, on real time.
import { serve } from '@hono/node-server';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createClient } from '../../src/api';
import { createFulfillment, fileStore, type FulfillmentStore, postgresStore } from '../../src/fulfillment';
import { createSandbox } from '../../src/sandbox';
import { REPO_ROOT } from '../../src/server/paths';
import { numberFor } from '../support/checkout-bed';
import { type Postgres, startPostgres } from '../support/postgres';

const TOKEN = 'sk_test_fulfil_child';
let api = '';
let closeServer: () => void = () => undefined;

beforeAll(async () => {
  const sandbox = createSandbox({
    env: {},
    approvalMs: 300,
    confirmRateLimit: false,
    checkoutBaseUrl: 'http://checkout.test',
  });
  await new Promise<void>((resolve) => {
    const server = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      api = `http://127.0.0.1:${info.port}`;
      resolve();
    });
    closeServer = () => server.close();
  });
});
afterAll(() => closeServer());

interface Merchant {
  child: ChildProcess;
  /** Every line it printed, and the event ids of its EFFECT lines. */
  lines: string[];
  effects: string[];
  /** Resolves when the child printed a line starting with `prefix`. */
  next(prefix: string): Promise<string>;
  kill(): Promise<void>;
}

function startMerchant(env: Record<string, string>): Promise<Merchant> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fulfillment/support/merchant.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, API: api, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiting: { prefix: string; resolve: (line: string) => void }[] = [];
  const effects: string[] = [];
  const errors: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => errors.push(line));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    if (line.startsWith('EFFECT ')) effects.push(line.slice(7));
    for (const w of waiting.splice(0)) line.startsWith(w.prefix) ? w.resolve(line) : waiting.push(w);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const merchant: Merchant = {
    child,
    lines,
    effects,
    next: (prefix) =>
      new Promise((resolve, reject) => {
        const found = lines.find((l) => l.startsWith(prefix));
        if (found) return resolve(found);
        waiting.push({ prefix, resolve });
        void exited.then(() => reject(new Error(`the merchant exited before ${prefix}: ${errors.join('\n')}`)));
      }),
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
  return merchant.next('READY').then(() => merchant);
}

const merchantClient = () => createClient({ baseUrl: api, token: TOKEN });

async function newPaidSessions(store: FulfillmentStore, count: number): Promise<string[]> {
  const client = merchantClient();
  // The shop's request handler: create the session, hand it to fulfillment (not started here).
  const handOver = createFulfillment({
    api: { baseUrl: api, token: TOKEN },
    store,
    handlers: { paid: () => undefined },
    pace: { idleMs: 100 },
  });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const items = [{ productId: 'prt_1', quantity: 1, price: 500, productName: 'Pagne' }];
    const session = await client.createSession({
      total: 500,
      currency: 'xaf',
      accountId: 'acct_1',
      successUrl: 'https://s.test/ok',
      cancelUrl: 'https://s.test/no',
      metadata: { order: `CMD-${i}` },
      items,
    });
    await handOver.follow({ ...session, expiresAt: session.expiresAt });
    ids.push(session.paymentIntentId);
  }
  return ids;
}

async function pay(intentId: string, outcome: Parameters<typeof numberFor>[0] = 'approved_after_delay') {
  const client = merchantClient();
  const intent = await client.getIntent(intentId);
  const n = numberFor(outcome);
  await client.confirmIntent(intentId, {
    client_secret: intent.client_secret,
    first_name: 'Awa',
    last_name: 'Nkoulou',
    receipt_email: 'awa@example.cg',
    payment_method_data: { type: 'momo', momo: { country: n.country, msisdn: n.msisdn, operator_name: n.operator } },
  });
}

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const allDone = (store: FulfillmentStore, ids: string[]) => async () => {
  for (const id of ids) if ((await store.get(id))?.deliveries.paid !== 'done') return false;
  return true;
};

describe('kill -9 of the merchant’s server, file store', () => {
  it('killed while following, two payments told and three claimed with their reads under way: restarted, it calls paid once for each', {
    timeout: 60_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'momo-crash-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const store = fileStore(dir);
    const ids = await newPaidSessions(store, 5);
    for (const id of ids) await pay(id, 'approved_at_once');
    // Its first two reads are answered (both paid: told); the next ones never are, so the kill
    // lands, whatever the machine's speed, with payments claimed and their reads under way.
    const first = await startMerchant({ STORE: 'file', DIR: dir, STALL_AFTER_READS: '2' });
    const stalled = () => first.lines.filter((line) => line.startsWith('STALLED ')).length;
    await until(() => first.effects.length === 2 && stalled() === 3, 'two told, three reads under way');
    const claimed = readdirSync(join(dir, 'claims'));
    expect(claimed).toHaveLength(3);
    await first.kill();
    expect(first.effects).toHaveLength(2);
    const second = await startMerchant({ STORE: 'file', DIR: dir });
    await until(allDone(store, ids), 'every payment delivered');
    await second.kill();
    const log = readFileSync(join(dir, 'paid.log'), 'utf8').trim().split('\n');
    expect(log.sort()).toEqual(ids.map((id) => `${id}:paid`).sort());
    // The restarted one told exactly the three the first had claimed and not told.
    expect(second.effects.sort()).toEqual(claimed.map((id) => `${id}:paid`).sort());
  });

  it('killed inside the paid handler after its work: restarted, isHandled sees it, no second call', {
    timeout: 60_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'momo-crash-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const store = fileStore(dir);
    const [id] = await newPaidSessions(store, 1);
    const first = await startMerchant({ STORE: 'file', DIR: dir, HANG: '1' });
    await pay(id as string);
    await first.next('EFFECT');
    await first.kill();
    expect((await store.get(id as string))?.deliveries.paid).toBe('started');
    const second = await startMerchant({ STORE: 'file', DIR: dir });
    await until(allDone(store, [id as string]), 'the delivery resolved');
    await second.kill();
    expect(second.effects).toEqual([]);
    expect(readFileSync(join(dir, 'paid.log'), 'utf8')).toBe(`${id}:paid\n`);
  });
});

describe('kill -9 of the merchant’s server, PostgreSQL store (a real server)', () => {
  let postgres: Postgres;
  let pool: pg.Pool;
  beforeAll(() => {
    postgres = startPostgres();
    pool = new pg.Pool({ host: postgres.host, user: postgres.user, database: 'postgres', max: 4 });
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    postgres?.stop();
  });

  const rows = async () =>
    (await pool.query<{ event_id: string }>('SELECT event_id FROM orders_paid ORDER BY event_id')).rows.map(
      (r) => r.event_id,
    );

  it('killed inside the handler: its write is rolled back with the delivery, made again, committed once; two servers share the rest', {
    timeout: 90_000,
  }, async () => {
    await pool.query('DROP TABLE IF EXISTS momo_fulfillment; DROP TABLE IF EXISTS orders_paid');
    const store = postgresStore(pool);
    const [hung, ...rest] = (await newPaidSessions(store, 9)) as [string, ...string[]];
    const first = await startMerchant({ STORE: 'postgres', PG_HOST: postgres.host, HANG: '1' });
    await pay(hung);
    await first.next('EFFECT');
    await first.kill();
    // Server a takes the killed one's payment once its claim runs out, and makes the delivery
    // again; its handler is then held (a slow handler: the row stays locked in its transaction,
    // past its lease) and it works on one payment at a time, so it takes nothing else meanwhile.
    const a = await startMerchant({ STORE: 'postgres', PG_HOST: postgres.host, HOLD_FIRST: '1', CONCURRENCY: '1' });
    await a.next('EFFECT');
    expect(a.effects).toEqual([`${hung}:paid`]);
    // Server b takes all the rest, working around the locked row, never taking it.
    const b = await startMerchant({ STORE: 'postgres', PG_HOST: postgres.host });
    for (const id of rest) await pay(id);
    await until(allDone(store, rest), 'the rest delivered by b');
    a.child.stdin!.write('GO\n');
    const ids = [hung, ...rest];
    await until(allDone(store, ids), 'every payment delivered');
    await Promise.all([a.kill(), b.kill()]);
    // The killed handler did its insert, which was never committed; each order is paid once, and
    // each of the two servers delivered.
    expect(first.effects).toEqual([`${hung}:paid`]);
    expect(a.effects).toEqual([`${hung}:paid`]);
    expect(b.effects.sort()).toEqual(rest.map((id) => `${id}:paid`).sort());
    expect(await rows()).toEqual(ids.map((id) => `${id}:paid`).sort());
    expect(existsSync(postgres.host)).toBe(true);
  });
});
