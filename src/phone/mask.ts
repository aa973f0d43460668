// Masked phone numbers for receipts: calling code and the last four digits stay readable. Groups
// are joined by no-break spaces, so a masked number never breaks across two lines of a sentence.
import { COUNTRIES, NATIONAL_PLANS, findCountry } from './countries';
import { groupNsn } from './format';
import { text } from './input';

const DOT = '•';
const NBSP = '\u00a0';
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
    return `+${country.callingCode} ${hidden} ${tail}`.replace(/ +/g, NBSP);
  }
  if (digits.length <= 4) return DOT.repeat(digits.length);
  return `+${DOT.repeat(Math.min(digits.length - 4, MAX_HIDDEN))} ${tail}`.replace(/ /g, NBSP);
}

/**
 * The same mask from what an intent read tells: country, wallet (`operator_name`) and the last
 * digits (a page reloaded during or after a payment shows the number as it showed it before).
 * The hidden digits stand in for a prefix of the wallet's network, which is what picks the
 * grouping (any network's, for a wallet that takes every network's numbers).
 */
export function maskLastDigits(countryCode: string, operator: string, last4: string): string {
  const country = findCountry(countryCode);
  const digits = text(last4).replace(/\D/g, '').slice(-4);
  // Fewer digits, or a country we cannot group: show exactly what was received, never a filler.
  if (!country || digits.length < 4)
    return `${DOT.repeat(2)} ${DOT.repeat(2)} ${digits.slice(0, -2)} ${digits.slice(-2)}`.trim().replace(/ +/g, NBSP);
  const wallet = country.wallets.find((w) => w.name === operator);
  const network = wallet && wallet.network;
  const owner = country.networks.find((n) => n.id === network) || country.networks[0];
  const prefix = (owner && owner.prefixes[0]) || '';
  const nsn = prefix + digits.padStart(NATIONAL_PLANS[country.code].length - prefix.length, '0');
  return maskMsisdn(country.callingCode + nsn);
}
