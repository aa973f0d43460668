// Validation of mobile numbers and conversion to the API's msisdn (calling code + NSN, digits
// only). A number is valid when today's national plan allows its length and leading digit
// (./countries) and libphonenumber-js's patterns say it is a mobile number (./numbering).
import { NATIONAL_PLANS, findCountry, zeroInNsn, type Country } from './countries';
import { readNumber, text } from './input';
import { isMobileNsn } from './numbering';

/** Whether today's national plan allows `nsn`: its length, and a leading 0 only where NSNs have one. */
export function planAllows(country: Country, nsn: string): boolean {
  const plan = NATIONAL_PLANS[country.code];
  // Only Congolese, Ivorian, Beninese and some Burkinabè NSNs start with 0; in Gabon that is the
  // retired 8-digit plan (0X XX XX XX).
  return /^\d+$/.test(nsn) && nsn.length === plan.length && (zeroInNsn(plan) || !nsn.startsWith('0'));
}

/** Whether `nsn` is a complete, valid mobile NSN of `country` under today's plan. */
export const isValidNsn = (country: Country, nsn: string): boolean =>
  planAllows(country, nsn) && isMobileNsn(country.code, nsn);

/**
 * The valid NSN the payer meant, if any. A Congolese NSN starts with 0 (06 MTN), and so does
 * every Ivorian and Beninese mobile NSN; payers who read "+242 6…" somewhere may leave it out, so
 * 0 + NSN is tried as well there (never in Burkina Faso, where 07… and 7… are different numbers).
 */
export function intendedNsn(country: Country, nsn: string): string | undefined {
  if (isValidNsn(country, nsn)) return nsn;
  const zeroLess = NATIONAL_PLANS[country.code].zero === 'nsn' && nsn !== '' && !nsn.startsWith('0');
  return zeroLess && isValidNsn(country, `0${nsn}`) ? `0${nsn}` : undefined;
}

export function isValidMsisdn(country: string, msisdn: string): boolean {
  const found = findCountry(country);
  if (!found || typeof msisdn !== 'string' || !msisdn.startsWith(found.callingCode)) return false;
  return isValidNsn(found, msisdn.slice(found.callingCode.length));
}

export function toMsisdn(country: string, input: string): string | undefined {
  const typed = readNumber(country, input);
  if (!typed || !typed.clean || typed.foreign !== undefined) return undefined;
  const nsn = intendedNsn(typed.country, typed.nsn);
  return nsn === undefined ? undefined : `${typed.country.callingCode}${nsn}`;
}

/**
 * Digits of the national number as typed, without the calling code or a leading 0 that is not
 * part of the NSN (Gabon's trunk 0); nothing is added.
 */
export function nationalDigits(country: string, input: string): string {
  const typed = readNumber(country, input);
  if (!typed) return text(input).replace(/\D/g, '');
  return typed.foreign === undefined ? typed.nsn : '';
}
