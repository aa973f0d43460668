// What kill -9 leaves of a file store's claim: its file, naming a process that is no more. The
// process is a real one that has exited (its pid free, or taken by another with another start).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Holder, thisProcess } from '../../../src/fulfillment/holder';

/** A process of this machine that has exited. */
export function deadProcess(): Holder {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (pid === undefined) throw new Error('no process started');
  return { ...thisProcess, pid, start: 'exited' };
}

/** Makes the claim on `intentId` in the store at `dir` the claim of a process that died holding it. */
export function leftByDeadProcess(dir: string, intentId: string): void {
  const path = join(dir, 'claims', intentId);
  const claim = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  writeFileSync(path, JSON.stringify({ ...claim, holder: deadProcess() }));
}
