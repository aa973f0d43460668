// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import type { MetadataJson } from 'libphonenumber-js/core';
import { describe, expect, it } from 'vitest';
import {
  METADATA_FILE,
  buildMetadata,
  expectedMetadataFile,
  readFullMetadata,
  serializeMetadata,
} from '../../src/phone/build-metadata';
import { COUNTRIES, NATIONAL_PLANS } from '../../src/phone/countries';
import { METADATA, groupSizes, nationalFormats } from '../../src/phone/metadata';

describe('metadata.json', () => {
  it('is what `npm run phone-metadata` writes from the installed libphonenumber-js', () => {
    expect(readFileSync(METADATA_FILE, 'utf8')).toBe(expectedMetadataFile());
  });

  it('holds exactly the supported countries, their calling codes and the metadata version', () => {
    expect(Object.keys(METADATA.countries).sort()).toEqual(COUNTRIES.map((c) => c.code.toUpperCase()).sort());
    expect(METADATA.country_calling_codes).toEqual(
      Object.fromEntries(COUNTRIES.map((c) => [c.callingCode, [c.code.toUpperCase()]])),
    );
    expect(METADATA.version).toBe(readFullMetadata().version);
  });

  it('has a national format for a full-length mobile number of every country', () => {
    for (const country of COUNTRIES) {
      const totals = nationalFormats(country.code).map((f) => f.groups.reduce((a, b) => a + b, 0));
      expect(totals, country.code).toContain(NATIONAL_PLANS[country.code].length);
    }
  });
});

describe('buildMetadata', () => {
  const full = {
    version: 4,
    country_calling_codes: { '1': ['US', 'CA'], '33': ['FR'], '242': ['CG'] },
    countries: { US: ['1'], CA: ['1'], FR: ['33'], CG: ['242'] },
    nonGeographic: { '800': ['800'] },
  } as unknown as MetadataJson;

  it('keeps only the given countries, also within shared calling codes', () => {
    expect(buildMetadata(full, ['cg', 'CA'])).toEqual({
      version: 4,
      country_calling_codes: { '1': ['CA'], '242': ['CG'] },
      countries: { CA: ['1'], CG: ['242'] },
      nonGeographic: {},
    });
  });

  it('does not depend on the order of the given countries nor change its input', () => {
    const before = JSON.stringify(full);
    expect(serializeMetadata(buildMetadata(full, ['fr', 'cg']))).toBe(serializeMetadata(buildMetadata(full, ['cg', 'fr'])));
    expect(JSON.stringify(full)).toBe(before);
  });

  it('fails for a country libphonenumber does not know', () => {
    expect(() => buildMetadata(full, ['cg', 'zz'])).toThrow(/ZZ/);
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
  it('imports libphonenumber-js only through its core entry, which bundles no metadata', () => {
    const dir = new URL('../../src/phone/', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      const imports = [...source.matchAll(/from\s+['"](libphonenumber-js[^'"]*)['"]/g)].map((m) => m[1]);
      for (const entry of imports) expect(entry, file).toBe('libphonenumber-js/core');
    }
  });
});
