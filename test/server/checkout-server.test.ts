// @vitest-environment node
// `npm start`'s server (src/server/checkout-server.ts): it refuses to start without a built hosted
// page, saying how to build one; in dev mode, Vite in middleware mode in the same Hono app, the
// hosted page hot-reloading.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startCheckoutServer } from '../../src/server/checkout-server';
import { inlineScriptHashes } from '../../src/server/security';

let server: RunningServer;

let cacheDir: string;

beforeAll(async () => {
  // A cache of its own, so the test never re-optimises the deps of a dev server running meanwhile.
  cacheDir = mkdtempSync(join(tmpdir(), 'momo-vite-cache-'));
  server = await startCheckoutServer({ port: 0, dev: true, vite: { cacheDir, logLevel: 'silent' } });
}, 60_000);

afterAll(async () => {
  await server?.close();
  // Vite may still be writing its cache as the server closes: a folder that is not empty yet is tried again.
  rmSync(cacheDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

describe('startCheckoutServer({ dev: true })', () => {
  it('serves index.html through Vite at /pay/:id with the dev CSP', async () => {
    const res = await fetch(`${server.url}/pay/pi_x`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<script type="module" src="/@vite/client"></script>');
    const csp = res.headers.get('content-security-policy') ?? '';
    // The page's one inline script (its early reads), allowed by its hash as served, and no other.
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(1);
    expect(csp).toContain(`script-src 'self' ${hashes[0]};`);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('lets Vite answer its own paths', async () => {
    const res = await fetch(`${server.url}/@vite/client`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
  });

  it('keeps the API, the demo and the 404 page', async () => {
    const created = await fetch(`${server.url}/v1/payment-intents`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_dev', 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 500, currency: 'xaf' }),
    });
    expect(created.status).toBe(201);
    expect((await fetch(`${server.url}/demo`)).status).toBe(200);
    expect((await fetch(`${server.url}/`, { redirect: 'manual' })).status).toBe(302);
    expect((await fetch(`${server.url}/certainly-not-here`)).status).toBe(404);
  });
});

describe('startCheckoutServer', () => {
  it('refuses to start without a built hosted page, saying how to build it', async () => {
    await expect(startCheckoutServer({ port: 0, distDir: join(cacheDir, 'no-dist') })).rejects.toThrow(/npm run build/);
  });
});
