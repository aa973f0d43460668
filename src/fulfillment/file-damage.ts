// The file store's damaged/ folder: a payment's file that cannot be read as its record (cut short,
// not JSON, not the shape fulfillment writes: ./record.ts) is moved there under a name of its own,
// kept with a note of why beside it, and told once; the store goes on with every other payment.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { DamagedRecord } from './types';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

export function damagedFolder(folder: string, syncDir: (dir: string) => Promise<void>) {
  /** Records set aside by this store since fulfillment last asked: each is told once. */
  let since: DamagedRecord[] = [];

  return {
    /**
     * Moves the file at `path` into the folder (never over another: each has its own name), with
     * why beside it. Two processes finding it damaged together: one rename succeeds, that one tells.
     */
    async setAside(path: string, intentId: string, reason: string): Promise<void> {
      const kept = join(folder, `${intentId}.${randomBytes(4).toString('hex')}.json`);
      try {
        await fs.rename(path, kept);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      await fs.writeFile(`${kept}.why`, `${reason}\n`);
      await syncDir(folder);
      since.push({ intentId, kept, reason });
    },

    /** Whether a record of this payment was set aside. */
    async has(intentId: string): Promise<boolean> {
      return (await fs.readdir(folder)).some((name) => name.startsWith(`${intentId}.`) && name.endsWith('.json'));
    },

    /** Every record set aside, by any process. */
    async list(): Promise<DamagedRecord[]> {
      const records: DamagedRecord[] = [];
      for (const name of (await fs.readdir(folder)).sort()) {
        if (!name.endsWith('.json')) continue;
        const kept = join(folder, name);
        let reason = 'unknown (its note was never written)';
        try {
          reason = (await fs.readFile(`${kept}.why`, 'utf8')).trim();
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
        // <intent id>.<8 hex>.json
        records.push({ intentId: name.slice(0, -14), kept, reason });
      }
      return records;
    },

    /** The records set aside by this store since it was last asked. */
    newly(): DamagedRecord[] {
      const found = since;
      since = [];
      return found;
    },
  };
}
