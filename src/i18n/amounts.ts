// Amounts in CFA francs, the two currencies nearly every payment here is in, written without Intl.
// Building the browser's first Intl formatter loads its locale data: ~13 ms on a desktop, ~90 ms
// of a phone at a sixth of its speed — on the critical path of the form's first paint once the
// intent's read is at hand when the script runs (the widget's page for slow networks preloads it).
// The francs have no minor unit, so an amount is its digits, grouped, and the symbol: what CLDR
// writes for each language's locale, recorded in its line of the table (./languages.ts) and held
// to Intl's own output by test/i18n/amounts.test.ts. Other currencies go through Intl (./index.ts).
import { type Lang, languageOf } from './languages';

/** The symbols payers read: XAF (Central Africa) "FCFA", XOF (West Africa) "F CFA" (a narrow no-break space). */
const SYMBOLS: Readonly<Record<string, string>> = { XAF: 'FCFA', XOF: 'F\u202fCFA' };

/**
 * `amount` francs of `code` (XAF or XOF) as `lang`'s readers write it ("5 000 FCFA", "FCFA 5,000",
 * "F CFA 12.500"), the symbol held to the number by a no-break space; null for another currency or
 * an amount that is not a whole number of francs.
 */
export function cfaAmount(amount: number, code: string, lang: Lang): string | null {
  const symbol = SYMBOLS[code];
  if (symbol === undefined || !Number.isSafeInteger(amount)) return null;
  const { group, groupFrom, first } = languageOf(lang).cfa;
  const digits = String(Math.abs(amount));
  const grouped = digits.length < groupFrom ? digits : digits.replace(/\B(?=(\d{3})+$)/g, group);
  const number = (amount < 0 ? '-' : '') + grouped;
  return first ? `${symbol}\u00a0${number}` : `${number}\u00a0${symbol}`;
}
