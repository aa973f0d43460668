// @vitest-environment node
// Who holds a claim, and whether that process lives (src/fulfillment/holder.ts): certain on one
// machine (a pid that answers, with the start time it had), never guessed for another.
import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';
import { claimKey, holdHere, letGoHere, livenessOf, processOf, thisProcess } from '../../src/fulfillment/holder';

describe('livenessOf', () => {
  it('a live process of this machine is alive, a stopped one too; killed, it is dead', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    onTestFinished(() => void child.kill('SIGKILL'));
    const holder = processOf(child.pid as number);
    expect(holder.start).not.toBeNull();
    expect(livenessOf(holder, 'k')).toBe('alive');
    child.kill('SIGSTOP');
    expect(livenessOf(holder, 'k')).toBe('alive');
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(livenessOf(holder, 'k')).toBe('dead');
  });

  it('a pid that answers with another start time is a reused pid: its holder is dead', () => {
    const { pid } = spawnSync(process.execPath, ['-e', '']);
    expect(livenessOf({ ...thisProcess, pid: pid as number, start: thisProcess.start }, 'k')).toBe('dead');
    // This very process under another start: not this process, whatever the registry says.
    expect(livenessOf({ ...thisProcess, pid: process.pid, start: '1' }, 'k')).toBe('dead');
  });

  it('this process: alive while the claim is in use here, dead once let go', () => {
    const key = claimKey({ claimant: 'me', fence: 42 });
    holdHere(key);
    expect(livenessOf(thisProcess, key)).toBe('alive');
    letGoHere(key);
    expect(livenessOf(thisProcess, key)).toBe('dead');
  });

  it('another machine, or no holder named: unknown (its lease alone can tell)', () => {
    expect(livenessOf({ ...thisProcess, machine: 'linux:other' }, 'k')).toBe('unknown');
    expect(livenessOf(undefined, 'k')).toBe('unknown');
    expect(livenessOf({ machine: thisProcess.machine }, 'k')).toBe('unknown');
  });

  it('names this machine by its boot and pid namespace on Linux', () => {
    if (process.platform === 'linux') expect(thisProcess.machine).toMatch(/^linux:[0-9a-f-]{36}:pid:\[\d+\]$/);
    expect(thisProcess.pid).toBe(process.pid);
  });
});
