// The file store's claims: one file per claimed payment in claims/, naming its claimant, a fence
// that changes at every claim, a lease, and its process (./holder.ts). A claim is created whole or
// not at all (written aside, then hard-linked: a link fails on a name that exists, so two
// processes never both create one). It is taken from another process only when that process is
// dead, whatever the lease and the clocks say (a stopped process is alive); a claim of another
// machine (a network file system) or one that names no process only when its lease has run out.
//
// Taking one over is a removal by name, which no file system makes conditional on what the file
// holds; so a taker first creates `<claim>.taking-<fence>` (one taker per claim), then checks the
// claim is still the one it judged before it moves it away: a dead holder's claim changes no more.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { claimKey, type Holder, holdHere, isHeldHere, letGoHere, livenessOf, thisProcess } from './holder';
import type { Claim } from './types';

/** A claim as its file holds it. */
export interface StoredClaim extends Claim {
  holder?: Holder;
}

const code = (error: unknown) => (error as NodeJS.ErrnoException)?.code;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export function fileClaims(claims: string, tmp: string) {
  const claimFile = (id: string) => join(claims, id);

  /** A claim's (or a marker's) file: undefined when there is none, {} when it is not JSON; a failed read throws. */
  async function readSafe(path: string): Promise<Record<string, unknown> | undefined> {
    let text: string;
    try {
      text = await fs.readFile(path, 'utf8');
    } catch (error) {
      if (code(error) === 'ENOENT') return undefined;
      throw error;
    }
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  /** The claim on a payment; a file that cannot be read is a claim of nobody, long run out. */
  async function read(id: string): Promise<StoredClaim | undefined> {
    const value = await readSafe(claimFile(id));
    if (value === undefined) return undefined;
    const { claimant, fence, until } = value;
    if (typeof claimant !== 'string' || typeof fence !== 'number' || typeof until !== 'number')
      return { claimant: '', fence: -1, until: 0 };
    return { claimant, fence, until, holder: value.holder as Holder | undefined };
  }

  /** Creates `path` holding `text`, whole; false when it exists. */
  async function createWhole(path: string, text: string): Promise<boolean> {
    const temporary = join(tmp, `${hex(8)}.tmp`);
    await fs.writeFile(temporary, text);
    try {
      await fs.link(temporary, path);
      return true;
    } catch (error) {
      if (code(error) === 'EEXIST') return false;
      throw error;
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }

  /** Moves `path` away if it holds what `same` expects; puts back anything else. */
  async function removeIf(path: string, same: (value: Record<string, unknown> | undefined) => boolean) {
    if (!same(await readSafe(path))) return false;
    const away = join(tmp, `${hex(8)}.gone`);
    try {
      await fs.rename(path, away);
    } catch (error) {
      if (code(error) === 'ENOENT') return false;
      throw error;
    }
    if (same(await readSafe(away))) {
      await fs.rm(away, { force: true });
      return true;
    }
    await fs.link(away, path).catch(() => undefined);
    await fs.rm(away, { force: true });
    return false;
  }

  /** Whether `held` may be taken: its process is dead, or (another machine's) its lease ran out. */
  function mayTake(held: StoredClaim, now: number): boolean {
    const life = livenessOf(held.holder, claimKey(held));
    return life === 'dead' || (life === 'unknown' && held.until <= now);
  }

  /** Removes `held`, a claim that may be taken, unless another taker has it; true when removed. */
  async function takeOver(id: string, held: StoredClaim): Promise<boolean> {
    const marker = `${claimFile(id)}.taking-${held.fence}`;
    const key = `taking:${hex(8)}`;
    holdHere(key);
    try {
      if (!(await createWhole(marker, JSON.stringify({ key, holder: thisProcess })))) {
        // Another process takes it over; if that one died doing so, its marker goes (tried again next pass).
        const other = await readSafe(marker);
        if (other && livenessOf(other.holder as Holder | undefined, String(other.key)) !== 'alive')
          await removeIf(marker, (value) => value?.key === other.key);
        return false;
      }
      try {
        return await removeIf(
          claimFile(id),
          (value) => value?.claimant === held.claimant && value?.fence === held.fence,
        );
      } finally {
        await fs.rm(marker, { force: true });
      }
    } finally {
      letGoHere(key);
    }
  }

  /** Whether `claim` is still the payment's claim; a claim lost is no longer counted in use here. */
  async function holds(id: string, claim: Claim): Promise<boolean> {
    const held = await read(id);
    if (held !== undefined && held.claimant === claim.claimant && held.fence === claim.fence) return true;
    letGoHere(claimKey(claim));
    return false;
  }

  return {
    read,

    /** A new claim on the payment, or null while another process holds it. */
    async take(id: string, now: number, claimant: string, leaseMs: number): Promise<Claim | null> {
      const claim: Claim = { claimant, fence: randomBytes(6).readUIntBE(0, 6), until: now + leaseMs };
      const key = claimKey(claim);
      for (let tries = 0; tries < 2; tries++) {
        // In use here before it can be seen: another store of this process must find it alive.
        holdHere(key);
        let made = false;
        try {
          // Not synced: a claim matters only while its process lives, and a machine that crashed
          // took its processes with it (a claim lost or left empty is nobody's, run out).
          made = await createWhole(claimFile(id), JSON.stringify({ ...claim, holder: thisProcess }));
        } finally {
          if (!made) letGoHere(key);
        }
        if (made) return claim;
        const held = await read(id);
        if (held === undefined) continue;
        if (!mayTake(held, now) || !(await takeOver(id, held))) return null;
      }
      return null;
    },

    holds,

    /** Lets the claim go (if still held), and counts it no longer in use here. */
    async release(id: string, claim: Claim): Promise<void> {
      // Let go already (saved): nothing to read.
      if (!isHeldHere(claimKey(claim))) return;
      if (await holds(id, claim)) await fs.rm(claimFile(id), { force: true });
      letGoHere(claimKey(claim));
    },

    /** Extends a claim still held; false when it was lost. */
    async renew(id: string, claim: Claim, until: number): Promise<boolean> {
      if (!(await holds(id, claim))) return false;
      const temporary = join(tmp, `${hex(8)}.tmp`);
      await fs.writeFile(temporary, JSON.stringify({ ...claim, until, holder: thisProcess }));
      await fs.rename(temporary, claimFile(id));
      return true;
    },
  };
}
