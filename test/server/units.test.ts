// @vitest-environment node
// The server's small pure parts: encoding negotiation, path checks, the file cache, the CSP
// builder and the demo's escaping.
import { afterAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../src/server/compress';
import { hostedPageCsp } from '../../src/server/security';
import { createStaticFiles, safeSegments } from '../../src/server/static';
import { escapeHtml, html } from '../../src/demo/html';
import { makeDistFixture } from './helpers';

describe('negotiateEncoding', () => {
  const all = ['identity', 'br', 'gzip'] as const;
  it.each([
    [null, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=1.0, gzip;q=1.0', 'br'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['*, br;q=0', 'gzip'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['br;q=bogus, gzip', 'gzip'],
    ['br;q=2, gzip', 'gzip'],
  ] as const)('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header, all)).toBe(expected);
  });

  it('only picks what is available', () => {
    expect(negotiateEncoding('br, gzip', ['identity', 'gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['identity'])).toBe('identity');
  });
});

describe('safeSegments', () => {
  it('accepts plain names', () => {
    expect(safeSegments('assets/index-Ab_12.js')).toEqual(['assets', 'index-Ab_12.js']);
  });
  it.each([
    '',
    'assets/',
    'assets//x.js',
    '../x',
    'assets/..',
    'assets/%2e%2e',
    'assets/..%2fx',
    'assets/a%5cb',
    'assets/.env',
    'a/%00',
    'a/%zz',
    'a/b c',
  ])('refuses %j', (path) => {
    expect(safeSegments(path)).toBeNull();
  });
});

describe('createStaticFiles', () => {
  const fixture = makeDistFixture();
  afterAll(() => fixture.cleanup());

  it('reads and compresses a file once, then serves it from memory', async () => {
    const files = createStaticFiles(fixture.distDir);
    const first = await files.get('assets/index-Ab12Cd34.js');
    const second = await files.get('assets/index-Ab12Cd34.js');
    expect(first).not.toBeNull();
    expect(second).toBe(first);
    expect(first?.br).toBeDefined();
    expect(first?.gzip).toBeDefined();
  });

  it('finds nothing for directories, missing files and links out of the directory', async () => {
    const files = createStaticFiles(fixture.distDir);
    expect(await files.get('assets')).toBeNull();
    expect(await files.get('assets/none.js')).toBeNull();
    expect(await files.get('assets/link.js')).toBeNull();
  });
});

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

describe('escapeHtml and html', () => {
  it('escapes the five significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });
  it('escapes every interpolated value but not nested fragments', () => {
    const name = '<img src=x onerror=alert(1)>';
    const out = html`<p title="${name}">${name}${html`<b>${'&'}</b>`}${[name, 1]}${null}${false}</p>`;
    expect(out.value).toBe(
      '<p title="&lt;img src=x onerror=alert(1)&gt;">&lt;img src=x onerror=alert(1)&gt;<b>&amp;</b>&lt;img src=x onerror=alert(1)&gt;1</p>',
    );
  });
});

describe('StaticFiles.warm', () => {
  const fixture = makeDistFixture();
  afterAll(() => fixture.cleanup());

  it('never fails, whatever the directory holds or lacks', async () => {
    await expect(createStaticFiles(fixture.distDir).warm()).resolves.toBeUndefined();
    await expect(createStaticFiles(`${fixture.base}/missing`).warm()).resolves.toBeUndefined();
  });
});
