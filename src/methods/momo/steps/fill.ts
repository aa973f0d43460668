// A step's own messages: five languages each, filled like the checkout's (values isolated in
// Arabic, so a code to dial or an amount keeps its order inside right-to-left text).
import type { Lang } from '../../kit';

export type StepMessages<K extends string> = Readonly<Record<Lang, Readonly<Record<K, string>>>>;

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/** `messages[lang][key]` with its `{values}` filled in. */
export function fill<K extends string>(
  messages: StepMessages<K>,
  lang: Lang,
  key: K,
  values: Record<string, string | number> = {},
): string {
  return messages[lang][key].replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = values[name];
    if (value === undefined) return match;
    const text = String(value);
    return lang === 'ar' ? `${RTL_LETTER.test(text) ? '\u2068' : '\u2066'}${text}\u2069` : text;
  });
}
