// @vitest-environment node
// /i18n/<lang>.json: the languages loaded only when chosen, served by the checkout's server and by
// the sandbox command to the hosted page and to widget.js on any merchant's page.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSandboxServer } from '../../src/server/sandbox-server';
import { ar } from '../../src/i18n/ar';
import { rawRequest, setupDistServer } from './helpers';

const running = setupDistServer();
const body = JSON.stringify(ar);

beforeAll(() => {
  mkdirSync(join(running.fixture.distDir, 'i18n'), { recursive: true });
  writeFileSync(join(running.fixture.distDir, 'i18n', 'ar.json'), body);
  writeFileSync(join(running.fixture.distDir, 'i18n', '.hidden.json'), '{}');
});

describe('server › /i18n/<lang>.json', () => {
  it('serves a catalogue to any origin, compressed, with a short cache', async () => {
    const res = await rawRequest(running.server.url, '/i18n/ar.json', {
      Origin: 'https://shop.example',
      'Accept-Encoding': 'br, gzip',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(brotliDecompressSync(res.body).toString()).toBe(body);
  });

  it.each([
    '/i18n/de.json',
    '/i18n/.hidden.json',
    '/i18n/',
    '/i18n/ar.json/x',
    '/i18n/../index.html',
    '/i18n/%2e%2e/index.html',
    '/i18n/AR.json',
  ])('answers 404 for %s', async (path) => {
    expect((await rawRequest(running.server.url, path)).status).toBe(404);
  });

  it('takes only GET and HEAD', async () => {
    expect((await rawRequest(running.server.url, '/i18n/ar.json', {}, 'POST', '{}')).status).toBe(405);
    expect((await rawRequest(running.server.url, '/i18n/ar.json', {}, 'HEAD')).status).toBe(200);
  });

  it('is served by the sandbox command too', async () => {
    const sandbox = await startSandboxServer({ port: 0, host: '127.0.0.1', distDir: running.fixture.distDir });
    try {
      const res = await fetch(`${sandbox.url}/i18n/ar.json`, { headers: { Origin: 'https://shop.example' } });
      expect([res.status, res.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
      expect(await res.json()).toEqual(ar);
    } finally {
      await sandbox.close();
    }
  });
});
