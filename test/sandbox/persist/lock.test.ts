// @vitest-environment node
// One sandbox per state directory (src/sandbox/persist/lock.ts): in this process or another; a lock
// left by a process that died is taken over, by exactly one of any number of starts at the same
// instant (issue 28: read, delete, create let two in, 7–9 times in 40, and the next start then
// refused the directory for a journal count mismatch).
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it, onTestFinished } from 'vitest';
import { REPO_ROOT } from '../../../src/server/paths';
import { startChild } from '../support/child';
import { crashed, open, stateDirs } from '../support/state';

const newDir = stateDirs();

const locksIn = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('lock') || name.startsWith('.lock'));

/** `count` processes loaded and waiting on `dir`; `go()` starts them all at once and gives each one's line. */
async function starters(dir: string, count: number) {
  const children: ChildProcess[] = [];
  const lines: Promise<string>[] = [];
  const armed: Promise<void>[] = [];
  for (let i = 0; i < count; i += 1) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/sandbox/support/lock-race.ts', dir], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    const output = createInterface({ input: child.stdout });
    armed.push(new Promise((resolve) => output.once('line', () => resolve())));
    lines.push(
      new Promise((resolve) =>
        output.on('line', (line) => (line.startsWith('WON') || line.startsWith('REFUSED')) && resolve(line)),
      ),
    );
  }
  await Promise.all(armed);
  const go = () => {
    for (const child of children) child.kill('SIGUSR1');
    return Promise.all(lines);
  };
  const stop = (signal: NodeJS.Signals) =>
    Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill(signal);
          }),
      ),
    );
  return { children, go, stop };
}

describe('lock › one process per state directory', () => {
  it('is one process’s at a time; a lock left by a dead process is taken over', async () => {
    const dir = newDir();
    const first = open(dir);
    expect(() => open(dir)).toThrow(`Another sandbox of this process keeps its state in ${dir}`);
    const other = await startChild(dir).catch((error: Error) => error);
    expect(String(other)).toMatch(new RegExp(`Another sandbox \\(process ${process.pid}\\) keeps its state in`));
    await first.sandbox.close();
    expect(locksIn(dir)).toEqual([]);
    // An older version's lock, left by a process that died.
    writeFileSync(join(dir, 'lock'), '999999999');
    const second = open(dir);
    expect(locksIn(dir)).toEqual(['lock-1']);
    expect(readFileSync(join(dir, 'lock-1'), 'utf8')).toBe(String(process.pid));
    await second.sandbox.close();
    // Numbered locks: the highest is the one in force; a dead one is taken over by the next number.
    writeFileSync(join(dir, 'lock-7'), '999999999');
    const third = open(dir);
    expect(locksIn(dir)).toEqual(['lock-8']);
    await third.sandbox.close();
  });

  it.each([
    ['stopped cleanly', 'SIGTERM'],
    ['killed (-9)', 'SIGKILL'],
  ] as const)(
    'on a crashed lock, of 8 starts at the same instant exactly one wins, the others are refused naming it; the winner %s, the next start has every record',
    async (_, signal) => {
      const dir = newDir();
      const seed = open(dir);
      const made = await seed.call('POST', '/v1/payment-intents', { amount: 5000, currency: 'xaf' });
      const { intent_id: seeded } = (await made.json()) as { intent_id: string };
      await seed.sandbox.close();
      crashed(dir);
      const race = await starters(dir, 8);
      // Whatever fails, no starter outlives the test.
      onTestFinished(async () => {
        await race.stop('SIGKILL');
      });
      const lines = await race.go();
      const won = lines.filter((line) => line.startsWith('WON'));
      expect(won, lines.join('\n')).toHaveLength(1);
      const winner = race.children[lines.findIndex((line) => line.startsWith('WON'))] as ChildProcess;
      for (const line of lines.filter((l) => l.startsWith('REFUSED')))
        expect(line).toContain(`Another sandbox (process ${winner.pid}) keeps its state in ${dir}`);
      expect(lines.filter((line) => line.startsWith('REFUSED'))).toHaveLength(7);
      await race.stop(signal);
      // No damage: the next start takes the directory and reads every record back.
      const next = open(dir);
      for (const id of [seeded, (won[0] as string).slice('WON '.length)]) {
        expect((await next.call('GET', `/v1/payment-intents/${id}`, undefined, null)).status).toBe(200);
      }
      await next.sandbox.close();
      expect(locksIn(dir)).toEqual([]);
    },
    60_000,
  );
});
