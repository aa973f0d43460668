// @vitest-environment node
// The file store against another process on the same directory: add() creates a payment's file only
// where none is, and never follows again a payment another process followed to its end while this
// one was adding it (which would tell `paid` a second time); a store that starts leaves another's
// writes under way alone.
import {
  mkdirSync,
  mkdtempSync,
  promises as fsPromises,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type FollowedPayment, fileStore } from '../../src/fulfillment';
import { FINISHED } from '../../src/fulfillment/types';

const payment: FollowedPayment = {
  intentId: 'pi_raced',
  sessionId: null,
  metadata: { order: 'CMD-1' },
  followedAt: 0,
  deadline: 1e13,
  nextCheckAt: 15_000,
  checks: 0,
  failures: 0,
  notFound: null,
  intent: null,
  outcome: null,
  deliveries: {},
  handlerFailures: 0,
  lastError: null,
};

function directory() {
  const dir = mkdtempSync(join(tmpdir(), 'momo-store-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

afterEach(() => vi.restoreAllMocks());

describe('fileStore › add', () => {
  it('does not follow again a payment another process followed to its end while this one was adding it', async () => {
    const dir = directory();
    const store = fileStore(dir, { sync: false, rescanMs: 0 });
    await store.get('pi_raced'); // its folders made
    const finished = { ...payment, nextCheckAt: FINISHED, outcome: 'paid', deliveries: { paid: 'done' } };
    // The other process finishes it just after this one has looked in done/ and found nothing.
    const readFile = fsPromises.readFile.bind(fsPromises);
    let raced = false;
    vi.spyOn(fsPromises, 'readFile').mockImplementation(async (...args: Parameters<typeof readFile>) => {
      try {
        return await readFile(...args);
      } finally {
        if (!raced && String(args[0]).endsWith(join('done', 'pi_raced.json'))) {
          raced = true;
          writeFileSync(join(dir, 'done', 'pi_raced.json'), JSON.stringify(finished));
        }
      }
    });
    await store.add(payment);
    expect(raced).toBe(true);
    expect(readdirSync(join(dir, 'open'))).toEqual([]);
    expect((await store.get('pi_raced'))?.deliveries).toEqual({ paid: 'done' });
    expect(await store.claimDue(FINISHED - 1, 10, 'me', 1000)).toEqual([]);
  });

  it('keeps the first of two adds of one payment, whole', async () => {
    const dir = directory();
    const [a, b] = [fileStore(dir, { sync: false }), fileStore(dir, { sync: false })];
    await Promise.all([a.add(payment), b.add({ ...payment, metadata: { order: 'CMD-2' } })]);
    expect(readdirSync(join(dir, 'open'))).toEqual(['pi_raced.json']);
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
    expect(['CMD-1', 'CMD-2']).toContain((await a.get('pi_raced'))?.metadata?.order);
    await a.add({ ...payment, metadata: { order: 'CMD-3' } });
    expect((await a.get('pi_raced'))?.metadata?.order).not.toBe('CMD-3');
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
});
