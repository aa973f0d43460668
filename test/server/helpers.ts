// Shared by the server tests: a throw-away dist/ directory, the real server over it, and raw HTTP
// requests (global fetch normalises paths and decompresses bodies, which some tests must see untouched).
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type CheckoutServerOptions, type RunningServer, startCheckoutServer } from '../../src/server/checkout-server';

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
