// @vitest-environment node
// The one app both commands serve (src/server/app.ts), over real HTTP: each sub-app at its
// addresses (the API under /v1, the hosted page, the build output, the demo at /), the headers of
// every answer, compression, caching, path traversal, and a small 404 page for anything else.
// Static files come from a temporary dist/ so the tests do not need a build. (Starting and
// stopping: start.test.ts; each sub-app's parts: compress, static, security.test.ts.)
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/api';
import { startCheckoutServer } from '../../src/server/checkout-server';
import { rawRequest, setupDistServer } from './helpers';

const HOSTED_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
const JS = '/assets/index-Ab12Cd34.js';

const running = setupDistServer();
describe('the API under /v1', () => {
  it('creates an intent with a merchant key and reads it back', async () => {
    const created = await fetch(`${running.server.url}/v1/payment-intents`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_server', 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 2500, currency: 'xaf' }),
    });
    expect(created.status).toBe(201);
    const intent = (await created.json()) as { intent_id: string; amount: number; client_secret: string };
    expect(intent.intent_id).toMatch(/^pi_/);

    const read = await fetch(`${running.server.url}/v1/payment-intents/${intent.intent_id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await read.json()).toMatchObject({
      intent_id: intent.intent_id,
      amount: 2500,
      client_secret: intent.client_secret,
    });
  });

  it('compresses answers above a few hundred bytes as the request allows, without Vary (no-store); a 304 and a small error as they are', async () => {
    const created = await fetch(`${running.server.url}/v1/payment-intents`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_server', 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 2500, currency: 'xaf', description: 'Pagne wax 6 yards, savon noir' }),
    });
    const { intent_id: id } = (await created.json()) as { intent_id: string };
    const path = `/v1/payment-intents/${id}`;
    const plain = await rawRequest(running.server.url, path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // No cache may keep a status read (no-store): Vary would be 23 bytes of every read for nothing.
    expect(plain.headers.vary).toBeUndefined();
    const text = plain.body.toString();
    expect(text.length).toBeGreaterThan(400);

    const br = await rawRequest(running.server.url, path, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBeUndefined();
    expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
    expect(br.body.byteLength).toBeLessThan(text.length * 0.75);
    expect(brotliDecompressSync(br.body).toString()).toBe(text);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.headers.etag).toBe(plain.headers.etag);
    const gz = await rawRequest(running.server.url, path, { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(gz.body).toString()).toBe(text);

    const unchanged = await rawRequest(running.server.url, path, {
      'Accept-Encoding': 'br',
      'If-None-Match': String(br.headers.etag),
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers['content-encoding']).toBeUndefined();
    expect(unchanged.body.byteLength).toBe(0);

    const missing = await rawRequest(running.server.url, '/v1/payment-intents/pi_missing', { 'Accept-Encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(missing.body.toString())).toMatchObject({ error: { code: 'not_found' } });
  });

  it('works with the project client over HTTP', async () => {
    const client = createClient({ baseUrl: running.server.url, token: 'sk_test_server' });
    const intent = await client.createIntent({ amount: 1000, currency: 'xaf' });
    await expect(client.getIntent(intent.intent_id)).resolves.toMatchObject({ intent_id: intent.intent_id });
  });

  it('logs an upload the client abandons as what it is, never as an internal error with a stack', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const socket = connect(running.server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    // `Expect: 100-continue`: the server says "go on" once it has the request and handed it to the
    // app, which is then reading the body when the client leaves (not before it saw the request).
    const goOn = new Promise((resolve) => socket.once('data', resolve));
    socket.write(
      'POST /v1/remittance HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sk_test_x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n',
    );
    expect(String(await goOn)).toMatch(/^HTTP\/1\.1 100 Continue/);
    socket.write('{"amount": 1');
    socket.destroy();
    await vi.waitFor(
      () =>
        expect(warnings).toHaveBeenCalledWith(
          '[sandbox] POST /v1/remittance: the client stopped sending the request body',
        ),
      { timeout: 10_000 },
    );
    expect(errors).not.toHaveBeenCalled();
  });

  it('answers the sandbox JSON 404 for unknown API paths', async () => {
    const res = await fetch(`${running.server.url}/v1/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('the hosted page', () => {
  it('allows the merchant logo at the address the sandbox gives it, whatever name the page was opened under', async () => {
    const server = await startCheckoutServer({
      port: 0,
      distDir: running.fixture.distDir,
      publicUrl: 'http://localhost:1',
    });
    try {
      const client = createClient({ baseUrl: server.url, token: 'sk_test_demo' });
      const intent = await client.createIntent({ amount: 5000, currency: 'xaf' });
      const logo = new URL(intent.merchant?.logo_url as string);
      expect(logo.origin).toBe('http://localhost:1');
      // Opened at 127.0.0.1 (its 'self'), the page still allows the logo at localhost.
      const res = await fetch(`${server.url}/pay/${intent.intent_id}`);
      const images = /img-src ([^;]*);/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ?? [];
      expect(images).toContain(logo.origin);
    } finally {
      await server.close();
    }
  });

  it('serves dist/index.html at /pay/pi_… and /pay/cs_… with every security header', async () => {
    for (const path of ['/pay/pi_x', '/pay/cs_AbC123']) {
      const res = await fetch(`${running.server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // Images also from the sandbox's own address, where merchant logos are (test below).
      expect(res.headers.get('content-security-policy')).toBe(
        HOSTED_CSP.replace("img-src 'self'", `img-src 'self' ${running.server.url}`),
      );
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
      expect(res.headers.get('permissions-policy')).toMatch(/payment=\(\)/);
      // Chromium's user-agent hints, 100 bytes of each request the page makes, are not sent.
      expect(res.headers.get('permissions-policy')).toMatch(/ch-ua=\(\), ch-ua-mobile=\(\), ch-ua-platform=\(\)/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('cache-control')).toBe('no-store');
      // Never revalidated (no cache keeps it): no tag to send with every payer's page.
      expect(res.headers.get('etag')).toBeNull();
      expect(await res.text()).toBe(running.fixture.files.html);
    }
  });

  it('takes connect-src from the configured API origin', async () => {
    const other = await startCheckoutServer({
      port: 0,
      distDir: running.fixture.distDir,
      apiOrigin: 'https://api.example.com/v1',
    });
    try {
      const res = await fetch(`${other.url}/pay/pi_x`);
      expect(res.headers.get('content-security-policy')).toContain("connect-src 'self' https://api.example.com;");
    } finally {
      await other.close();
    }
  });

  it('answers 404 for ids that are neither pi_ nor cs_, and for deeper paths', async () => {
    for (const path of ['/pay/xx_1', '/pay/pi_', '/pay/pi_x/extra', '/pay/', '/pay/pi_a%3Cb']) {
      const res = await fetch(`${running.server.url}${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  it('allows only GET and HEAD, and a POST of the plain form (a payment without JavaScript)', async () => {
    const put = await fetch(`${running.server.url}/pay/pi_x`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    // Not a form of this server's: refused before anything is read (test/server/plain-payment.test.ts).
    const post = await fetch(`${running.server.url}/pay/pi_x`, { method: 'POST' });
    expect(post.status).toBe(403);
    const head = await rawRequest(running.server.url, '/pay/pi_x', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(head.headers['content-encoding']).toBe('gzip');
  });
});

describe('compression', () => {
  it('sends brotli when allowed, with Vary', async () => {
    const res = await rawRequest(running.server.url, JS, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.byteLength);
    expect(res.body.byteLength).toBeLessThan(running.fixture.files.js.length / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(running.fixture.files.js);
  });

  it('sends gzip when brotli is not allowed', async () => {
    for (const accept of ['gzip', 'gzip, br;q=0', 'x-gzip', 'br;q=0.1, gzip;q=0.9']) {
      const res = await rawRequest(running.server.url, JS, { 'Accept-Encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(res.body).toString()).toBe(running.fixture.files.js);
    }
  });

  it('sends identity when nothing else is allowed', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await rawRequest(running.server.url, JS, accept === undefined ? {} : { 'Accept-Encoding': accept });
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.body.toString()).toBe(running.fixture.files.js);
    }
  });

  it('compresses the hosted page too, without Vary: no cache may keep it', async () => {
    const res = await rawRequest(running.server.url, '/pay/pi_x', { 'Accept-Encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toBeUndefined();
    expect(brotliDecompressSync(res.body).toString()).toBe(running.fixture.files.html);
  });

  it('leaves tiny files alone', async () => {
    const res = await rawRequest(running.server.url, '/assets/tiny.txt', { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body.toString()).toBe('tiny');
  });

  it('answers 304 to a matching If-None-Match, per encoding', async () => {
    const first = await rawRequest(running.server.url, JS, { 'Accept-Encoding': 'br' });
    const etag = String(first.headers.etag);
    const again = await rawRequest(running.server.url, JS, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    const otherEncoding = await rawRequest(running.server.url, JS, {
      'Accept-Encoding': 'gzip',
      'If-None-Match': etag,
    });
    expect(otherEncoding.status).toBe(200);
  });
});

describe('static files', () => {
  it('serves hashed assets with their content type, cached for a year', async () => {
    const js = await fetch(`${running.server.url}${JS}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    const css = await fetch(`${running.server.url}/assets/index-Ef56Gh78.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toBe(running.fixture.files.css);
  });

  it('serves widget.js to any origin with a short cache', async () => {
    const res = await fetch(`${running.server.url}/widget.js`, { headers: { Origin: 'https://shop.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await res.text()).toBe(running.fixture.files.widget);
  });

  it('answers 404 for missing assets', async () => {
    const res = await fetch(`${running.server.url}/assets/nope-123.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    '/assets/../../package.json',
    '/assets/../index.html',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/%2E%2E/%2E%2E/package.json',
    '/assets/..%2f..%2fpackage.json',
    '/assets/..%2F..%2Fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/widget.js%2f..%2f..%2fsecret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/assets/..%5c..%5csecret.txt',
    '/assets/..\\..\\secret.txt',
    '/assets/..%252f..%252fsecret.txt',
    '/assets/%2e%2e%2fsecret.txt%00.js',
    '/assets//etc/passwd',
    '/assets/%2fetc%2fpasswd',
    '/assets/.hidden.js',
    '/assets/%2ehidden.js',
    '/assets/link.js',
    '/widget.js/../../secret.txt',
  ])('refuses to leave dist/: %s', async (path) => {
    const res = await rawRequest(running.server.url, path, { 'Accept-Encoding': 'identity' });
    expect([400, 404]).toContain(res.status);
    const text = res.body.toString();
    expect(text).not.toContain(running.fixture.secret);
    expect(text).not.toContain('"name": "momo-checkout"');
  });
});

describe('other paths', () => {
  it('redirects / to the demo', async () => {
    const res = await fetch(`${running.server.url}/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/demo');
  });

  it('answers anything else with a small 404 page, in French and English', async () => {
    for (const path of [
      '/nope',
      '/index.html',
      '/package.json',
      '/demonstration',
      '/v1x',
      '/src/server/main.ts',
      '/pay/hello',
    ]) {
      const res = await fetch(`${running.server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const html = await res.text();
      expect(html).toContain('<p lang="fr">Il n’y a rien à cette adresse.</p>');
      expect(html).toContain('<p lang="en">There is nothing at this address.</p>');
    }
  });
});
