// What the pages without JavaScript say, in the payer's language: the checkout's catalogue (`t`)
// and the words only they need (`w`), both kept in the language's file (src/i18n/<code>.ts, each
// language of the table), filled in as every text of the checkout is (src/i18n/fill.ts).
import { fillText, type Lang, translator } from '../i18n';
import { TEXTS } from '../i18n/catalogues';
import type { PlainKey } from '../i18n/messages';

/** The plain pages speak every language the checkout does. */
export type PlainLang = Lang;
export type PlainWord = PlainKey;

export interface Words {
  lang: PlainLang;
  t: ReturnType<typeof translator>;
  w: (word: PlainWord, values?: Record<string, string | number>) => string;
}

export const wordsOf = (lang: PlainLang): Words => ({
  lang,
  t: translator(lang),
  w: (word, values) => fillText(TEXTS[lang].plain[word], values, lang, String),
});
