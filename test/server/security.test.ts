// @vitest-environment node
// src/server/security.ts: the hosted page's Content-Security-Policy.
import { describe, expect, it } from 'vitest';
import { hostedPageCsp } from '../../src/server/security';

describe('hostedPageCsp', () => {
  it('is strict in production', () => {
    expect(hostedPageCsp()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
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
