// @vitest-environment node
// `npm start` stops on a SIGTERM sent to npm's own process, as an orchestrator sends it to a
// container's first process: npm passes the signal to its script's process, which must be the
// server's (tsx, which passes it to node), not a shell that dies and leaves them running. The
// script is package.json's own; only the build it runs first is made a no-op here (its dist/ is
// the server tests' fixture), which changes nothing of the processes that serve.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/server/paths';
import { type DistFixture, linkRepository, makeDistFixture, type ServerProcess, startProcess } from './helpers';

let fixture: DistFixture;
let npm: ServerProcess | undefined;
let tree: number[] = [];

beforeAll(() => {
  fixture = makeDistFixture();
  linkRepository(fixture);
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  pkg.scripts['build:bundles'] = 'node -e ""';
  writeFileSync(join(fixture.base, 'package.json'), JSON.stringify(pkg, null, 2));
});

afterAll(() => {
  npm?.child.kill('SIGKILL');
  for (const pid of tree) if (alive(pid)) process.kill(pid, 'SIGKILL');
  fixture?.cleanup();
});

/** The process's state letter in /proc (Linux), or null once it is gone. */
function state(pid: number): string | null {
  try {
    // `pid (comm) S ppid …`: the command's name may hold spaces and parentheses, the state follows the last `)`.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
}

/** Whether `pid` still runs (a zombie, dead but not yet reaped, does not). */
const alive = (pid: number) => {
  const letter = state(pid);
  return letter !== null && letter !== 'Z' && letter !== 'X';
};

/** Every process descending from `root`, read from /proc. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const [child, parent] of parents) {
      if (parent !== pid) continue;
      found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

describe('npm start', () => {
  it('stops whole on a SIGTERM to npm’s process: exit 0, no process of it left, the port closed', async () => {
    npm = await startProcess('npm', ['start', '--', '--port', '0', '--memory'], {
      cwd: fixture.base,
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    const pid = npm.child.pid as number;
    tree = descendants(pid);
    // npm, then what its script runs: the server's node process (its shell exec'd into it; node
    // runs the TypeScript with tsx's loader in-process — tsx's own command would add a process that
    // relays signals, and under load it took a SIGTERM for one the server had no handler for yet).
    expect(tree.length).toBeGreaterThanOrEqual(1);
    expect(tree.every(alive)).toBe(true);

    npm.child.kill('SIGTERM');
    expect(await npm.exited).toBe(0);
    expect(npm.printed.join('\n')).toContain('SIGTERM, shutting down');
    expect(tree.filter(alive), 'processes of npm start still running').toEqual([]);
    const { port } = new URL(npm.url);
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  }, 60_000);
});
