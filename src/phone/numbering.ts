// The numbering facts of the supported countries, compiled from libphonenumber-js's metadata by
// build-metadata.ts (`npm run phone-metadata`). The checkout applies libphonenumber-js's own
// patterns here instead of shipping its classes to phones: see docs/performance.md, "Phone numbers in the browser".
import type { CountryCode } from './countries';
import json, { countries } from './numbering.json';

export interface CountryNumbering {
  /** Every national significant number (NSN) of the country, of any type. */
  national: string;
  /** Mobile NSNs. */
  mobile: string;
  /** Lengths of a mobile NSN, where the metadata narrows them. */
  mobileLengths?: number[];
  /** National formats: digit group sizes, and the patterns of leading digits that select each. */
  formats: { groups: number[]; leading: string[] }[];
}

export interface Numbering {
  /** The package and metadata it was compiled from. */
  source: string;
  countries: Record<CountryCode, CountryNumbering>;
}

export const NUMBERING: Numbering = json;
// What the checkout reads of it: the countries alone (a phone is sent no `source`).
const COUNTRY_NUMBERING: Numbering['countries'] = countries;

const compiled = new Map<string, RegExp>();
const regExp = (source: string) => {
  let found = compiled.get(source);
  // biome-ignore lint/suspicious/noAssignInExpressions: browser code; as two statements it minifies 3 bytes longer
  if (!found) compiled.set(source, (found = new RegExp(source)));
  return found;
};
const matchesWhole = (pattern: string, digits: string) => regExp(`^(?:${pattern})$`).test(digits);

/**
 * Whether `nsn` is a mobile number of the country by libphonenumber-js's metadata: what its
 * PhoneNumber says with isValid() and getType() === 'MOBILE' (checked against it by a test).
 */
export function isMobileNsn(code: CountryCode, nsn: string): boolean {
  const plan = COUNTRY_NUMBERING[code];
  return (
    matchesWhole(plan.national, nsn) &&
    (!plan.mobileLengths || plan.mobileLengths.includes(nsn.length)) &&
    matchesWhole(plan.mobile, nsn)
  );
}

/** A national format: digit group sizes, and when it applies. */
export interface NationalFormat {
  groups: readonly number[];
  /** Tests on the leading digits of the NSN; empty means any. */
  leading: readonly RegExp[];
}

export const nationalFormats = (code: CountryCode): readonly NationalFormat[] =>
  COUNTRY_NUMBERING[code].formats.map((format) => ({
    groups: format.groups,
    leading: format.leading.map((p) => regExp(`^(?:${p})`)),
  }));
