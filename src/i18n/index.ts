// Messages and formatting in the payer's language. Only French and English are supported; a
// missing message or a missing value for its text is a type error, never a silent fallback.
import { en } from './en';
import { fr } from './fr';
import type { Catalogue, Message, MessageKey, Translate } from './messages';

export type { Catalogue, Message, MessageKey, Translate };

// A language is its catalogue file and its line here: the languages the checkout speaks are these.
const catalogues = { fr, en } satisfies Record<string, Catalogue>;
export type Lang = keyof typeof catalogues;

export const isLang = (value: unknown): value is Lang => Object.hasOwn(catalogues, value as PropertyKey);

/** The language asked for explicitly (`?lang=`, an attribute) if supported, else the browser's, else French. */
export function pickLang(requested: string | null | undefined, preferred: readonly string[] = []): Lang {
  const asked = requested?.toLowerCase();
  if (isLang(asked)) return asked;
  for (const tag of preferred) {
    const base = tag.slice(0, 2).toLowerCase();
    if (isLang(base)) return base;
  }
  return 'fr';
}

/** A message in `lang`. A `{country}` is given as a country code and reads as the country's name. */
export function translator(lang: Lang): Translate {
  const catalogue: Catalogue = catalogues[lang];
  return (keyOrMessage: MessageKey | Message, values?: Record<string, string | number>) => {
    const { key, params = values } = typeof keyOrMessage === 'string' ? { key: keyOrMessage } : keyOrMessage;
    const given: Record<string, string | number> | undefined = params;
    return catalogue[key].replace(/\{(\w+)\}/g, (match, name: string) => {
      const value = given?.[name];
      return value === undefined ? match : name === 'country' ? countryName(String(value), lang) : String(value);
    });
  };
}

/** A country's name in `lang` ("Congo", "Cameroun"), from its code. */
export function countryName(code: string, lang: Lang): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

const locale = (lang: Lang) => (lang === 'fr' ? 'fr-FR' : 'en-GB');

/**
 * An API amount (in the currency's smallest unit: francs for XAF, cents for EUR) the way payers
 * read it: "5 000 FCFA" in French, "FCFA 5,000" in English.
 */
export function formatAmount(amount: number, currency: string, lang: Lang): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale(lang), { style: 'currency', currency: currency.toUpperCase() });
  } catch {
    return `${amount} ${currency.toUpperCase()}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 0;
  return format.format(amount / 10 ** digits);
}

export function formatDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** "4:05" for a countdown. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
