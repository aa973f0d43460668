// @vitest-environment node
// The file store against another process on the same directory: add() creates a payment's file only
// where none is, and never follows again a payment another process followed to its end while this
// one was adding it (which would tell `paid` a second time); a store that starts leaves another's
// writes under way alone, and one that runs removes a crash's leftovers; a failed start is tried
// again; a claim takes only the payments of the claimant's key, or of none yet; a list names each
// payment once, even one finished while it is read.
import {
  mkdirSync,
  mkdtempSync,
  promises as fsPromises,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fileStore } from '../../src/fulfillment';
import { STALE_TMP_MS } from '../../src/fulfillment/file-store';
import { FINISHED, type FollowedPayment } from '../../src/fulfillment/types';
import { claimedIds, followedPayment } from './support/payment';

const payment = followedPayment({ intentId: 'pi_raced', nextCheckAt: 15_000 });

function directory() {
  const dir = mkdtempSync(join(tmpdir(), 'momo-store-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

afterEach(() => vi.restoreAllMocks());

/** Runs `then` once, right after the store has read (or failed to read) `file`. */
function afterReading(file: string, then: () => void): () => boolean {
  const readFile = fsPromises.readFile.bind(fsPromises);
  let done = false;
  vi.spyOn(fsPromises, 'readFile').mockImplementation(async (...args: Parameters<typeof readFile>) => {
    try {
      return await readFile(...args);
    } finally {
      if (!done && String(args[0]).endsWith(file)) {
        done = true;
        then();
      }
    }
  });
  return () => done;
}

describe('fileStore › add', () => {
  it('does not follow again a payment another process followed to its end while this one was adding it', async () => {
    const dir = directory();
    const store = fileStore(dir, { sync: false, rescanMs: 0 });
    await store.get('pi_raced'); // its folders made
    const finished = { ...payment, nextCheckAt: FINISHED, outcome: 'paid', deliveries: { paid: 'done' } };
    // The other process finishes it just after this one has looked in done/ and found nothing.
    const raced = afterReading(join('done', 'pi_raced.json'), () =>
      writeFileSync(join(dir, 'done', 'pi_raced.json'), JSON.stringify(finished)),
    );
    await store.add(payment);
    expect(raced()).toBe(true);
    expect(readdirSync(join(dir, 'open'))).toEqual([]);
    expect((await store.get('pi_raced'))?.deliveries).toEqual({ paid: 'done' });
    expect(await store.claimDue(FINISHED - 1, 10, 'me', 1000, 'k1')).toEqual([]);
  });

  it('never writes over a payment another process added, and has since worked on, while this one was adding it', async () => {
    const dir = directory();
    const store = fileStore(dir, { sync: false, rescanMs: 0 });
    await store.get('pi_raced'); // its folders made
    // The other process adds it, reads it three times and begins its paid delivery, just after
    // this one has looked and found nothing: a write of this one's now would undo that progress
    // (and with it the `started` that tells a crash inside the handler).
    const worked = { ...payment, metadata: { order: 'CMD-2' }, checks: 3, deliveries: { paid: 'started' } };
    const raced = afterReading(join('done', 'pi_raced.json'), () =>
      writeFileSync(join(dir, 'open', 'pi_raced.json'), JSON.stringify(worked)),
    );
    await store.add(payment);
    expect(raced()).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'open', 'pi_raced.json'), 'utf8'))).toEqual(worked);
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
  });
});

describe('fileStore › claimDue', () => {
  it('takes the payments found with the claimant’s key, or with none yet, never another key’s', async () => {
    const dir = directory();
    const store = fileStore(dir, { sync: false, rescanMs: 0 });
    await store.add({ ...payment, intentId: 'pi_none', nextCheckAt: 0 });
    await store.add({ ...payment, intentId: 'pi_k1', foundWith: 'k1', nextCheckAt: 0 });
    await store.add({ ...payment, intentId: 'pi_k2', followedWith: 'k2', foundWith: 'k2', nextCheckAt: 0 });
    const claimed = await store.claimDue(10, 10, 'a', 1000, 'k1');
    expect(claimedIds(claimed)).toEqual(['pi_k1', 'pi_none']);
    // Another process of the other key, once those claims were let go.
    for (const { payment, claim } of claimed) await store.release?.(payment.intentId, claim);
    const other = fileStore(dir, { sync: false, rescanMs: 0 });
    expect(claimedIds(await other.claimDue(2000, 10, 'b', 1000, 'k2'))).toEqual(['pi_k2', 'pi_none']);
  });
});

describe('fileStore › list', () => {
  it('lists each payment once, whole, when payments are finished while the list is being read (the demo’s orders page showed one twice)', async () => {
    const dir = directory();
    const store = fileStore(dir, { sync: false, rescanMs: 0 });
    await store.add({ ...payment, nextCheckAt: 0 });
    await store.add({ ...payment, intentId: 'pi_other', nextCheckAt: 0 });
    const claimed = await store.claimDue(10, 2, 'me', 1000, 'k1');
    const listing = store.list()[Symbol.asyncIterator]();
    const listed = [(await listing.next()).value as FollowedPayment];
    // Both payments, the one just listed and the one not yet, have their end saved (each file
    // moves from open/ to done/) before the list goes on.
    for (const { payment: open, claim } of claimed)
      expect(await store.save({ ...open, nextCheckAt: FINISHED, outcome: 'paid' }, claim)).toBe(true);
    for (let step = await listing.next(); !step.done; step = await listing.next()) listed.push(step.value);
    expect(listed.map((p) => p.intentId).sort()).toEqual(['pi_other', 'pi_raced']);
  });
});

describe('fileStore › starting', () => {
  it('removes what a crash left of a write, but not another live process’s write under way', async () => {
    const dir = directory();
    mkdirSync(join(dir, 'tmp'), { recursive: true });
    writeFileSync(join(dir, 'tmp', 'crashed.tmp'), '{"half":');
    const old = new Date(Date.now() - 20 * 60_000);
    utimesSync(join(dir, 'tmp', 'crashed.tmp'), old, old);
    writeFileSync(join(dir, 'tmp', 'under-way.tmp'), '{"being":"written"}');
    await fileStore(dir, { sync: false }).get('pi_any');
    expect(readdirSync(join(dir, 'tmp'))).toEqual(['under-way.tmp']);
  });

  it('a start that failed (its folder could not be made) is tried again at the next call', async () => {
    const parent = directory();
    // A file where the store's folder should go: every mkdir under it fails.
    writeFileSync(join(parent, 'var'), 'not a folder');
    const store = fileStore(join(parent, 'var', 'momo'), { sync: false, rescanMs: 0 });
    await expect(store.add(payment)).rejects.toThrow();
    rmSync(join(parent, 'var'));
    await store.add(payment);
    expect((await store.get('pi_raced'))?.metadata).toEqual({ order: 'CMD-1' });
  });
});

describe('fileStore › running', () => {
  it('removes what a crash left of a write while it runs, not only when it starts, and at most every STALE_TMP_MS', async () => {
    const dir = directory();
    const store = fileStore(dir, { sync: false, rescanMs: 0 });
    const start = 1_000_000;
    await store.claimDue(start, 10, 'me', 1000, 'k1');
    // A process on the same folder dies in the middle of a write (and is restarted within seconds:
    // its leftover is too young for that start); this one runs on.
    writeFileSync(join(dir, 'tmp', 'crashed.tmp'), '{"half":');
    const old = new Date(Date.now() - 20 * 60_000);
    utimesSync(join(dir, 'tmp', 'crashed.tmp'), old, old);
    writeFileSync(join(dir, 'tmp', 'under-way.tmp'), '{"being":"written"}');
    await store.claimDue(start + 60_000, 10, 'me', 1000, 'k1');
    expect(readdirSync(join(dir, 'tmp')).sort()).toEqual(['crashed.tmp', 'under-way.tmp']);
    await store.claimDue(start + STALE_TMP_MS, 10, 'me', 1000, 'k1');
    expect(readdirSync(join(dir, 'tmp'))).toEqual(['under-way.tmp']);
  });
});
