// Reading what a payer typed: which digits form the national number, and whether an
// international prefix with our calling code, or another country's, was typed first.
import { NATIONAL_PLANS, findCountry, zeroInNsn, type Country } from './countries';

export interface TypedNumber {
  country: Country;
  /** International prefix as typed ('+' or '00'), or '' when absent or when the calling code was typed bare. */
  prefix: string;
  /** Whether the calling code was typed (after `prefix`, or bare in front of a national number). */
  callingCode: boolean;
  /** Whether a leading 0 that is not part of the NSN was typed (and stripped). */
  zero: boolean;
  /** National significant number digits typed so far. */
  nsn: string;
  /** Digits that cannot be a number of this country: another calling code, or an incomplete one. */
  foreign?: string;
  /** Whether nothing but digits and phone punctuation was typed. */
  clean: boolean;
}

/** Digits and what payers type around them, including invisible bidi marks pasted from RTL text. */
const PHONE_CHARACTERS = /^[\s\d+\uff0b\-.()/\u200e\u200f\u202a-\u202e\u2066-\u2069]*$/;
/** A leading plus sign (ASCII or fullwidth), after blanks or bidi marks. */
export const LEADING_PLUS = /^[\s\u200e\u200f\u202a-\u202e\u2066-\u2069]*[+\uff0b]/;

// Arabic-Indic, Eastern Arabic-Indic (Persian/Urdu keyboards) and fullwidth digits: phones in Chad
// may type Arabic digits. Everything else that is not 0-9 is punctuation to be ignored.
const DIGIT_ZEROS = [0x660, 0x6f0, 0xff10];

export function asciiDigits(input: string): string {
  return input.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/g, (ch) => {
    const code = ch.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9) || code;
    return String(code - zero);
  });
}

export function text(input: unknown): string {
  return typeof input === 'string' ? asciiDigits(input) : '';
}

export function readNumber(countryCode: string, input: unknown): TypedNumber | undefined {
  const country = findCountry(countryCode);
  if (!country) return undefined;
  const typed = text(input);
  const digits = typed.replace(/\D/g, '');
  const clean = PHONE_CHARACTERS.test(typed);
  const plan = NATIONAL_PLANS[country.code];
  const cc = country.callingCode;
  let prefix = '';
  let rest = digits;
  let callingCode = false;
  if (LEADING_PLUS.test(typed)) prefix = '+';
  else if (digits.startsWith('00')) {
    prefix = '00';
    rest = digits.slice(2);
  }
  if (prefix) {
    if (!rest.startsWith(cc)) return { country, prefix, callingCode, zero: false, nsn: '', foreign: rest, clean };
    rest = rest.slice(cc.length);
    callingCode = true;
  } else if (digits.startsWith(cc) && digits.length > plan.length + (zeroInNsn(plan) ? 0 : 1)) {
    // Too long to be national: the calling code typed without '+'.
    rest = digits.slice(cc.length);
    callingCode = true;
  }
  const zero = !zeroInNsn(plan) && rest.startsWith('0');
  return { country, prefix, callingCode, zero, nsn: zero ? rest.slice(1) : rest, clean };
}
