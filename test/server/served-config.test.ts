// @vitest-environment node
// src/server/served-config.ts: what the server writes into the hosted page and widget.js as it
// serves them, escaped, and nothing of the page's inline scripts changed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../src/server/security';
import { htmlAttribute, SERVED_PLACEHOLDER, scriptJson, servedRewriter } from '../../src/server/served-config';

const page = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const text = (served: Uint8Array) => Buffer.from(served).toString('utf8');

/** What widget.js's literal is once served, in whichever quotes a minifier gave it. */
function servedWidget(rewrite: ReturnType<typeof servedRewriter>): unknown[] {
  const code = text(
    rewrite(
      'widget.js',
      bytes(`return ["${SERVED_PLACEHOLDER}", '${SERVED_PLACEHOLDER}', \`${SERVED_PLACEHOLDER}\`];`),
    ),
  );
  expect(code).not.toContain(SERVED_PLACEHOLDER);
  return new Function(code)() as unknown[];
}

describe('served config › the hosted page', () => {
  it('names the API in a <meta> before the inline script that reads it, and changes no inline script', () => {
    const rewrite = servedRewriter({ apiBase: 'https://api.example.com/v1/', publicUrl: 'https://pay.example/' });
    for (const file of ['index.html', 'index.en.html']) {
      const served = text(rewrite(file, bytes(page)));
      const meta = '<meta name="momo-api" content="https://api.example.com">';
      expect(served).toContain(`<meta charset="utf-8">${meta}`);
      expect(served.indexOf(meta)).toBeLessThan(served.indexOf('<script>'));
      expect(served.replace(meta, '')).toBe(page);
      // The CSP's hashes, made from the built files, still allow every inline script served.
      expect(inlineScriptHashes(served)).toEqual(inlineScriptHashes(page));
    }
  });

  it('keeps an API path, and leaves the page as built when the API is this server', () => {
    const rewrite = servedRewriter({ apiBase: 'https://api.example.com/checkout', publicUrl: 'https://pay.example' });
    expect(text(rewrite('index.html', bytes(page)))).toContain(
      '<meta name="momo-api" content="https://api.example.com/checkout">',
    );
    const own = servedRewriter({ apiBase: undefined, publicUrl: 'https://pay.example' });
    const built = bytes(page);
    expect(own('index.html', built)).toBe(built);
  });

  it('escapes what it writes into the attribute', () => {
    expect(htmlAttribute(`"><script>alert('x')</script>&`)).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;',
    );
    // An address is parsed first: what could close the attribute comes out percent-encoded.
    const rewrite = servedRewriter({ apiBase: 'https://api.example.com/a"b<c>', publicUrl: 'https://pay.example' });
    const served = text(rewrite('index.html', bytes(page)));
    expect(served).toContain('<meta name="momo-api" content="https://api.example.com/a%22b%3Cc%3E">');
  });

  it('refuses, at start, an API address the client would refuse', () => {
    for (const apiBase of ['api.example.com', 'ftp://api.example.com', 'https://api.example.com/?x=1'])
      expect(() => servedRewriter({ apiBase, publicUrl: 'https://pay.example' }), apiBase).toThrow(TypeError);
    expect(() => servedRewriter({ apiBase: undefined, publicUrl: 'nowhere' })).toThrow();
  });
});

describe('served config › widget.js', () => {
  it('writes the object of its own origin and the API in place of the literal, in any quotes', () => {
    const rewrite = servedRewriter({ apiBase: 'https://api.example.com/v1', publicUrl: 'https://pay.example/x/' });
    const served = { origin: 'https://pay.example', api: 'https://api.example.com' };
    expect(servedWidget(rewrite)).toEqual([served, served, served]);
    // Unwritten, the literal is a string: it has neither (src/widget/config.ts).
    expect(text(rewrite('widget.js', bytes(`"${SERVED_PLACEHOLDER}x"`)))).toBe(`"${SERVED_PLACEHOLDER}x"`);
  });

  it('leaves it as built when this server is the API (npm start, the sandbox command): it finds its origin itself', () => {
    const rewrite = servedRewriter({ apiBase: undefined, publicUrl: 'http://localhost:3000' });
    const built = bytes(`var served = "${SERVED_PLACEHOLDER}";`);
    expect(rewrite('widget.js', built)).toBe(built);
  });

  it('writes an expression nothing can break out of, in a script or in a page', () => {
    const hostile = { text: `"'\\</script><!--\n\u2028\u2029\u0000&é\`\${x}` };
    const code = scriptJson(hostile);
    expect(code).not.toMatch(/[<>&\u2028\u2029\n]/);
    expect(new Function(`return ${code};`)()).toEqual(hostile);
    // An address is parsed first: what could be code comes out percent-encoded.
    const rewrite = servedRewriter({
      apiBase: 'https://api.example.com/"+alert(1)+"',
      publicUrl: 'https://pay.example',
    });
    expect(servedWidget(rewrite)[0]).toEqual({
      origin: 'https://pay.example',
      api: 'https://api.example.com/%22+alert(1)+%22',
    });
  });

  it('leaves every other file as built', () => {
    const rewrite = servedRewriter({ apiBase: 'https://api.example.com', publicUrl: 'https://pay.example' });
    for (const file of ['steps/otp.js', 'assets/index-abc.js', 'i18n/ar.json', 'widget.mjs']) {
      const built = bytes(`"${SERVED_PLACEHOLDER}" <meta charset="utf-8">`);
      expect(rewrite(file, built), file).toBe(built);
    }
  });
});
