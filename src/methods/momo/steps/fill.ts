// A step's own messages: five languages each, typed as the checkout's catalogues are (the English
// texts are the source of the keys and of each text's `{placeholders}`: a language without a key
// or a placeholder, or a message shown without a value its text needs, does not compile), and
// filled by the same function as they are (values isolated in right-to-left text, so a code to dial or an
// amount keeps its order there).
import type { Lang, Placeholders, TextWith, Values } from '../../kit';
import type { FillText } from '../../steps';

type Source = { readonly [key: string]: string };

/** A step's messages: the English ones (`as const`), and every other language with their keys and placeholders. */
export type StepMessages<S extends Source> = { readonly en: S } & {
  readonly [L in Exclude<Lang, 'en'>]: { readonly [K in keyof S]: TextWith<Placeholders<S[K]>> };
};

/** The values after a key: none for a plain text, else one for each of its placeholders. */
export type StepValues<S extends Source, K extends keyof S> = [Placeholders<S[K]>] extends [never]
  ? []
  : [values: Values<Placeholders<S[K]>>];

/**
 * The step's filler of its messages, `fill(messages, lang, key, values)`: `messages[lang][key]`
 * with its `{values}` filled in by the checkout's one filler (src/i18n/fill.ts), which the page and
 * the server lend (the step's script carries no copy of it).
 */
export const fillerOf =
  (fillText: FillText) =>
  <S extends Source, K extends keyof S & string>(
    messages: StepMessages<S>,
    lang: Lang,
    key: K,
    ...[values]: StepValues<S, K>
  ): string =>
    fillText((messages[lang] as Readonly<Record<K, string>>)[key], values, lang, String);
