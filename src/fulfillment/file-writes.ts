// The file store's files written whole or not at all (a temporary file, synced, renamed over the
// old one, the directory synced: a crash leaves the old file or the new), read back, and the
// temporary files a crash left behind removed.
import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import { join } from 'node:path';

/**
 * A temporary file this old is no write under way: a crash's leftover (a write takes
 * milliseconds). tmp/ is looked at for them when a store starts, then every as long while it
 * claims: a crash's leftovers are gone within twice this, even with no restart.
 */
export const STALE_TMP_MS = 10 * 60_000;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Files written through `tmp`; `sync`: each write synced to the disk (tests of other things may turn it off). */
export function atomicFiles(tmp: string, sync: boolean) {
  async function syncDir(dir: string): Promise<void> {
    if (!sync) return;
    const handle = await fs.open(dir, constants.O_RDONLY);
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Writes `text` at `path` whole or not at all; `durable`: synced to the disk before it resolves. */
  async function writeAtomic(path: string, text: string, durable = sync): Promise<void> {
    const temporary = join(tmp, `${randomBytes(8).toString('hex')}.tmp`);
    const handle = await fs.open(temporary, 'w');
    try {
      await handle.writeFile(text);
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, path);
    if (durable) await syncDir(join(path, '..'));
  }

  async function readText(path: string): Promise<string | undefined> {
    try {
      return await fs.readFile(path, 'utf8');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /**
   * Removes the temporary files of writes a crash cut short: never renamed, so never read. Only old
   * ones: a younger one may be another live process's write under way (its rename or link would
   * then fail). The disk's clock, not the caller's: mtimes are real time.
   */
  async function removeLeftovers(): Promise<void> {
    for (const name of await fs.readdir(tmp)) {
      const path = join(tmp, name);
      const stat = await fs.stat(path).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > STALE_TMP_MS) await fs.rm(path, { force: true });
    }
  }

  return { syncDir, writeAtomic, readText, removeLeftovers };
}
