// @vitest-environment node
// Amounts in CFA francs are written without Intl (src/i18n/amounts.ts: its first formatter costs a
// slow phone ~90 ms on the first paint), from each language's line of the table. Held here to what
// Intl writes for the same locale (Node's ICU, CLDR's data), digit for digit and space for space,
// in every language of the table: a language added without its line's `cfa`, or with a wrong one,
// fails. One departure, on purpose: CLDR's Spanish of Equatorial Guinea has no symbol for XOF and
// writes its code; payers read "F CFA" there as everywhere.
import { describe, expect, it } from 'vitest';
import { cfaAmount } from '../../src/i18n/amounts';
import { LANGS, LANGUAGES } from '../../src/i18n/languages';

const AMOUNTS = [0, 7, 999, 1000, 5000, 9999, 12_500, 99_999, 100_000, 1_250_000, 987_654_321];

describe('CFA amounts without Intl', () => {
  for (const { code: lang, locale } of LANGUAGES) {
    for (const currency of ['XAF', 'XOF']) {
      it(`${lang}, ${currency}: as Intl writes it for ${locale}`, () => {
        const intl = new Intl.NumberFormat(locale, { style: 'currency', currency });
        for (const amount of AMOUNTS) {
          let expected = intl.format(amount).replace(/\u200f/g, '');
          if (lang === 'es' && currency === 'XOF') expected = expected.replace('XOF', 'F\u202fCFA');
          expect(cfaAmount(amount, currency, lang), `${amount}`).toBe(expected);
        }
      });
    }
  }

  it('leaves other currencies, and amounts that are not whole francs, to Intl', () => {
    for (const lang of LANGS) {
      expect(cfaAmount(1050, 'EUR', lang)).toBeNull();
      expect(cfaAmount(10.5, 'XAF', lang)).toBeNull();
      expect(cfaAmount(2 ** 60, 'XAF', lang)).toBeNull();
    }
  });
});
