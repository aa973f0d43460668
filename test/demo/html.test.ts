// @vitest-environment node
// src/demo/html.ts: the demo shop's escaping.
import { describe, expect, it } from 'vitest';
import { escapeHtml, html } from '../../src/demo/html';

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
