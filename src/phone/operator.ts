// Operator detection from the leading digits of the national number.
import { NATIONAL_PLANS, type Country } from './countries';
import { readNumber } from './input';

/** The operator whose prefix starts `nsn` (prefixes of one country never overlap; a test checks it). */
export function operatorOfNsn(country: Country, nsn: string): string | undefined {
  return country.operators.find((operator) => operator.prefixes.some((prefix) => nsn.startsWith(prefix)))?.name;
}

/**
 * Operator of what has been typed so far, once its prefix is complete. The calling code, spaces
 * and a leading 0 that is not part of the NSN are skipped; a Congolese number typed without its
 * leading 0 is matched as if it had it.
 */
export function detectOperator(country: string, input: string): string | undefined {
  const typed = readNumber(country, input);
  if (!typed || typed.foreign !== undefined || typed.nsn === '') return undefined;
  const found = operatorOfNsn(typed.country, typed.nsn);
  const zeroLess = NATIONAL_PLANS[typed.country.code].zero === 'nsn' && !typed.nsn.startsWith('0');
  return found ?? (zeroLess ? operatorOfNsn(typed.country, `0${typed.nsn}`) : undefined);
}
