// A step's own messages: five languages each, typed as the checkout's catalogues are (the English
// texts are the source of the keys and of each text's `{placeholders}`: a language without a key
// or a placeholder, or a message shown without a value its text needs, does not compile), and
// filled like them (values isolated in Arabic, so a code to dial or an amount keeps its order
// inside right-to-left text).
import type { Lang, Placeholders, TextWith, Values } from '../../kit';

type Source = { readonly [key: string]: string };

/** A step's messages: the English ones (`as const`), and every other language with their keys and placeholders. */
export type StepMessages<S extends Source> = { readonly en: S } & {
  readonly [L in Exclude<Lang, 'en'>]: { readonly [K in keyof S]: TextWith<Placeholders<S[K]>> };
};

/** The values after a key: none for a plain text, else one for each of its placeholders. */
export type StepValues<S extends Source, K extends keyof S> = [Placeholders<S[K]>] extends [never]
  ? []
  : [values: Values<Placeholders<S[K]>>];

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/** `messages[lang][key]` with its `{values}` filled in. */
export function fill<S extends Source, K extends keyof S & string>(
  messages: StepMessages<S>,
  lang: Lang,
  key: K,
  ...[values]: StepValues<S, K>
): string {
  const given: Record<string, string | number> = values || {};
  return (messages[lang] as Readonly<Record<K, string>>)[key].replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = given[name];
    if (value === undefined) return match;
    const text = String(value);
    return lang === 'ar' ? `${RTL_LETTER.test(text) ? '\u2068' : '\u2066'}${text}\u2069` : text;
  });
}
