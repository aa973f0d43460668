// @vitest-environment node
// Amounts, dates and countdowns as payers read them in each language (src/i18n/format.ts, and
// formatAmount in src/i18n/index.ts, written with its formatters in each language's locale): each currency's
// symbol where its readers put it, Western digits in Arabic isolated inside right-to-left text,
// minor units, an unknown currency that never throws.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatAmount, formatDate, formatDuration, LANGS, type Lang } from '../../src/i18n';

/** Unicode's invisible direction marks and isolates, which Arabic text carries around its values. */
const MARKS = /[‎‏⁦-⁩]/g;

const NBSP = /[\u00a0\u202f]/g;

describe('format › amounts, dates and countdowns', () => {
  // What a payer reads in each language of the table (src/i18n/languages.ts), typed by it: a
  // language added there does not compile here until its amounts and dates are written down.
  const READ: Readonly<Record<Lang, { xaf: string; xof: string; million: string; date: RegExp }>> = {
    fr: { xaf: '5 000 FCFA', xof: '5 000 F CFA', million: '1 250 000 FCFA', date: /^24 novembre 2026/ },
    en: { xaf: 'FCFA 5,000', xof: 'F CFA 5,000', million: 'FCFA 1,250,000', date: /^24 November 2026/ },
    ar: { xaf: '5,000 FCFA', xof: '5,000 F CFA', million: '1,250,000 FCFA', date: /^24 نوفمبر 2026/ },
    es: { xaf: 'FCFA 5000', xof: 'F CFA 5000', million: 'FCFA 1.250.000', date: /^24 de noviembre de 2026/ },
    pt: { xaf: '5000 FCFA', xof: '5000 F CFA', million: '1 250 000 FCFA', date: /^24 de novembro de 2026/ },
  };

  it('writes each currency and date as payers read them, in every language of the table', () => {
    expect(Object.keys(READ).sort()).toEqual([...LANGS].sort());
    const read = (text: string) => text.replace(NBSP, ' ').replace(MARKS, '');
    for (const lang of LANGS) {
      const { xaf, xof, million, date } = READ[lang];
      expect(read(formatAmount(5000, 'xaf', lang)), lang).toBe(xaf);
      expect(read(formatAmount(5000, 'xof', lang)), lang).toBe(xof);
      expect(read(formatAmount(1_250_000, 'xaf', lang)), lang).toBe(million);
      expect(read(formatDate('2026-11-24T15:05:00Z', lang)), lang).toMatch(date);
    }
  });

  it('in Arabic: Western digits, read left to right as one unit inside right-to-left text', () => {
    expect(formatAmount(1_250_000, 'xaf', 'ar')).toBe('\u20661,250,000\u00a0FCFA\u2069');
    expect(formatDate('2026-11-24T15:05:00Z', 'ar')).toMatch(/^24 نوفمبر 2026/);
    expect(formatDate('2026-11-24T15:05:00Z', 'ar')).not.toMatch(/[\u0660-\u0669]/);
  });

  it('writes XAF the way payers read it', () => {
    expect(formatAmount(5000, 'xaf', 'fr').replace(NBSP, ' ')).toBe('5 000 FCFA');
    expect(formatAmount(1_250_000, 'xaf', 'fr').replace(NBSP, ' ')).toBe('1 250 000 FCFA');
    expect(formatAmount(5000, 'xaf', 'en').replace(NBSP, ' ')).toBe('FCFA 5,000');
  });

  it('reads other currencies in their minor unit', () => {
    expect(formatAmount(1050, 'eur', 'en')).toBe('€10.50');
    expect(formatAmount(1050, 'eur', 'fr').replace(NBSP, ' ')).toBe('10,50 €');
  });

  it('never throws on an unknown currency', () => {
    expect(formatAmount(12, 'zz', 'fr')).toBe('12 ZZ');
  });

  it('formats countdowns as minutes and seconds', () => {
    expect(formatDuration(299_001)).toBe('5:00');
    expect(formatDuration(61_000)).toBe('1:01');
    expect(formatDuration(-5)).toBe('0:00');
  });
});

describe('format › on an engine without dateStyle and timeStyle (Chrome 67-75, iOS 12-14.4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('still writes the time of day and the date with its time, in every language', async () => {
    // Such an engine ignores the options it does not know, as any options bag's unknown key.
    const Native = Intl.DateTimeFormat;
    class Older extends Native {
      constructor(locales?: string | string[], options: Intl.DateTimeFormatOptions = {}) {
        const { dateStyle: _date, timeStyle: _time, ...known } = options;
        super(locales, known);
      }
    }
    vi.stubGlobal('Intl', { ...Intl, DateTimeFormat: Older, NumberFormat: Intl.NumberFormat });
    vi.resetModules();
    const { formatDate: dateOf, formatTime } = await import('../../src/i18n/format');
    const at = Date.UTC(2026, 10, 29, 6, 52);
    for (const lang of LANGS) {
      expect(formatTime(at, lang).replace(MARKS, ''), lang).toMatch(/^\d\d:52(?: [صم])?$/);
      const date = dateOf(new Date(at).toISOString(), lang).replace(MARKS, '');
      expect(date, lang).toMatch(/(?:29|30|28).*2026.*\d\d:52/);
    }
  });
});
