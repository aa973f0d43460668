// @vitest-environment node
// The frame of the pages without JavaScript (src/server/plain-html.ts): each in its language's
// direction (the table's), its one stylesheet allowed by its hash and nothing else, what goes in escaped.
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { dirOf, LANGS } from '../../src/i18n';
import { dialLink, esc, escWith, plainHeaders, plainResponse } from '../../src/server/plain-html';
import { cspHash, inlineStyleHashes } from '../../src/server/security';

describe('plain pages › the frame', () => {
  it.each(LANGS)('%s: the page is in its language and its direction', async (lang) => {
    const page = plainResponse(200, { lang, title: 'Titre <b>', body: '<p>x</p>' });
    const html = await page.text();
    expect(html).toContain(`<html lang="${lang}"${dirOf(lang) === 'rtl' ? ' dir="rtl"' : ''}><head>`);
    expect(html).toContain('<title>Titre &lt;b&gt;</title>');
    expect(html).toContain('<main><p>x</p></main>');
  });

  it('allows its one inline stylesheet by its hash, and no script', async () => {
    const html = await plainResponse(400, { lang: 'fr', title: 't', body: '', refresh: 5 }).text();
    const csp = plainHeaders()['Content-Security-Policy']!;
    expect(csp).toContain(`style-src ${inlineStyleHashes(html)[0]};`);
    expect(csp).toMatch(/^default-src 'none';/);
    expect(csp).not.toContain('script-src');
    expect(html).toContain('<meta http-equiv="refresh" content="5">');
    expect(cspHash('x')).toMatch(/^'sha256-/);
  });

  it('escapes text and drops the controls that would reorder a line', () => {
    expect(esc(`<a href="x">'Awa' & co\u202e</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;Awa&#39; &amp; co&lt;/a&gt;',
    );
    expect(esc(5000)).toBe('5000');
    // An isolate left open, or a close alone, is dropped; a whole one (a filled value's, in Arabic) kept.
    expect(esc('Riz\u2067 Total\u2069\u2069 : \u2066')).toBe('Riz\u2067 Total\u2069 : ');
    expect(esc('الرقم \u2066+221 •• ••• 45 00\u2069.')).toBe('الرقم \u2066+221 •• ••• 45 00\u2069.');
  });

  it('writes a code to dial as a tap-to-dial link: # as %23, left to right, escaped', () => {
    expect(dialLink('#144#391#')).toBe('<a href="tel:%23144%23391%23" dir="ltr">#144#391#</a>');
    expect(dialLink('*126#')).toBe('<a href="tel:*126%23" dir="ltr">*126#</a>');
    expect(dialLink('"><b>')).toBe('<a href="tel:&quot;&gt;&lt;b&gt;" dir="ltr">&quot;&gt;&lt;b&gt;</a>');
    expect(escWith('Composez \u0000 & <x>', dialLink('*126#'))).toBe(
      'Composez <a href="tel:*126%23" dir="ltr">*126#</a> &amp; &lt;x&gt;',
    );
  });
});

describe('plain pages › the stylesheet', () => {
  const style = async () =>
    /<style>([^<]*)<\/style>/.exec(await plainResponse(200, { lang: 'fr', title: 't', body: '' }).text())?.[1] ?? '';

  it('stays small: under 1.9 KB, 640 bytes in brotli (1 814 and 599 today)', async () => {
    const css = await style();
    expect(css.length).toBeLessThan(1900);
    expect(brotliCompressSync(css).length).toBeLessThan(640);
  });

  it('keeps a boundary on every button and box in forced colors, where backgrounds go', async () => {
    const css = await style();
    // A border, transparent until forced colors draw it; never none.
    expect(css).not.toMatch(/border:0/);
    for (const selector of ['button,.btn', '.notice,.info', '.test'])
      expect(css).toMatch(new RegExp(`${selector.replace(/[.]/g, '\\.')}\\{[^}]*border:\\d+px solid`));
  });

  it('fits 320 px with text at 200 %: logical sides only, the receipt stacked and the margins narrower below 22em', async () => {
    const css = await style();
    expect(css).toMatch(/@media \(max-width:22em\)\{body\{padding:[^}]*\}main\{padding:[^}]*\}th,td\{display:block\}/);
    expect(css).not.toMatch(/(?:margin|padding)-(?:left|right)|text-align:(?:left|right)/);
    expect(css).toContain('overflow-wrap:break-word');
  });
});
