// Masked phone numbers for receipts: calling code and the last four digits stay readable.
import { COUNTRIES, NATIONAL_PLANS } from './countries';
import { groupNsn } from './format';
import { text } from './input';

const DOT = '•';
/** Past this many hidden digits the length of the mask says nothing useful. */
const MAX_HIDDEN = 12;

/** '242061234567' → '+242 •• ••• 45 67'. Never throws; anything unrecognised is masked generically. */
export function maskMsisdn(msisdn: string): string {
  const digits = text(msisdn).replace(/\D/g, '');
  const visible = digits.slice(-4);
  const tail = visible.length === 4 ? `${visible.slice(0, 2)} ${visible.slice(2)}` : visible;
  const country = COUNTRIES.find(
    (c) => digits.startsWith(c.callingCode) && digits.length - c.callingCode.length === NATIONAL_PLANS[c.code].length,
  );
  if (country) {
    // Group like the national number, then hide all but the last four digits.
    const nsn = digits.slice(country.callingCode.length);
    const hidden = groupNsn(country, nsn.slice(0, -4)).replace(/\d/g, DOT);
    return `+${country.callingCode} ${hidden} ${tail}`.replace(/ {2,}/g, ' ');
  }
  if (digits.length <= 4) return DOT.repeat(digits.length);
  return `+${DOT.repeat(Math.min(digits.length - 4, MAX_HIDDEN))} ${tail}`;
}
