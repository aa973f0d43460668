// @vitest-environment node
// The file store's claims (issue 28): a handler's claim is not taken while its process lives,
// whatever the lease and the clocks say; a dead process's claim is taken at once, by one taker:
// on the store's own terms, with real processes of this machine as holders. With merchant's
// servers as real processes (SIGSTOP, a clock ahead, kill -9 in the handler): crash.test.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { fileClaims } from '../../src/fulfillment/file-claims';
import { type Holder, processOf, thisProcess } from '../../src/fulfillment/holder';
import { deadProcess } from './support/dead';

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
