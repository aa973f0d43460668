// @vitest-environment node
// The frame every server's sub-apps hang on (src/server/checkout-apps.ts): the headers on every
// answer, a 404 page for what no sub-app owns, a 500 that shows no stack and tells the operator;
// and the checkout's own sub-apps, mounted from a build.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { logError, mountCheckout, serverApp } from '../../src/server/checkout-apps';
import { createStaticFiles } from '../../src/server/static';
import { makeDistFixture } from './helpers';

const dist = makeDistFixture();
afterAll(() => dist.cleanup());

describe('serverApp', () => {
  it('lays its headers over every answer, a 404 and a failure included, and shows no stack', async () => {
    const told: string[] = [];
    const app = serverApp({
      publicUrl: 'https://checkout.test',
      onError: (error, req, route) => told.push(`${req.method} ${route} ${(error as Error).message}`),
    });
    app.get('/boom', () => {
      throw new Error('the disk is gone');
    });
    const missing = await app.fetch(new Request('http://checkout.test/nowhere'));
    const failed = await app.fetch(new Request('http://checkout.test/boom'));
    expect([missing.status, failed.status]).toEqual([404, 500]);
    for (const res of [missing, failed]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    }
    expect(await failed.text()).not.toContain('the disk is gone');
    expect(told).toEqual(['GET /boom the disk is gone']);
  });
});

describe('logError (the default onError)', () => {
  it('names the failed address as the access log does: no receipt token, no intent id, no number', () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    try {
      const token = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0';
      logError(new Error('read failed'), new Request(`http://checkout.test/receipt/${token}`), '/receipt/:token');
      logError(
        new Error('no'),
        new Request('http://checkout.test/pay/pi_arZECOfjW9NYIq0EqoA5howr/+242061234567'),
        '/x',
      );
    } finally {
      spy.mockRestore();
    }
    expect(lines[0]).toMatch(/^\[server\] GET \/receipt\/… \(\/receipt\/:token\) failed: Error: read failed/);
    expect(lines.join('\n')).not.toMatch(/Zm9vYmFy|arZECOfjW9|061234567/);
  });
});

describe('mountCheckout', () => {
  it('serves the hosted page with its policy, the widget and the hashed assets, from the build', async () => {
    const app = serverApp({ publicUrl: 'https://checkout.test' });
    mountCheckout(app, {
      files: createStaticFiles(dist.distDir),
      publicUrl: 'https://checkout.test',
      apiOrigin: 'https://api.test',
      plainApi: () => ({ baseUrl: 'https://api.test' }),
    });
    const page = await app.fetch(new Request('https://checkout.test/pay/pi_abc'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self' https://api.test");
    const widget = await app.fetch(new Request('https://checkout.test/widget.js'));
    expect(await widget.text()).toBe(dist.files.widget);
    const asset = await app.fetch(new Request('https://checkout.test/assets/index-Ab12Cd34.js'));
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });
});
