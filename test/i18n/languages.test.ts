// @vitest-environment node
// The table of languages (src/i18n/languages.ts) and what is derived from it: a language is its
// catalogue file plus its line there. Each derivation is run here on the table and on the table
// with one more language (Wolof, as a contributor would add it), so a list written by hand
// somewhere instead of derived fails here; ./catalogues.test.ts holds each language's texts whole.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { BUILT_IN, dirOf, isLang, LANGS, LANGUAGES, type Lang, type Language, languageOf } from '../../src/i18n';
import { PRERENDERED } from '../../scripts/prerender';
import { FETCHED_LANGS, fetchedLanguages, withFetchedLangs } from '../../scripts/vite/catalogues';
import type { MomoCheckoutLang, MomoCheckoutOptions } from '../../src/widget/types';

const WOLOF = {
  code: 'wo',
  name: 'Wolof',
  locale: 'wo-SN',
  dir: 'ltr',
  cfa: { group: '.', groupFrom: 4, first: true },
} as const satisfies Language;
const WITH_WOLOF: readonly Language[] = [...LANGUAGES, WOLOF];

describe('languages › the table', () => {
  it('has each language once, by a code of ISO 639-1, the built-in one first', () => {
    expect(new Set(LANGS).size).toBe(LANGUAGES.length);
    for (const lang of LANGS) expect(lang).toMatch(/^[a-z]{2}$/);
    expect(BUILT_IN).toBe(LANGS[0]);
    expect(LANGS.filter(isLang)).toEqual(LANGS);
    expect(['de', 'FR', '', 'fr-CG', undefined].filter(isLang)).toEqual([]);
  });

  it('writes each language in a locale Intl knows, and says its direction', () => {
    for (const { code, locale, dir } of LANGUAGES) {
      expect(Intl.NumberFormat.supportedLocalesOf([locale]), code).toEqual([locale]);
      expect(languageOf(code).locale).toBe(locale);
      expect(dirOf(code)).toBe(dir);
    }
    expect(LANGS.filter((lang) => dirOf(lang) === 'rtl')).toEqual(['ar']);
  });

  it('names each language in itself', () => {
    for (const { code, name } of LANGUAGES)
      expect(new Intl.DisplayNames([code], { type: 'language' }).of(code)?.toLowerCase(), code).toBe(
        name.toLowerCase(),
      );
  });
});

describe('languages › what the build derives from the table', () => {
  it('emits a catalogue for each language but the built-in one, and only for those', () => {
    expect(fetchedLanguages(LANGUAGES)).toEqual(LANGS.filter((lang) => lang !== BUILT_IN));
    expect(fetchedLanguages(WITH_WOLOF)).toEqual([...LANGS.filter((lang) => lang !== BUILT_IN), 'wo']);
  });

  it("writes index.html's early read of ?lang= for each language fetched, but those a page prerenders", () => {
    const html = `<script>var lang = /[?&]lang=(${FETCHED_LANGS})(?:&|$)/i;</script>`;
    const prerendered = Object.keys(PRERENDERED);
    expect(prerendered).toContain(BUILT_IN);
    const fetched = LANGS.filter((lang) => !prerendered.includes(lang));
    expect(withFetchedLangs(html, LANGUAGES, prerendered)).toBe(
      `<script>var lang = /[?&]lang=(${fetched.join('|')})(?:&|$)/i;</script>`,
    );
    expect(withFetchedLangs(html, WITH_WOLOF, prerendered)).toContain(`(${[...fetched, 'wo'].join('|')})`);
    expect(() => withFetchedLangs('<script></script>', LANGUAGES, prerendered)).toThrow(FETCHED_LANGS);
  });
});

describe("languages › the widget's types", () => {
  it('take exactly the codes of the table, alone or with a region', () => {
    expectTypeOf<Extract<MomoCheckoutLang, Lang>>().toEqualTypeOf<Lang>();
    expectTypeOf<'fr-CG'>().toExtend<MomoCheckoutLang>();
    expectTypeOf<'ar-TD'>().toExtend<NonNullable<MomoCheckoutOptions['lang']>>();
    expectTypeOf<'de'>().not.toExtend<MomoCheckoutLang>();
    expectTypeOf<'de-DE'>().not.toExtend<MomoCheckoutLang>();
    const every: MomoCheckoutLang[] = [...LANGS];
    // @ts-expect-error a language the table does not have
    const wolof: MomoCheckoutLang = WOLOF.code;
    expect([every, wolof]).toEqual([LANGS, 'wo']);
  });
});
