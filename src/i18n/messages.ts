// The types that make the compiler check every message: the English catalogue (./en) is the
// source of the keys and of each text's `{placeholders}`; a message shown without a value its text
// needs, or a language file missing a key or a placeholder, does not compile. A step's own messages
// (src/methods/<method>/steps/) are checked the same way, from their own English texts.
import type { en, enPlain } from './en';

type Source = typeof en;
export type MessageKey = keyof Source;

/** The names of the `{placeholders}` in a text: 'Pay {amount}' → 'amount'. */
export type Placeholders<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

export type ParamsOf<K extends MessageKey> = Placeholders<Source[K]>;
export type Values<Names extends string> = { [Name in Names]: string | number };

/** The arguments after a key: nothing for a plain text, else a value for each placeholder. */
export type ParamArgs<K extends MessageKey> = [ParamsOf<K>] extends [never] ? [] : [params: Values<ParamsOf<K>>];

/** A message to show later (a field's error, a notice): its key and every value its text needs. */
export type Message = {
  [K in MessageKey]: [ParamsOf<K>] extends [never]
    ? { key: K; params?: undefined }
    : { key: K; params: Values<ParamsOf<K>> };
}[MessageKey];

type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** A text holding each of the placeholders `Names`, in any order, among any other words. */
export type TextWith<Names extends string> = [Names] extends [never]
  ? string
  : Intersection<Names extends string ? `${string}{${Names}}${string}` : never>;

/** What a language file is: every key, each text with the placeholders of the English one. */
export type Catalogue = { readonly [K in MessageKey]: TextWith<ParamsOf<K>> };

export interface Translate {
  <K extends MessageKey>(key: K, ...params: ParamArgs<K>): string;
  (message: Message): string;
}

type PlainSource = typeof enPlain;
export type PlainKey = keyof PlainSource;

/** What a language says on the pages without JavaScript besides its catalogue: every key of English's, each with its placeholders. */
export type PlainCatalogue = { readonly [K in PlainKey]: TextWith<Placeholders<PlainSource[K]>> };
