// @vitest-environment node
// The frame of the pages without JavaScript (src/server/plain-html.ts): each in its language's
// direction (the table's), its one stylesheet allowed by its hash and nothing else, what goes in escaped.
import { describe, expect, it } from 'vitest';
import { dirOf, LANGS } from '../../src/i18n';
import { esc, plainHeaders, plainResponse } from '../../src/server/plain-html';
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
  });
});
