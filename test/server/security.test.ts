// @vitest-environment node
// src/server/security.ts: the hosted page's Content-Security-Policy, and the headers of every
// answer (HSTS where payers reach the server over https, never over http).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '../../src/server/app';
import { BASE_HEADERS, baseHeaders, HSTS, hostedPageCsp } from '../../src/server/security';
import { type DistFixture, makeDistFixture } from './helpers';

describe('hostedPageCsp', () => {
  it('is strict in production', () => {
    // connect-src falls back to default-src 'self': the API on the page's own server needs no word.
    expect(hostedPageCsp()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    );
  });
  it('names the API origin, and only its origin', () => {
    expect(hostedPageCsp({ apiOrigin: 'https://api.example.com/v1?x=1' })).toContain(
      "connect-src 'self' https://api.example.com;",
    );
    // The merchant's logo (the `merchant` extension) is served by the API, from its origin.
    expect(hostedPageCsp({ apiOrigin: 'https://api.example.com/v1?x=1' })).toContain(
      "img-src 'self' https://api.example.com data:;",
    );
    expect(() => hostedPageCsp({ apiOrigin: "data:'unsafe-inline'" })).toThrow();
  });
  it('allows the merchant logo from the sandbox’s own address, whatever address the page was opened at', () => {
    expect(hostedPageCsp({ imageOrigin: 'http://localhost:3000' })).toContain(
      "img-src 'self' http://localhost:3000 data:;",
    );
    expect(hostedPageCsp({ imageOrigin: 'http://127.0.0.1:12111/' })).toContain(
      "img-src 'self' http://127.0.0.1:12111 data:;",
    );
    // Named once when it is the API's origin already.
    expect(hostedPageCsp({ apiOrigin: 'https://api.example.com', imageOrigin: 'https://api.example.com' })).toContain(
      "img-src 'self' https://api.example.com data:;",
    );
    expect(() => hostedPageCsp({ imageOrigin: "data:'unsafe-inline'" })).toThrow();
  });
  it('allows Vite’s injected styles and hot-reload socket in dev, never inline scripts', () => {
    const csp = hostedPageCsp({ dev: true });
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).toContain("script-src 'self';");
  });
});

describe('baseHeaders', () => {
  it('adds HSTS for an https public address, and only for one', () => {
    expect(baseHeaders('https://checkout.example.com')).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    });
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
    expect(baseHeaders('http://localhost:3000')).toEqual(BASE_HEADERS);
    expect(baseHeaders('http://192.168.1.20:3000')).not.toHaveProperty('Strict-Transport-Security');
  });

  describe('on every answer of the server', () => {
    let fixture: DistFixture;
    const made: ServerApp[] = [];
    beforeAll(() => {
      fixture = makeDistFixture();
    });
    afterAll(async () => {
      for (const served of made) await served.close();
      fixture?.cleanup();
    });
    /** The status and HSTS header of each kind of answer of a server payers reach at `publicUrl`. */
    async function answers(publicUrl: string) {
      const served = createServerApp({ publicUrl, distDir: fixture.distDir, compressApi: true });
      made.push(served);
      const paths = ['/healthz', '/v1/payment-intents/pi_nobody123', '/pay/pi_nobody123', '/widget.js', '/nowhere'];
      return Promise.all(
        paths.map(async (path) => {
          const res = await served.app.fetch(new Request(`${publicUrl}${path}`));
          return [path, res.status, res.headers.get('strict-transport-security')];
        }),
      );
    }

    it('sends HSTS with each answer when the public address is https', async () => {
      expect(await answers('https://checkout.example.com')).toEqual([
        ['/healthz', 200, HSTS],
        ['/v1/payment-intents/pi_nobody123', 404, HSTS],
        ['/pay/pi_nobody123', 200, HSTS],
        ['/widget.js', 200, HSTS],
        ['/nowhere', 404, HSTS],
      ]);
    });

    it('never over plain http', async () => {
      expect(await answers('http://127.0.0.1:3000')).toEqual([
        ['/healthz', 200, null],
        ['/v1/payment-intents/pi_nobody123', 404, null],
        ['/pay/pi_nobody123', 200, null],
        ['/widget.js', 200, null],
        ['/nowhere', 404, null],
      ]);
    });
  });
});
