// @vitest-environment node
// The file store's claims (issue 28): a handler's claim is not taken while its process lives,
// whatever the lease and the clocks say; a dead process's claim is taken at once, by one taker.
// First on the store's own terms, with real processes of this machine as holders; then with
// merchant's servers as real processes (support/merchant.ts): SIGSTOP inside the handler past the
// lease, a clock 10 s ahead in the other process, kill -9 inside the handler — one effect each.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { fileStore } from '../../src/fulfillment';
import { fileClaims } from '../../src/fulfillment/file-claims';
import { type Holder, processOf, thisProcess } from '../../src/fulfillment/holder';
import { deadProcess } from './support/dead';
import { allDone, newPaidSessions, pay, servedSandbox, startMerchant, until } from './support/processes';

function directory() {
  const dir = mkdtempSync(join(tmpdir(), 'momo-claims-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  for (const sub of ['claims', 'tmp']) mkdirSync(join(dir, sub));
  return dir;
}

/** A process of this machine that lives until the test ends. */
function liveProcess(): { child: ChildProcess; holder: Holder } {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
  onTestFinished(() => void child.kill('SIGKILL'));
  return { child, holder: processOf(child.pid as number) };
}

/** The claim file a process holding the payment would have written. */
const writeClaim = (dir: string, id: string, holder: Holder | undefined, until: number) =>
  writeFileSync(join(dir, 'claims', id), JSON.stringify({ claimant: `other:${holder?.pid}`, fence: 7, until, holder }));

const claimsIn = (dir: string) => fileClaims(join(dir, 'claims'), join(dir, 'tmp'));

describe('fileClaims › whose claim may be taken', () => {
  it('a live process’s claim is never taken, however far past its lease; once it is dead, at once', async () => {
    const dir = directory();
    const { child, holder } = liveProcess();
    writeClaim(dir, 'pi_a', holder, 1000);
    const claims = claimsIn(dir);
    expect(await claims.take('pi_a', 1e12, 'me', 1000)).toBeNull();
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    // Dead before its lease runs out (at 1000): taken at 0.
    expect(await claims.take('pi_a', 0, 'me', 1000)).toMatchObject({ claimant: 'me', until: 1000 });
  });

  it('a stopped process (SIGSTOP) is alive: its claim holds', async () => {
    const dir = directory();
    const { child, holder } = liveProcess();
    child.kill('SIGSTOP');
    onTestFinished(() => void child.kill('SIGCONT'));
    writeClaim(dir, 'pi_a', holder, 1000);
    expect(await claimsIn(dir).take('pi_a', 1e12, 'me', 1000)).toBeNull();
  });

  it('a pid reused by another process (another start time) is its holder dead', async () => {
    const dir = directory();
    const { holder } = liveProcess();
    writeClaim(dir, 'pi_a', { ...holder, start: '1' }, 1e12);
    expect(await claimsIn(dir).take('pi_a', 0, 'me', 1000)).not.toBeNull();
  });

  it('another machine’s claim (a network file system), or one that names no process, is judged by its lease alone', async () => {
    const dir = directory();
    const claims = claimsIn(dir);
    writeClaim(dir, 'pi_far', { ...thisProcess, machine: 'linux:another-boot:pid:[1]', pid: 1 }, 5000);
    writeClaim(dir, 'pi_old', undefined, 5000);
    for (const id of ['pi_far', 'pi_old']) {
      expect(await claims.take(id, 4999, 'me', 1000)).toBeNull();
      expect(await claims.take(id, 5000, 'me', 1000)).not.toBeNull();
    }
  });

  it('a claim in use in this process is alive to another store on the folder, whatever its lease; let go, it is taken', async () => {
    const dir = directory();
    const mine = claimsIn(dir);
    const claim = await mine.take('pi_a', 0, 'one', 1000);
    if (!claim) throw new Error('not taken');
    const other = claimsIn(dir);
    expect(await other.take('pi_a', 1e12, 'two', 1000)).toBeNull();
    await mine.release('pi_a', claim);
    expect(await other.take('pi_a', 0, 'two', 1000)).toMatchObject({ claimant: 'two' });
  });

  it('eight stores taking one dead process’s claim at once: one gets it, twenty times over', async () => {
    const dir = directory();
    const dead = deadProcess();
    for (let round = 0; round < 20; round++) {
      const id = `pi_${round}`;
      writeClaim(dir, id, dead, 1e12);
      const stores = Array.from({ length: 8 }, () => claimsIn(dir));
      const taken = (await Promise.all(stores.map((s, i) => s.take(id, 0, `taker-${i}`, 1000)))).filter(Boolean);
      expect(taken).toHaveLength(1);
      const held = JSON.parse(readFileSync(join(dir, 'claims', id), 'utf8')) as { claimant: string };
      expect(held.claimant).toBe(taken[0]?.claimant);
    }
  });
});

describe('fileClaims › real processes on one store', () => {
  const served = servedSandbox();
  const TIMEOUT = 60_000;

  async function onePayment(env: Record<string, string> = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'momo-once-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const store = fileStore(dir);
    const [id] = (await newPaidSessions(served.api, store, 1)) as [string];
    const a = await startMerchant(served.api, { STORE: 'file', DIR: dir, WAIT_IN_HANDLER: '1', ...env });
    onTestFinished(() => a.kill());
    await pay(served.api, id);
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
    const b = await startMerchant(served.api, { STORE: 'file', DIR: dir });
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
    const b = await startMerchant(served.api, { STORE: 'file', DIR: dir, CLOCK_AHEAD_MS: '10000' });
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
    const b = await startMerchant(served.api, { STORE: 'file', DIR: dir, LEASE_MS: '600000' });
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
    const [id] = (await newPaidSessions(served.api, store, 1)) as [string];
    const env = { STORE: 'file', DIR: dir, LEASE_MS: '600000' };
    const a = await startMerchant(served.api, { ...env, HANG: '1' });
    onTestFinished(() => a.kill());
    await pay(served.api, id);
    await a.next(`EFFECT ${id}:paid`);
    const b = await startMerchant(served.api, env);
    onTestFinished(() => b.kill());
    await whileBPolls(b, 10, 500);
    await a.kill();
    await until(allDone(store, [id]), 'the delivery done by the other process');
    expect(b.count('HANDLER')).toBe(0);
    expect(readFileSync(join(dir, 'paid.log'), 'utf8')).toBe(`${id}:paid\n`);
  });
});
