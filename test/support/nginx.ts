// A real load balancer for a test: Debian's nginx (.ci/run installs the `nginx` package), started in
// the foreground with a configuration of its own in a temp folder (its pid, its temp files; its
// errors on stderr), listening on 127.0.0.1 only and sending each request round-robin to the
// `upstreams`, a refused connection or a timeout going on to the next one. Every answer says which
// upstream answered it (`X-Upstream`, nginx's $upstream_addr: `127.0.0.1:8001`, or
// `127.0.0.1:8001, 127.0.0.1:8002` when the first was down). `stop` ends it and removes its folder.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** `count` distinct ports free on 127.0.0.1 now (the kernel's pick), for servers that must know theirs in advance. */
export async function freePorts(count: number): Promise<number[]> {
  // All held open until each is known: the kernel never hands out one of them twice.
  const probes = Array.from({ length: count }, () => createServer());
  try {
    return await Promise.all(
      probes.map(
        (probe) =>
          new Promise<number>((resolve, reject) => {
            probe.once('error', reject);
            probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port));
          }),
      ),
    );
  } finally {
    await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  }
}

export interface NginxConfOptions {
  /** The temp folder nginx runs in (`-p`): its pid and temp files go there. */
  prefix: string;
  port: number;
  /** `host:port` of each instance, in the order nginx takes turns. */
  upstreams: readonly string[];
}

/** The configuration: one worker (so turns alternate strictly), loopback only, nothing outside `prefix`. */
export function nginxConf({ prefix, port, upstreams }: NginxConfOptions): string {
  const temp = (name: string) => join(prefix, name);
  return `worker_processes 1;
pid ${temp('nginx.pid')};
error_log stderr warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream checkout {
    # Round-robin. max_fails=0: an instance is never set aside, each request tries its turn and a
    # refused connection goes on to the other at once (a restarted instance is back at its next turn).
${upstreams.map((address) => `    server ${address} max_fails=0;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://checkout;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export interface Nginx {
  /** Where clients reach it, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  /** What nginx wrote on stderr so far (its warnings and errors). */
  log(): string;
  /** Ends it (SIGTERM, then SIGKILL after 5 s) and removes its folder; resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts nginx in front of `upstreams`; resolves once it accepts connections (10 s at most). */
export async function startNginx(upstreams: readonly string[], { port }: { port?: number } = {}): Promise<Nginx> {
  if (!existsSync(NGINX_PATH))
    throw new Error(`nginx is not installed at ${NGINX_PATH}: apt-get install -y nginx (see .ci/run).`);
  const listenPort = port ?? ((await freePorts(1))[0] as number);
  const prefix = mkdtempSync(join(tmpdir(), 'momo-nginx-'));
  // As root, nginx's workers run as nobody: they must reach the temp folders nginx makes for them here.
  chmodSync(prefix, 0o755);
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConf({ prefix, port: listenPort, upstreams }));
  let stderr = '';
  const child = spawn(NGINX_PATH, ['-e', 'stderr', '-c', conf, '-p', `${prefix}/`, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    await stopProcess(child, exited);
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await waitUntilListening(listenPort, exited, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${listenPort}`, port: listenPort, log: () => stderr, stop };
}

/** Resolves once 127.0.0.1:`port` accepts a connection; rejects if nginx exits first, or after 10 s. */
async function waitUntilListening(port: number, exited: Promise<number | null>, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  let gone: number | null | undefined;
  void exited.then((code) => {
    gone = code;
  });
  for (;;) {
    if (gone !== undefined) throw new Error(`nginx exited (${gone}) before it listened:\n${log()}`);
    if (await accepts(port)) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port} within 10 s:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** SIGTERM, then SIGKILL if it is still there after 5 s; resolves once it has exited. */
async function stopProcess(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
