// @vitest-environment node
// The one way every text of the checkout is filled in (src/i18n/fill.ts): its catalogues', through
// translator, and its pages' without JavaScript.
import { describe, expect, it } from 'vitest';
import { dirOf, fillText, LANGS } from '../../src/i18n';

describe('fillText', () => {
  it('puts each value in its {placeholder}, as `show` writes it, and leaves one without a value', () => {
    const shown: [string | number, string][] = [];
    const show = (value: string | number, name: string) => {
      shown.push([value, name]);
      return name === 'amount' ? `${value} FCFA` : String(value);
    };
    expect(fillText('Pay {amount} to {merchant} ({missing})', { amount: 5000, merchant: 'Awa' }, 'en', show)).toBe(
      'Pay 5000 FCFA to Awa ({missing})',
    );
    expect(shown).toEqual([
      [5000, 'amount'],
      ['Awa', 'merchant'],
    ]);
    expect(fillText('{a}', undefined, 'fr', String)).toBe('{a}');
  });

  it('isolates each value in right-to-left text, by its own direction, and none in left-to-right text', () => {
    for (const lang of LANGS) {
      const filled = fillText('{dial} · {country}', { dial: '*126#', country: 'تشاد' }, lang, String);
      expect(filled, lang).toBe(dirOf(lang) === 'rtl' ? '\u2066*126#\u2069 · \u2068تشاد\u2069' : '*126# · تشاد');
    }
  });
});
