// @vitest-environment node
// The cache headers a CDN in front of the server goes by (src/server/apps/build-output.ts,
// compress.ts's variantResponse): content-hashed assets kept a year and never asked again;
// widget.js, the steps and the catalogues (names without a hash) kept 5 minutes, then revalidated
// with their strong ETag (a 304 without a body when unchanged, the same headers otherwise), one copy
// per encoding (Vary); the hosted page and the health checks never kept.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, setupDistServer } from './helpers';

const running = setupDistServer();
const SHORT = 'public, max-age=300, must-revalidate';
const step = `${'export const step = "otp";\n'.repeat(40)}`;

beforeAll(() => {
  // Files are read when first asked for: these join the fixture's dist/ after the server started.
  mkdirSync(join(running.fixture.distDir, 'steps'), { recursive: true });
  writeFileSync(join(running.fixture.distDir, 'steps', 'otp.js'), step);
  mkdirSync(join(running.fixture.distDir, 'i18n'), { recursive: true });
  writeFileSync(join(running.fixture.distDir, 'i18n', 'ar.json'), JSON.stringify({ pay: 'ادفع'.repeat(100) }));
});

describe('cache headers for a CDN', () => {
  it.each(['/widget.js', '/steps/otp.js', '/i18n/ar.json'])(
    '%s: 5 minutes, then revalidated; a matching If-None-Match is a 304 with the same validators',
    async (path) => {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const first = await rawRequest(running.server.url, path, { 'Accept-Encoding': encoding });
        expect(first.status).toBe(200);
        expect(first.headers['cache-control']).toBe(SHORT);
        expect(first.headers.vary).toBe('Accept-Encoding');
        const etag = String(first.headers.etag);
        expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}(-br|-gzip)?"$/); // strong: no W/
        expect(first.headers['content-encoding'] ?? 'identity').toBe(encoding);

        const again = await rawRequest(running.server.url, path, {
          'Accept-Encoding': encoding,
          'If-None-Match': etag,
        });
        expect(again.status).toBe(304);
        expect(again.body.byteLength).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe(SHORT);
        expect(again.headers.vary).toBe('Accept-Encoding');
        expect(again.headers['access-control-allow-origin']).toBe('*');

        // A HEAD revalidates the same way.
        const head = await rawRequest(
          running.server.url,
          path,
          { 'Accept-Encoding': encoding, 'If-None-Match': etag },
          'HEAD',
        );
        expect(head.status).toBe(304);
      }
    },
  );

  it('answers in full when the tag is another encoding’s or the file changed', async () => {
    const br = await rawRequest(running.server.url, '/steps/otp.js', { 'Accept-Encoding': 'br' });
    const gzip = await rawRequest(running.server.url, '/steps/otp.js', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': String(br.headers.etag),
    });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.etag).not.toBe(br.headers.etag);

    writeFileSync(join(running.fixture.distDir, 'steps', 'otp.js'), `${step}// rebuilt, longer than before\n`);
    const changed = await rawRequest(running.server.url, '/steps/otp.js', {
      'Accept-Encoding': 'br',
      'If-None-Match': String(br.headers.etag),
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(br.headers.etag);
  });

  it('keeps content-hashed assets a year without asking again', async () => {
    const res = await rawRequest(running.server.url, '/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'br' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never keeps the hosted page, a missing asset, or the health checks', async () => {
    for (const path of ['/pay/pi_nobody123', '/embed', '/assets/index-Old00000.js', '/healthz', '/readyz']) {
      const res = await rawRequest(running.server.url, path);
      expect([path, res.headers['cache-control']]).toEqual([path, 'no-store']);
      expect(res.headers.etag).toBeUndefined();
    }
  });
});
