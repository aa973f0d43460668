// @vitest-environment node
// Where the state is kept (src/sandbox/persist/location.ts): the directory a command line and its
// environment name, and wiping it (npm run sandbox:wipe), never while a sandbox uses it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirOf, wipeState } from '../../../src/sandbox/persist/location';
import { REPO_ROOT } from '../../../src/server/paths';
import { open, stateDirs } from '../support/state';

const newDir = stateDirs();

describe('location › where the state is kept, and wiping it', () => {
  it('is .momo-sandbox of the working directory unless --data DIR, SANDBOX_DATA_DIR or --memory say otherwise', () => {
    expect(dataDirOf([], {})).toBe(resolve('.momo-sandbox'));
    expect(dataDirOf(['--data', '/srv/state'], { SANDBOX_DATA_DIR: '/elsewhere' })).toBe('/srv/state');
    expect(dataDirOf(['--data=/srv/state'], {})).toBe('/srv/state');
    expect(dataDirOf([], { SANDBOX_DATA_DIR: '/elsewhere' })).toBe('/elsewhere');
    expect(dataDirOf(['--memory', '--data', '/srv/state'], {})).toBeNull();
    expect(() => dataDirOf(['--data'], {})).toThrow('--data needs a directory');
    expect(() => dataDirOf(['--data', '--port', '3000'], {})).toThrow('--data needs a directory');
  });

  it('is wiped by npm run sandbox:wipe, which refuses while a sandbox uses it', async () => {
    const dir = newDir();
    const running = open(dir);
    await running.call('POST', '/v1/payment-intents', { amount: 700, currency: 'xaf' });
    expect(() => wipeState(dir)).toThrow('Another sandbox of this process keeps its state in');
    await running.sandbox.close();
    const wiped = execFileSync('npm', ['run', '--silent', 'sandbox:wipe', '--', '--data', dir], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(wiped).toContain(`wiped the sandbox's state in ${dir}`);
    expect(existsSync(dir)).toBe(false);
    expect(wipeState(dir)).toBe(false);
    const fresh = open(dir);
    expect(fresh.sandbox.stats().intents).toBe(0);
    await fresh.sandbox.close();
  });
});
