// Shared by the server tests: a throw-away dist/ directory, the real server over it, and raw HTTP
// requests (global fetch normalises paths and decompresses bodies, which some tests must see untouched).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll } from 'vitest';
import { type CheckoutServerOptions, type RunningServer, startCheckoutServer } from '../../src/server/checkout-server';
import { REPO_ROOT } from '../../src/server/paths';

export interface DistFixture {
  /** The temporary directory holding dist/ and, next to it, a file that must never be served. */
  base: string;
  distDir: string;
  files: { html: string; js: string; css: string; widget: string };
  secret: string;
  cleanup(): void;
}

const repeat = (line: string, times: number) =>
  Array.from({ length: times }, (_, i) => line.replace('#', String(i))).join('\n');

export function makeDistFixture(): DistFixture {
  const base = mkdtempSync(join(tmpdir(), 'momo-server-test-'));
  const distDir = join(base, 'dist');
  mkdirSync(join(distDir, 'assets'), { recursive: true });
  const js = `${repeat('export const line# = "the hosted page, chunk #";', 200)}\n`;
  const css = `${repeat('.row# { margin: 0; padding: 0; color: #1d2a2f; }', 100)}\n`;
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>Paiement</title>
<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css">
</head>
<body><main id="app" class="momo-page">${'<!-- padding so the page is worth compressing -->'.repeat(10)}</main></body>
</html>
`;
  const widget = `${repeat('customElements.define("momo-checkout-#", class extends HTMLElement {});', 60)}\n`;
  const secret = 'TOP-SECRET-OUTSIDE-DIST';
  writeFileSync(join(distDir, 'index.html'), html);
  writeFileSync(join(distDir, 'assets', 'index-Ab12Cd34.js'), js);
  writeFileSync(join(distDir, 'assets', 'index-Ef56Gh78.css'), css);
  writeFileSync(join(distDir, 'assets', '.hidden.js'), secret);
  writeFileSync(join(distDir, 'assets', 'tiny.txt'), 'tiny');
  writeFileSync(join(distDir, 'widget.js'), widget);
  writeFileSync(join(base, 'secret.txt'), secret);
  symlinkSync(join(base, 'secret.txt'), join(distDir, 'assets', 'link.js'));
  return {
    base,
    distDir,
    files: { html, js, css, widget },
    secret,
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose path is sent exactly as given, and whose body comes back undecoded. */
export function rawRequest(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers: { Connection: 'close', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The real server on an ephemeral port over a throw-away dist/, for the tests of one file. */
export function setupDistServer(options: Omit<CheckoutServerOptions, 'port' | 'distDir'> = {}): {
  readonly server: RunningServer;
  readonly fixture: DistFixture;
} {
  const running = {} as { server: RunningServer; fixture: DistFixture };
  beforeAll(async () => {
    running.fixture = makeDistFixture();
    running.server = await startCheckoutServer({ ...options, port: 0, distDir: running.fixture.distDir });
  });
  afterAll(async () => {
    await running.server?.close();
    running.fixture?.cleanup();
  });
  return running;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Every line it wrote, stdout and stderr, as they come. */
  printed: string[];
  /** Resolves with the exit code (or the signal's name) once it is gone. */
  exited: Promise<number | string>;
  /** Resolves with the first line printed (from the start) that matches `pattern`. */
  line(pattern: RegExp): Promise<string>;
}

/**
 * A command of the repository (`cmd`, run by `run` from `root`) in a process of its own, once it
 * printed `listening on <url>`. `root` is a fixture's base made a root of the repository's by
 * linkRepository (its dist/ the fixture's, so no build is needed).
 */
export async function startProcess(root: string, run: string, args: string[]): Promise<ServerProcess> {
  const child = spawn(run, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const printed: string[] = [];
  const watchers: (() => void)[] = [];
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const take = (line: string) => {
    printed.push(line);
    for (const watcher of watchers.splice(0)) watcher();
  };
  createInterface({ input: child.stdout! }).on('line', take);
  createInterface({ input: child.stderr! }).on('line', take);
  const line = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      void exited.then((code) =>
        reject(new Error(`exited (${code}) before printing ${pattern}: ${printed.join('\n')}`)),
      );
      const look = () => {
        const found = printed.find((printedLine) => pattern.test(printedLine));
        if (found === undefined) watchers.push(look);
        else resolve(found);
      };
      look();
    });
  const listening = await line(/listening on http:\/\/\S+/);
  const url = /listening on (http:\/\/\S+)/.exec(listening)?.[1] as string;
  return { child, url, printed, exited, line };
}

/**
 * Makes a fixture's base a root of the repository's: its src/, node_modules, tsconfig.json and
 * the files `names` lists are links to the repository's (kept as such), its dist/ the fixture's.
 */
export function linkRepository(fixture: DistFixture, names: string[] = []): void {
  for (const name of ['src', 'node_modules', 'tsconfig.json', ...names])
    symlinkSync(join(REPO_ROOT, name), join(fixture.base, name));
}
