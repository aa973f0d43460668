// Messages and formatting in the payer's language. French is built in; the other languages of the
// table (./languages.ts) are loaded only when wanted (./load.ts; the hosted page's English first
// screen brings English in its HTML): until a language's catalogue has arrived it is never shown,
// so a missing message or a missing value for its text is a type error or a fallback to French,
// never a key on screen.
import { fr } from './fr';
import { fillText } from './fill';
import { formatter } from './format';
import { cfaAmount } from './amounts';
import { BUILT_IN, dirOf, isLang, type Lang, languageOf } from './languages';
import type { Catalogue, Message, MessageKey, Translate } from './messages';

export type { Catalogue, Message, MessageKey, Translate };
export { BUILT_IN, dirOf, isLang, type Lang, LANGS, LANGUAGES, type Language, languageOf } from './languages';
export { fillText } from './fill';
// Dates, times and countdowns (./format): only the screens after the form (and the server's plain pages) show them.
export { formatDate, formatDuration, formatTime } from './format';

// The built-in language is its catalogue here; the others arrive by addCatalogue.
const catalogues: Partial<Record<Lang, Catalogue>> = { fr };

/** Whether `lang` can be shown now: built in, or its catalogue has arrived. */
export const isLoaded = (lang: Lang): boolean => Object.hasOwn(catalogues, lang);

// match, not matchAll: one fallback less for the engine floor (src/compat.ts).
const placeholders = (text: string) => (text.match(/\{\w+\}/g) || []).sort().join();

/**
 * Takes a fetched catalogue for `lang` if it is one: every key of the catalogues (the French one is
 * at hand), each a non-empty text with the same {placeholders}. Anything else is refused (false)
 * and never shown.
 */
export function addCatalogue(lang: Lang, data: unknown): boolean {
  if (isLoaded(lang)) return true;
  if (typeof data !== 'object' || data === null) return false;
  const given = data as Record<string, unknown>;
  for (const [key, source] of Object.entries(fr)) {
    const text = Object.hasOwn(given, key) ? given[key] : undefined;
    if (typeof text !== 'string' || !text.trim() || placeholders(text) !== placeholders(source)) return false;
  }
  catalogues[lang] = given as Catalogue;
  return true;
}

/** The first of the browser's languages (`preferred`, as tags: "fr-SN") that is one of ours and `usable`, else French. */
const firstPreferred = (preferred: readonly string[], usable: (lang: Lang) => boolean): Lang => {
  for (const tag of preferred) {
    const base = tag.slice(0, 2).toLowerCase();
    if (isLang(base) && usable(base)) return base;
  }
  return BUILT_IN;
};

/** The language asked for explicitly (`?lang=`, an attribute) if supported, else the browser's, else French. */
export function pickLang(requested: string | null | undefined, preferred: readonly string[] = []): Lang {
  const asked = requested && requested.toLowerCase();
  return isLang(asked) ? asked : firstPreferred(preferred, () => true);
}

/** What to show while `wanted` is on its way: itself if loaded, else the browser's built-in language, else French. */
export const shownWhileLoading = (wanted: Lang, preferred: readonly string[] = []): Lang =>
  isLoaded(wanted) ? wanted : firstPreferred(preferred, isLoaded);

/**
 * A merchant's or payer's text as it may be shown: without the controls that override or embed a
 * direction (U+202A–U+202E, U+2066–U+2069), which would let an item's name reorder the line it
 * stands in ("Riz Total : 10 000" beside the real total). The service refuses them; a page shows
 * none even from one that does not, and isolates each such text in its own direction as well.
 */
export const plainText = (text: string): string => text.replace(/[\u202a-\u202e\u2066-\u2069]/g, '');

/** A message in `lang`. A `{country}` is given as a country code and reads as the country's name. */
export function translator(lang: Lang): Translate {
  // Only a loaded language is shown (see ./load.ts); French is the safety net, never a key.
  const catalogue: Catalogue = catalogues[lang] || fr;
  const show = (value: string | number, name: string) =>
    name === 'country' ? countryName(String(value), lang) : String(value);
  return (keyOrMessage: MessageKey | Message, values?: Record<string, string | number>) => {
    const { key, params = values } = typeof keyOrMessage === 'string' ? { key: keyOrMessage } : keyOrMessage;
    return fillText(catalogue[key], params, lang, show);
  };
}

/** A country's name in `lang` ("Congo-Brazzaville", "Cameroun"), from its code; the code if it has none. */
export function countryName(code: string, lang: Lang): string {
  const key = `country.${code.toLowerCase()}`;
  return Object.hasOwn(fr, key) ? translator(lang)(key as MessageKey & `country.${string}`) : code.toUpperCase();
}

/**
 * An API amount (in the currency's smallest unit: francs for XAF, cents for EUR) the way payers
 * read it: "5 000 FCFA" and "5 000 F CFA" (XOF) in French, "FCFA 5,000" in English, "FCFA 5000"
 * in Spanish (Equatorial Guinea), "5000 F CFA" in Portuguese (Guinea-Bissau); in Arabic "5,000
 * FCFA", isolated left to right inside right-to-left text.
 */
export function formatAmount(amount: number, currency: string, lang: Lang): string {
  const code = currency.toUpperCase();
  let text = cfaAmount(amount, code, lang);
  if (text === null) {
    const format = formatter(
      `amount ${lang} ${code}`,
      () => new Intl.NumberFormat(languageOf(lang).locale, { style: 'currency', currency: code }),
    );
    if (!format) return `${amount} ${code}`;
    text = format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits || 0));
  }
  // CLDR's right-to-left mark goes: the amount reads left to right as one unit (LRI … PDI).
  return dirOf(lang) === 'rtl' ? `\u2066${text.replace(/\u200f/g, '')}\u2069` : text;
}
