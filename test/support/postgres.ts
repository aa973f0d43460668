// A real PostgreSQL server for a test: a new cluster in a temp folder, listening on a Unix socket
// only, stopped (and its folder removed) by `stop`. The binaries are found on the PATH or in
// Debian's /usr/lib/postgresql/<version>/bin (.ci/run installs the `postgresql` package); as root
// (CI), the cluster runs as the `postgres` user, since PostgreSQL refuses to run as root.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

function binDir(): string {
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (found) return join(found, '..');
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions)
    if (existsSync(join(root, version, 'bin', 'initdb'))) return join(root, version, 'bin');
  throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (see .ci/run).');
}

export interface Postgres {
  /** The socket's folder: `host` for pg. */
  host: string;
  user: string;
  stop(): void;
}

export function startPostgres(): Postgres {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'momo-pg-'));
  const data = join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  let uid = userInfo().uid;
  let gid = userInfo().gid;
  if (asRoot) {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const [file, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    execFileSync(file as string, all as string[], { stdio: 'pipe' });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  // No TCP port (nothing to collide with), fsync kept on: the tests kill processes, not the machine.
  run('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'log'),
    '-o',
    `-k ${dir} -c listen_addresses='' -c max_connections=50`,
    'start',
  ]);
  return {
    host: dir,
    user: 'postgres',
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
