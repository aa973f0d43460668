// Formatting while typing. libphonenumber's AsYouType is not used: it adds ~5.8 KB (brotli) to the
// widget, more than the rest of this folder, and with today's metadata it mishandles Gabon's
// 9-digit national form (typing 077123456 shows "07 71 23 45", then "077123456"). Instead the
// digits are grouped with libphonenumber-js's national formats (./numbering), choosing the format
// meant for a full-length mobile number.
import { NATIONAL_PLANS, type Country } from './countries';
import { LEADING_PLUS, readNumber, text } from './input';
import { nationalFormats, type NationalFormat } from './numbering';

function pickFormat(country: Country, nsn: string): NationalFormat | undefined {
  const length = NATIONAL_PLANS[country.code].length;
  const candidates = nationalFormats(country.code).filter(
    (format) => format.leading.length === 0 || format.leading.some((pattern) => pattern.test(nsn)),
  );
  const total = (format: NationalFormat) => format.groups.reduce((sum, size) => sum + size, 0);
  const fitting = candidates.filter((format) => total(format) >= nsn.length);
  return fitting.find((format) => total(format) === length) || fitting.sort((a, b) => total(b) - total(a))[0];
}

/** Groups the NSN digits typed so far ("0612" → "06 12"); unformatted when no format fits. */
export function groupNsn(country: Country, nsn: string): string {
  const format = nsn === '' ? undefined : pickFormat(country, nsn);
  if (!format) return nsn;
  const parts: string[] = [];
  let at = 0;
  for (const size of format.groups) {
    if (at >= nsn.length) break;
    parts.push(nsn.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/**
 * National formatting of the input as typed. Keeps every digit typed, in order, and adds none:
 * a leading 0 (Gabon's trunk prefix) and the international prefix appear only when typed.
 */
export function formatAsTyped(country: string, input: string): string {
  const typed = readNumber(country, input);
  if (!typed) {
    const raw = text(input);
    return (LEADING_PLUS.test(raw) ? '+' : '') + raw.replace(/\D/g, '');
  }
  if (typed.foreign !== undefined) return typed.prefix + typed.foreign;
  const national = (typed.zero ? '0' : '') + groupNsn(typed.country, typed.nsn);
  if (!typed.callingCode) return national;
  const lead = typed.prefix + typed.country.callingCode;
  return national === '' ? lead : `${lead} ${national}`;
}
