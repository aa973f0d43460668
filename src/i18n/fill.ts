// How every text of the checkout is filled in, its own catalogues', its steps' and its pages'
// without JavaScript alike: each `{name}` replaced by its value, and in right-to-left text each
// value isolated — one without a right-to-left letter (an amount, a number, *126#, an e-mail) left
// to right (LRI … PDI), so "+235 66 12 34 56" is never shown as "56 34 12 66 235+" as it would be
// bare; any other (a country's name in Arabic) in its own direction (FSI … PDI).
import { dirOf, type Lang } from './languages';

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const isolated = (value: string, rtl: boolean) =>
  rtl ? `${RTL_LETTER.test(value) ? '\u2068' : '\u2066'}${value}\u2069` : value;

/**
 * `text` in `lang` with each `{name}` of `values` filled in, as `show` writes it (`String`: as it
 * is); a name without a value stays as it is, for a test to find.
 */
export function fillText(
  text: string,
  values: Readonly<Record<string, string | number>> | undefined,
  lang: Lang,
  show: (value: string | number, name: string) => string,
): string {
  const rtl = dirOf(lang) === 'rtl';
  return text.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = values && values[name];
    return value === undefined ? match : isolated(show(value, name), rtl);
  });
}
