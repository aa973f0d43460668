// Who holds a claim of the file store, and whether that process still lives (docs/fulfillment.md,
// "Exactly once"). A lease alone cannot protect a running handler: a process paused (SIGSTOP, a
// frozen VM, a debugger) or a clock that jumps makes its lease look run out while its handler is
// still to land. So a claim names its process: the machine (on Linux the kernel's boot id and the
// pid namespace: two processes with the same one see the same pids), the pid, and the process's
// start time (a pid reused by another process has another). A process on the same machine takes a
// claim only if its holder is dead; a stopped process is alive. Within one process (several
// fulfillments or stores on one folder), a claim is alive while this process's registry holds it.
// A claim from another machine (a network file system) can only be judged by its lease.
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/** A claim's process, as its claim file records it. */
export interface Holder {
  host: string;
  /** Holders with the same `machine` see the same pids (Linux: boot id and pid namespace; elsewhere the host name). */
  machine: string;
  pid: number;
  /** The process's start (Linux: clock ticks after boot, /proc/<pid>/stat); null where unknown. */
  start: string | null;
}

const readOr = (read: () => string): string | null => {
  try {
    return read().trim();
  } catch {
    return null;
  }
};

/** A process's state and start time from /proc/<pid>/stat (Linux), or null. */
function statOf(pid: number): { state: string; start: string } | null {
  const stat = readOr(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  if (stat === null) return null;
  // After the command's name, in parentheses (which may hold spaces): field 3 (state) onwards.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const start = fields[19];
  return fields[0] && start ? { state: fields[0], start } : null;
}

function machineOf(): string {
  const boot = readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8'));
  const pids = readOr(() => readlinkSync('/proc/self/ns/pid'));
  return boot !== null && pids !== null ? `linux:${boot}:${pids}` : `host:${hostname()}`;
}

/** A process of this machine, as a claim of it names it (its start read now). */
export const processOf = (pid: number): Holder => ({
  host: hostname(),
  machine: machineOf(),
  pid,
  start: statOf(pid)?.start ?? null,
});

/** This process. */
export const thisProcess: Holder = processOf(process.pid);

/** What is in use in this process: claims (`<claimant>#<fence>`) whose work is under way, takeovers. */
const inUse = new Set<string>();

export const claimKey = (claim: { claimant: string; fence: number }) => `${claim.claimant}#${claim.fence}`;
export const holdHere = (key: string) => void inUse.add(key);
export const letGoHere = (key: string) => void inUse.delete(key);
export const isHeldHere = (key: string) => inUse.has(key);

/**
 * Whether the holder of a claim (or of a takeover) lives: `alive` and `dead` are certain (same
 * machine), `unknown` is another machine's, or a claim that names no holder: only its lease can
 * tell. A pid that cannot be signalled for want of permission is alive (another user's process).
 */
export function livenessOf(holder: Partial<Holder> | undefined, key: string): 'alive' | 'dead' | 'unknown' {
  if (!holder || typeof holder.pid !== 'number' || holder.machine !== thisProcess.machine) return 'unknown';
  if (holder.pid === thisProcess.pid && holder.start === thisProcess.start) return inUse.has(key) ? 'alive' : 'dead';
  let anothers = false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return 'dead';
    anothers = true;
  }
  const stat = statOf(holder.pid);
  // Gone between the two looks, unless /proc is not there (not Linux) or hides other users' processes.
  if (stat === null) return thisProcess.start === null || anothers ? 'alive' : 'dead';
  // A zombie has exited; another start time is another process under a reused pid.
  if (stat.state === 'Z' || stat.state === 'X') return 'dead';
  return holder.start == null || holder.start === stat.start ? 'alive' : 'dead';
}
