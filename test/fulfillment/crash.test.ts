// @vitest-environment node
// Issue 21's "done when": kill -9 of the merchant's server while it follows loses nothing and calls
// "paid" once — on the file store (with isHandled) and on a real PostgreSQL started here (the
// handler's write in the delivery's transaction). And issue 28's: on the file store, a server
// stopped (SIGSTOP) inside its handler past its lease, or beside a server whose clock is 10 s
// ahead, or killed inside its handler beside another, makes one effect. The merchant's server is a
// child process (support/merchant.ts) against a sandbox served over HTTP by this test, on real time.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { fileStore, postgresStore } from '../../src/fulfillment';
import type { Holder } from '../../src/fulfillment/holder';
import { type Postgres, startPostgres } from '../support/postgres';
import {
  allDone,
  newPaidSessions as newPaidSessionsOn,
  pay as payOn,
  servedSandbox,
  startMerchant as startMerchantOn,
  until,
} from './support/processes';

const served = servedSandbox();
const startMerchant = (env: Record<string, string>) => startMerchantOn(served.api, env);
const newPaidSessions = (store: Parameters<typeof newPaidSessionsOn>[1], count: number) =>
  newPaidSessionsOn(served.api, store, count);
const pay = (intentId: string, outcome?: Parameters<typeof payOn>[2]) => payOn(served.api, intentId, outcome);

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

describe('a merchant’s server paused, behind another’s clock, or killed inside its handler, beside another: file store', () => {
  const TIMEOUT = 60_000;

  async function onePayment(env: Record<string, string> = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'momo-once-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const store = fileStore(dir);
    const [id] = (await newPaidSessions(store, 1)) as [string];
    const a = await startMerchant({ STORE: 'file', DIR: dir, WAIT_IN_HANDLER: '1', ...env });
    onTestFinished(() => a.kill());
    await pay(id);
    await a.next(`HANDLER ${id}:paid`);
    const log = () => (existsSync(join(dir, 'paid.log')) ? readFileSync(join(dir, 'paid.log'), 'utf8') : '');
    return { dir, store, id, a, log };
  }

  /** Waits (real time) until `b` has looked for due payments `polls` more times and `ms` have passed. */
  async function whileBPolls(b: { count(prefix: string): number }, polls: number, ms: number) {
    const from = b.count('POLL');
    const end = Date.now() + ms;
    await until(() => Date.now() >= end && b.count('POLL') >= from + polls, `${polls} polls`);
  }

  it('a process stopped (SIGSTOP) inside its paid handler, past its lease: the other does not call paid; continued, one effect', {
    timeout: TIMEOUT,
  }, async () => {
    const { dir, store, id, a, log } = await onePayment();
    a.child.kill('SIGSTOP');
    onTestFinished(() => void a.child.kill('SIGCONT'));
    // Read when it is continued: its handler then does its work.
    a.child.stdin?.write('GO\n');
    const b = await startMerchant({ STORE: 'file', DIR: dir });
    onTestFinished(() => b.kill());
    // Three leases (1.5 s each) and more: the claim's lease is long run out on every clock.
    await whileBPolls(b, 20, 4500);
    expect(b.count('HANDLER')).toBe(0);
    expect(log()).toBe('');
    const claim = JSON.parse(readFileSync(join(dir, 'claims', id), 'utf8')) as { until: number; holder: Holder };
    expect(claim.until).toBeLessThan(Date.now() - 2000);
    expect(claim.holder.pid).toBe(a.child.pid);
    a.child.kill('SIGCONT');
    await until(allDone(store, [id]), 'the delivery done');
    await whileBPolls(b, 10, 500);
    expect(a.effects).toEqual([`${id}:paid`]);
    expect(b.count('HANDLER')).toBe(0);
    expect(log()).toBe(`${id}:paid\n`);
  });

  it('the other process’s clock 10 s ahead (every lease run out to it): it does not call paid; one effect', {
    timeout: TIMEOUT,
  }, async () => {
    const { dir, store, id, a, log } = await onePayment();
    const b = await startMerchant({ STORE: 'file', DIR: dir, CLOCK_AHEAD_MS: '10000' });
    onTestFinished(() => b.kill());
    await whileBPolls(b, 20, 3000);
    expect(b.count('HANDLER')).toBe(0);
    a.child.stdin?.write('GO\n');
    await until(allDone(store, [id]), 'the delivery done');
    await whileBPolls(b, 10, 500);
    expect(a.effects).toEqual([`${id}:paid`]);
    expect(b.count('HANDLER')).toBe(0);
    expect(log()).toBe(`${id}:paid\n`);
  });

  it('kill -9 inside the handler before its work: the other process takes it over at once (not after the lease) with the same delivery id; one effect', {
    timeout: TIMEOUT,
  }, async () => {
    // A lease of 10 minutes: a takeover within the test's minute is not the lease running out.
    const { dir, store, id, a, log } = await onePayment({ LEASE_MS: '600000' });
    const b = await startMerchant({ STORE: 'file', DIR: dir, LEASE_MS: '600000' });
    onTestFinished(() => b.kill());
    await whileBPolls(b, 10, 500);
    expect(b.count('HANDLER')).toBe(0);
    await a.kill();
    await until(allDone(store, [id]), 'the delivery done by the other process');
    expect(a.lines).toContain(`HANDLER ${id}:paid`);
    expect(b.lines.filter((line) => line.startsWith('HANDLER'))).toEqual([`HANDLER ${id}:paid`]);
    expect(b.effects).toEqual([`${id}:paid`]);
    expect(log()).toBe(`${id}:paid\n`);
  });

  it('kill -9 inside the handler after its work: the other process takes it over, isHandled sees it, no second call', {
    timeout: TIMEOUT,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'momo-once-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const store = fileStore(dir);
    const [id] = (await newPaidSessions(store, 1)) as [string];
    const env = { STORE: 'file', DIR: dir, LEASE_MS: '600000' };
    const a = await startMerchant({ ...env, HANG: '1' });
    onTestFinished(() => a.kill());
    await pay(id);
    await a.next(`EFFECT ${id}:paid`);
    const b = await startMerchant(env);
    onTestFinished(() => b.kill());
    await whileBPolls(b, 10, 500);
    await a.kill();
    await until(allDone(store, [id]), 'the delivery done by the other process');
    expect(b.count('HANDLER')).toBe(0);
    expect(readFileSync(join(dir, 'paid.log'), 'utf8')).toBe(`${id}:paid\n`);
  });
});
