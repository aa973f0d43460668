// The languages the checkout speaks, one line each. Everything else about a language is derived
// from this table: the type `Lang`, the switch's names, the direction of its text, the locale of its
// amounts and dates (./format.ts), which catalogues the build emits to be loaded when chosen
// (scripts/vite/catalogues.ts), the early read index.html starts for `?lang=` (the same plugin
// writes its pattern), the widget's `lang` option and console message (src/widget/config.ts,
// src/widget/types.ts), the pages without JavaScript's links to the others. A new language is its
// catalogue file (src/i18n/<code>.ts, written from ./en.ts) and its line here; the compiler then
// asks for it wherever a language's text is kept (./catalogues.ts, each approval step's messages),
// and test/i18n/languages.test.ts fails until it is whole. docs/architecture.md, "Add a language".
//
// The first is built into every bundle (French: most payers of the zone read it); the others are
// loaded only when wanted (./load.ts).

export interface Language {
  /** ISO 639-1, as `?lang=` and the widget's `lang` take it, and the catalogue's file name. */
  readonly code: string;
  /** The language's name in itself, as the switch offers it (known before its catalogue is loaded). */
  readonly name: string;
  /** The `Intl` locale its amounts, dates and times are written in. */
  readonly locale: string;
  readonly dir: 'ltr' | 'rtl';
  /**
   * How its readers write an amount in CFA francs, as CLDR says for `locale` (./amounts.ts writes
   * it without Intl; test/i18n/amounts.test.ts holds it to Intl's): the digits' group separator,
   * the fewest digits a number has before it is grouped (CLDR's minimum grouping digits: 4 writes
   * "5 000", 5 writes "5000" but "12 500"), and whether the currency comes first.
   */
  readonly cfa: { readonly group: string; readonly groupFrom: 4 | 5; readonly first: boolean };
}

// Arabic's locale: Chad's, in Western digits (-u-nu-latn; CLDR's ar-TD default is Arabic-Indic):
// payers in N'Djamena read and type numbers in those digits — phone keypads, USSD codes, operators'
// messages, banknotes — and the phone number on the same screen is in them (docs/checkout.md#languages).
export const LANGUAGES = [
  { code: 'fr', name: 'Français', locale: 'fr-FR', dir: 'ltr', cfa: { group: '\u202f', groupFrom: 4, first: false } },
  { code: 'en', name: 'English', locale: 'en-GB', dir: 'ltr', cfa: { group: ',', groupFrom: 4, first: true } },
  {
    code: 'ar',
    name: 'العربية',
    locale: 'ar-TD-u-nu-latn',
    dir: 'rtl',
    cfa: { group: ',', groupFrom: 4, first: false },
  },
  { code: 'es', name: 'Español', locale: 'es-GQ', dir: 'ltr', cfa: { group: '.', groupFrom: 5, first: true } },
  { code: 'pt', name: 'Português', locale: 'pt-GW', dir: 'ltr', cfa: { group: '\u00a0', groupFrom: 5, first: false } },
] as const satisfies readonly Language[];

export type Lang = (typeof LANGUAGES)[number]['code'];

/** Every language's code, the built-in one first. */
export const LANGS: readonly Lang[] = LANGUAGES.map((language) => language.code);

/** The language built into every bundle: the table's first (test/i18n/languages.test.ts). */
export const BUILT_IN: Lang = 'fr';

export const isLang = (value: unknown): value is Lang => (LANGS as readonly unknown[]).includes(value);

/** `lang`'s line of the table. */
// biome-ignore lint/style/noNonNullAssertion: a Lang is a code of the table
export const languageOf = (lang: Lang): Language => LANGUAGES[LANGS.indexOf(lang)]!;

/** The direction `lang` is written in. */
export const dirOf = (lang: Lang): 'rtl' | 'ltr' => languageOf(lang).dir;
