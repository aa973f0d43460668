// @vitest-environment node
// The stylesheets as each build ships them: the hosted page's (scripts/prerender.tsx), whose --momo-*
// theme nothing sets, carries their defaults; widget.js's (scripts/vite/widget-css.ts) leaves out
// what only the hosted page shows.
import { describe, expect, it } from 'vitest';
import { pageCss } from '../../scripts/prerender';
import { widgetStylesheet } from '../../scripts/vite/widget-css';

describe('the hosted page’s stylesheet', () => {
  it('has each --momo-* property’s default in its place, font lists whole, and no build marker', () => {
    expect(
      pageCss(
        '.momo{--_accent:var(--momo-accent,#0a6847);font:400 1rem / 1.5 var(--momo-font,system-ui, -apple-system, "Segoe UI", sans-serif)}body{background:var(--momo-page-background,#f3f4f6)}\n/*$vite$:1*/\n',
      ),
    ).toBe(
      '.momo{--_accent:#0a6847;font:400 1rem / 1.5 system-ui, -apple-system, "Segoe UI", sans-serif}body{background:#f3f4f6}',
    );
  });

  it('keeps the checkout’s own properties and a var() without a default', () => {
    const css = '.momo-pay{background:var(--_accent);color:var(--momo-x)}';
    expect(pageCss(css)).toBe(css);
  });
});

describe('widget.js’s stylesheet', () => {
  it('leaves out a session’s items and the merchant’s logo, which only the hosted page shows', () => {
    expect(
      widgetStylesheet(
        '.momo-logo{width:2.5rem}.momo-items ul{gap:1rem}.momo-items li,.momo-total{display:flex}.momo-items-place{color:red}',
      ),
    ).toBe('.momo-total{display:flex}.momo-items-place{color:red}');
  });
});
