// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import { PhoneNumber } from 'libphonenumber-js/core';
import mobileMetadata from 'libphonenumber-js/mobile/metadata';
import { describe, expect, it } from 'vitest';
import { compileCountry, expectedNumberingFile, groupSizes, NUMBERING_FILE } from '../../scripts/phone-metadata';
import { COUNTRIES, NATIONAL_PLANS } from '../../src/phone/countries';
import { isValidMsisdn } from '../../src/phone';
import { isMobileNsn, NUMBERING, nationalFormats } from '../../src/phone/numbering';
import { isMobileMsisdn } from '../../src/sandbox/phone';

/** libphonenumber-js's own answer, with the metadata numbering.json is compiled from. */
function libphonenumberSaysMobile(callingCode: string, nsn: string): boolean {
  try {
    const number = new PhoneNumber(`+${callingCode}${nsn}`, mobileMetadata);
    return number.nationalNumber === nsn && number.isValid() && number.getType() === 'MOBILE';
  } catch {
    return false;
  }
}

/**
 * NSNs around a country's plan: every 4-digit start, at the plan's length and one digit either
 * side, completed with 0s, with 9s and with a fixed pseudo-random tail (the patterns of these
 * countries decide on at most the first five digits, then take any digits).
 */
function* candidates(length: number, lead = ''): Generator<string> {
  let seed = 7;
  const tail = (n: number) =>
    Array.from({ length: n }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return String(seed % 10);
    }).join('');
  for (const size of [length - 1, length, length + 1]) {
    for (let start = 0; start < 10_000; start++) {
      const head = lead + String(start).padStart(4, '0');
      const rest = size - head.length;
      yield* [head + '0'.repeat(rest), head + '9'.repeat(rest), head + tail(rest)];
    }
  }
}

describe('numbering.json', () => {
  it('is what `npm run phone-metadata` writes from the installed libphonenumber-js', () => {
    expect(readFileSync(NUMBERING_FILE, 'utf8')).toBe(expectedNumberingFile());
  });

  it('holds exactly the supported countries', () => {
    expect(Object.keys(NUMBERING.countries).sort()).toEqual(COUNTRIES.map((c) => c.code).sort());
  });

  it('has a national format for a full-length mobile number of every country', () => {
    for (const country of COUNTRIES) {
      const totals = nationalFormats(country.code).map((f) => f.groups.reduce((a, b) => a + b, 0));
      expect(totals, country.code).toContain(NATIONAL_PLANS[country.code].length);
    }
  });
});

/**
 * Where every mobile NSN starts alike (Côte d'Ivoire 0…, Benin 01…) or few 4-digit starts are
 * mobile, the 4-digit starts are also swept behind those leading digits, reaching deep into the
 * mobile ranges.
 */
const LEADS: Partial<Record<string, string[]>> = { ci: ['0'], bj: ['01'], gq: ['2', '5'], gw: ['9'] };
function* sample(code: string, length: number): Generator<string> {
  for (const lead of ['', ...(LEADS[code] ?? [])]) yield* candidates(length, lead);
}

describe('isMobileNsn', () => {
  it.each(COUNTRIES.map((c) => [c.code, c]))(
    "agrees with libphonenumber-js's PhoneNumber on 90 000 numbers or more of %s",
    (_, country) => {
      let mobiles = 0;
      for (const nsn of sample(country.code, NATIONAL_PLANS[country.code].length)) {
        const expected = libphonenumberSaysMobile(country.callingCode, nsn);
        if (isMobileNsn(country.code, nsn) !== expected)
          expect.fail(`${country.code} ${nsn}: libphonenumber-js says ${expected}`);
        if (expected) mobiles++;
      }
      // The sample reaches into the mobile ranges, not only around them.
      expect(mobiles).toBeGreaterThan(1_000);
    },
  );
});

describe('the checkout and the service', () => {
  // Both apply the same national plan (checked against libphonenumber-js in countries.test.ts), so
  // only numbers of the plan's length tell their pattern checks apart.
  it.each(COUNTRIES.map((c) => [c.code, c]))('accept exactly the same numbers of %s', (_, country) => {
    let accepted = 0;
    const length = NATIONAL_PLANS[country.code].length;
    for (const nsn of sample(country.code, length)) {
      if (nsn.length !== length) continue;
      const msisdn = country.callingCode + nsn;
      const service = isMobileMsisdn(country.code, msisdn);
      if (isValidMsisdn(country.code, msisdn) !== service)
        expect.fail(`${country.code} ${msisdn}: the service says ${service}`);
      if (service) accepted++;
    }
    expect(accepted).toBeGreaterThan(1_000);
  });
});

describe('compileCountry', () => {
  const cg = (mobileMetadata.countries as Record<string, unknown[]>).CG!;

  it('reads the patterns, the mobile lengths and the formats', () => {
    const cm = compileCountry('cm', (mobileMetadata.countries as Record<string, unknown[]>).CM);
    expect(cm.mobileLengths).toEqual([9]);
    expect(cm.formats.map((f) => f.groups)).toContainEqual([1, 2, 2, 2, 2]);
    expect(compileCountry('cg', cg).national).toBe(cg[2]);
  });

  it('stops on anything the checkout could not use', () => {
    expect(() => compileCountry('zz', undefined)).toThrow(/ZZ: missing/);
    const withoutMobile = [...cg];
    withoutMobile[11] = [0];
    expect(() => compileCountry('cg', withoutMobile)).toThrow(/MOBILE/);
    const oddFormat = [...cg];
    oddFormat[4] = [['(\\d{2})-(\\d{3})', '$1-$2']];
    expect(() => compileCountry('cg', oddFormat)).toThrow(/digit groups/);
  });
});

describe('groupSizes', () => {
  it('reads digit groups from a format pattern', () => {
    expect(groupSizes('(\\d{2})(\\d{3})(\\d{4})')).toEqual([2, 3, 4]);
    expect(groupSizes('(\\d)(\\d{2})')).toEqual([1, 2]);
  });

  it('refuses patterns it cannot turn into groups', () => {
    expect(groupSizes('(\\d{2})-(\\d{3})')).toBeUndefined();
    expect(groupSizes('(\\d{2,3})(\\d{4})')).toBeUndefined();
    expect(groupSizes('')).toBeUndefined();
  });
});

describe('src/phone', () => {
  it('imports no libphonenumber-js code (the build script reads its metadata file)', () => {
    const dir = new URL('../../src/phone/', import.meta.url);
    const importers = readdirSync(dir).filter(
      (f) => f.endsWith('.ts') && /from\s+['"]libphonenumber-js/.test(readFileSync(new URL(f, dir), 'utf8')),
    );
    expect(importers).toEqual([]);
  });
});
