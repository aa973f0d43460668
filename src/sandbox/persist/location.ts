// Where `npm start` and `momo-checkout-sandbox` keep the sandbox's state, and how it is wiped.
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { takeLock } from './lock';

/** In the directory the command is started from. */
const DEFAULT_DATA_DIR = '.momo-sandbox';

/**
 * The state directory a command line asks for: `--memory` for none (state gone with the
 * process, as tests want), `--data DIR` (or `--data=DIR`), else SANDBOX_DATA_DIR, else
 * `.momo-sandbox` of the working directory. Throws a RangeError on `--data` without a directory.
 */
export function dataDirOf(args: readonly string[], env: Readonly<Record<string, string | undefined>>): string | null {
  if (args.includes('--memory')) return null;
  const index = args.findIndex((arg) => arg === '--data' || arg.startsWith('--data='));
  const given =
    index === -1
      ? env.SANDBOX_DATA_DIR || undefined
      : args[index]?.startsWith('--data=')
        ? args[index]?.slice('--data='.length)
        : args[index + 1];
  if (index !== -1 && (!given || given.startsWith('--'))) throw new RangeError('--data needs a directory: --data DIR.');
  return resolve(given ?? DEFAULT_DATA_DIR);
}

/** Deletes a state directory, unless a running sandbox holds it. Returns whether there was one. */
export function wipeState(dir: string): boolean {
  if (!existsSync(dir)) return false;
  const release = takeLock(dir);
  release();
  rmSync(dir, { recursive: true, force: true });
  return true;
}
