// @vitest-environment node
// Each wallet's mark: its brand colours where a source names them, cited above the wallet table
// (src/phone/countries.ts), drawn by the form's stylesheet, and readable (WCAG AA). A colour
// added to the stylesheet without its source, a wallet added without a thought for its mark, or a
// pair of colours too close to read fail here; axe checks the same on the page
// (test/browser/a11y.browser.test.ts), but only for the wallets of the country it shows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../src/phone/countries';

const ROOT = join(import.meta.dirname, '..', '..');
const css = readFileSync(join(ROOT, 'src/components/checkout.css'), 'utf8');
const table = readFileSync(join(ROOT, 'src/phone/countries.ts'), 'utf8');

/** The wallets no source gave colours for: they keep the default (grey) mark. */
const NEUTRAL = ['telecel'];

interface Colours {
  background?: string;
  color?: string;
}

function declarations(body: string): Colours {
  const value = (name: string) => body.match(new RegExp(`(?:^|;|\\s)${name}:\\s*(#[0-9a-f]{3,6})`, 'i'))?.[1];
  const found: Colours = {};
  const background = value('background');
  const color = value('color');
  if (background) found.background = background.toLowerCase();
  if (color) found.color = color.toLowerCase();
  return found;
}

const base = declarations(css.match(/\n\.momo-mark \{([^}]*)\}/)?.[1] ?? '');
const marks = new Map(
  [...css.matchAll(/\[data-operator="([a-z]+)"\] \.momo-mark \{([^}]*)\}/g)].map((m) => [
    m[1] as string,
    { ...base, ...declarations(m[2] as string) },
  ]),
);

function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const wallets = [...new Set(COUNTRIES.flatMap((c) => c.wallets.map((w) => w.name)))];

describe('wallet marks', () => {
  it('gives every wallet with sourced colours its mark, and only those without one the grey', () => {
    expect(base).toEqual({ background: '#6e7781', color: '#fff' });
    expect(wallets.filter((name) => !marks.has(name)).sort()).toEqual([...NEUTRAL].sort());
    expect([...marks.keys()].every((name) => wallets.includes(name))).toBe(true);
  });

  it('cites every colour beside the wallet table, with its letters', () => {
    for (const [name, { background, color }] of marks) {
      const line = table.match(new RegExp(`//\\s+${name}\\s+(#[0-9a-f]+), (black|white):`))?.slice(1);
      expect(line, name).toEqual([background, color === '#000' ? 'black' : 'white']);
    }
    for (const name of NEUTRAL) expect(table, name).toMatch(new RegExp(`//\\s+${name}\\s+none: no source`));
  });

  it('reads at WCAG AA (4.5:1 for its small letters), the grey included', () => {
    for (const [name, { background, color }] of [...marks, ['default', base] as const]) {
      expect(contrast(background as string, color as string), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
