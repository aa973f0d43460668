// The default store: one JSON file per payment in a directory that several processes on one
// machine may share. Every write goes to a temporary file, is synced, renamed over the old one and
// the directory synced: a crash leaves the old file or the new, never half of one. A claim is a file
// naming its process, taken from another only when that process is dead (./file-claims.ts). A file
// that cannot be read as a payment's record is set aside in damaged/, kept and reported, and the
// other payments go on (./record.ts).
//
// Each process keeps an index of when each open payment is next due and which key found it (a few
// dozen bytes each), built from the directory and refreshed from it every `rescanMs` to see what
// other processes added; the file read under a claim is always the truth. Finished payments move to
// done/, out of the scans. The store reads no clock: the times it keeps and compares are its
// caller's (the fulfillment's), so a test's clock and the system's never meet here.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { ClaimLostError } from './deliver';
import { atomicFiles, STALE_TMP_MS } from './file-writes';

export { STALE_TMP_MS } from './file-writes';
import { fileClaims } from './file-claims';
import { damagedFolder } from './file-damage';
import { parseRecord } from './record';
import { type Claimed, FINISHED, type FollowedPayment, type FulfillmentKind, type FulfillmentStore } from './types';

export interface FileStoreOptions {
  /** How often the directory is listed again for payments other processes added (default 5 s). */
  rescanMs?: number;
  /** Sync each write to the disk (default true; tests of other things may turn it off). */
  sync?: boolean;
}

const SAFE_ID = /^pi_[A-Za-z0-9_-]{1,200}$/;
const isTaken = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'EEXIST';

export function fileStore(directory: string, options: FileStoreOptions = {}): FulfillmentStore {
  const rescanMs = options.rescanMs ?? 5000;
  const sync = options.sync ?? true;
  const open = join(directory, 'open');
  const done = join(directory, 'done');
  const claims = join(directory, 'claims');
  const tmp = join(directory, 'tmp');
  const damaged = join(directory, 'damaged');
  const claimsOf = fileClaims(claims, tmp);
  /** Each open payment as far as this process knows: when it is next due, and which key found it. */
  const index = new Map<string, { at: number; foundWith: string | null }>();
  /** The keys' fingerprints, each kept once however many payments name it. */
  const keys = new Map<string, string>();
  const entry = (payment: FollowedPayment) => {
    let foundWith = payment.foundWith ?? null;
    if (foundWith !== null) {
      foundWith = keys.get(foundWith) ?? foundWith;
      keys.set(foundWith, foundWith);
    }
    return { at: payment.nextCheckAt, foundWith };
  };
  /** Payments woken by a list of the service: due now, whatever their file says. */
  const woken = new Set<string>();
  let ready: Promise<void> | null = null;
  let scannedAt = Number.NEGATIVE_INFINITY;
  /** When (on the caller's time) tmp/ was last looked at for a crash's leftovers. */
  let tmpCheckedAt = Number.NEGATIVE_INFINITY;

  const fileOf = (id: string, finished: boolean) => {
    if (!SAFE_ID.test(id)) throw new TypeError(`Not a payment intent id: ${JSON.stringify(id)}`);
    return join(finished ? done : open, `${id}.json`);
  };

  const { syncDir, writeAtomic, readText, removeLeftovers } = atomicFiles(tmp, sync);
  const aside = damagedFolder(damaged, syncDir);

  /** A payment's record, or undefined when there is none, or it was damaged (then set aside). */
  async function readPayment(id: string, finished: boolean): Promise<FollowedPayment | undefined> {
    const path = fileOf(id, finished);
    const text = await readText(path);
    if (text === undefined) return undefined;
    const read = parseRecord(text, id);
    if (read.damage === undefined) return read.payment;
    index.delete(id);
    await aside.setAside(path, id, read.damage);
    return undefined;
  }

  /** The folders made and a crash's leftovers removed, once; a failure is not kept (tried again at the next call). */
  function init(): Promise<void> {
    ready ??= (async () => {
      for (const dir of [open, done, claims, tmp, damaged]) await fs.mkdir(dir, { recursive: true });
      await removeLeftovers();
    })().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  }

  /**
   * Adds to the index what other processes added, and drops what they finished; every
   * STALE_TMP_MS, removes what a crash left in tmp/ (a process that died and was restarted within
   * seconds left files too young for the new one's start: a process may live for months).
   */
  async function rescan(now: number): Promise<void> {
    if (now - tmpCheckedAt >= STALE_TMP_MS) {
      tmpCheckedAt = now;
      await removeLeftovers();
    }
    if (now - scannedAt < rescanMs) return;
    scannedAt = now;
    const names = new Set((await fs.readdir(open)).filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5)));
    for (const id of index.keys()) if (!names.has(id)) index.delete(id);
    for (const id of names) {
      if (index.has(id)) continue;
      if (!SAFE_ID.test(id)) {
        await aside.setAside(join(open, `${id}.json`), id, 'not a payment’s file name');
        continue;
      }
      const payment = await readPayment(id, false);
      if (payment) index.set(id, entry(payment));
    }
  }

  async function write(payment: FollowedPayment): Promise<void> {
    const finished = payment.nextCheckAt >= FINISHED;
    await writeAtomic(fileOf(payment.intentId, finished), JSON.stringify(payment));
    if (finished) {
      await fs.rm(fileOf(payment.intentId, false), { force: true });
      await syncDir(open);
      index.delete(payment.intentId);
    } else {
      index.set(payment.intentId, entry(payment));
    }
  }

  return {
    transactional: false,

    async add(payment) {
      await init();
      const path = fileOf(payment.intentId, false);
      // Finished, or its record damaged and set aside: following it again would tell it again.
      if ((await readText(fileOf(payment.intentId, true))) !== undefined) return;
      if (await aside.has(payment.intentId)) return;
      // Created only where no file is: a hard link, unlike a rename, fails on a name that exists
      // (another process's add, or the payment followed since). Written whole, then linked.
      const temporary = join(tmp, `${randomBytes(8).toString('hex')}.tmp`);
      const handle = await fs.open(temporary, 'wx');
      try {
        await handle.writeFile(JSON.stringify(payment));
        if (sync) await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await fs.link(temporary, path);
      } catch (error) {
        if (!isTaken(error)) throw error;
        return;
      } finally {
        await fs.rm(temporary, { force: true });
      }
      await syncDir(open);
      // Followed to its end by another process between the look at done/ and the link: finished,
      // not to be followed (and told) again.
      if ((await readText(fileOf(payment.intentId, true))) !== undefined) {
        await fs.rm(path, { force: true });
        await syncDir(open);
        return;
      }
      index.set(payment.intentId, entry(payment));
    },

    async claimDue(now, limit, claimant, leaseMs, key) {
      await init();
      await rescan(now);
      const mayTake = (foundWith: string | null | undefined) => foundWith == null || foundWith === key;
      const due = [...index]
        .filter(([, known]) => known.at <= now && mayTake(known.foundWith))
        .sort((a, b) => a[1].at - b[1].at);
      const claimed: Claimed[] = [];
      for (const [id] of due) {
        if (claimed.length >= limit) break;
        const claim = await claimsOf.take(id, now, claimant, leaseMs);
        if (!claim) continue;
        const payment = await readPayment(id, false).catch(async (error: unknown) => {
          await claimsOf.release(id, claim);
          throw error;
        });
        // Finished, put off, or found with another key by another process since this one last
        // looked (unless woken).
        const wake = woken.delete(id);
        if (!payment || (payment.nextCheckAt > now && !wake) || !mayTake(payment.foundWith)) {
          if (payment) index.set(id, entry(payment));
          else index.delete(id);
          await claimsOf.release(id, claim);
          continue;
        }
        claimed.push({ payment, claim });
      }
      return claimed;
    },

    async wake(intentIds, now) {
      await init();
      for (const id of intentIds) {
        const known = index.get(id);
        if (known === undefined || known.at <= now) continue;
        known.at = now;
        woken.add(id);
      }
    },

    renew: (intentId, claim, until) => claimsOf.renew(intentId, claim, until),

    release: (intentId, claim) => claimsOf.release(intentId, claim),

    async save(payment, claim) {
      if (!(await claimsOf.holds(payment.intentId, claim))) return false;
      await write(payment);
      await claimsOf.release(payment.intentId, claim);
      return true;
    },

    async deliver(payment, kind: FulfillmentKind, claim, handler) {
      const holds = () => claimsOf.holds(payment.intentId, claim);
      if (!(await holds())) return false;
      // Said before the call: if this process dies in the handler, the next one knows. No other
      // process takes the claim while this one lives (a stopped one too); fulfillment renews it
      // while the handler runs, for a claim judged by its lease (another machine's).
      await write({ ...payment, deliveries: { ...payment.deliveries, [kind]: 'started' } });
      try {
        await handler();
      } catch (error) {
        if (await holds()) await write({ ...payment, deliveries: { ...payment.deliveries, [kind]: 'due' } });
        throw error;
      }
      // Done only under the claim that ran the handler: a claim lost meanwhile (only a claim judged
      // by its lease can be) leaves it `started`, for the next holder to ask isHandled.
      if (!(await holds())) throw new ClaimLostError(payment.intentId, kind);
      await write({ ...payment, deliveries: { ...payment.deliveries, [kind]: 'done' } });
      return true;
    },

    async get(id) {
      await init();
      return (await readPayment(id, false)) ?? (await readPayment(id, true));
    },

    async damaged() {
      await init();
      return aside.list();
    },

    newlyDamaged: async () => aside.newly(),

    async *list() {
      await init();
      // Both folders named before any file is read, done/ winning: a payment finished while the
      // list is read (written to done/, then removed from open/) is listed once, never twice.
      const ids = async (dir: string) =>
        (await fs.readdir(dir))
          .filter((n) => n.endsWith('.json') && SAFE_ID.test(n.slice(0, -5)))
          .map((n) => n.slice(0, -5));
      const inOpen = await ids(open);
      const inDone = new Set(await ids(done));
      for (const id of inDone) {
        const payment = await readPayment(id, true);
        if (payment) yield payment;
      }
      for (const id of inOpen) {
        if (inDone.has(id)) continue;
        // Finished since open/ was named: read where it went.
        const payment = (await readPayment(id, false)) ?? (await readPayment(id, true));
        if (payment) yield payment;
      }
    },
  };
}
