// Validation with libphonenumber-js/core and the trimmed metadata, and conversion to the API's
// msisdn (calling code + NSN, digits only).
//
// The input is read by ./input (it has to handle partial input for formatting and operator
// detection anyway), so libphonenumber's text parser is not needed: a PhoneNumber is built from
// calling code + NSN and asked isValid()/getType(). That keeps ~3 KB (brotli) of parsing code
// out of the widget.
import { PhoneNumber } from 'libphonenumber-js/core';
import { NATIONAL_PLANS, findCountry, type Country } from './countries';
import { readNumber, text } from './input';
import { METADATA } from './metadata';

function phoneNumber(e164: string): PhoneNumber | undefined {
  try {
    return new PhoneNumber(e164, METADATA);
  } catch {
    return undefined;
  }
}

/** Whether `nsn` is a complete, valid mobile NSN of `country` under today's plan. */
export function isValidNsn(country: Country, nsn: string): boolean {
  const plan = NATIONAL_PLANS[country.code];
  if (!/^\d+$/.test(nsn) || nsn.length !== plan.length) return false;
  // Only Congolese NSNs start with 0; in Gabon that is the retired 8-digit plan (0X XX XX XX).
  if (plan.zero !== 'nsn' && nsn.startsWith('0')) return false;
  const number = phoneNumber(`+${country.callingCode}${nsn}`);
  if (!number || number.countryCallingCode !== country.callingCode || number.nationalNumber !== nsn) return false;
  if (!number.isValid()) return false;
  // The shipped metadata has MOBILE patterns, so isValid() already means mobile; getType() is
  // undefined only with metadata that has no types at all, where isValid() is all we have.
  const type = number.getType();
  return type === undefined || type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}

/**
 * The valid NSN the payer meant, if any. A Congolese NSN starts with 0 (06 MTN); payers who
 * read "+242 6…" somewhere may leave it out, so 0 + NSN is tried as well there.
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
