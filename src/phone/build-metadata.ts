// Writes src/phone/metadata.json: libphonenumber-js's metadata cut down to the supported
// countries. Run with `npm run phone-metadata` after upgrading libphonenumber-js or changing
// COUNTRIES; test/phone/metadata.test.ts fails while the checked-in file is stale.
//
// The source is the package's shipped `metadata.mobile.json` (not libphonenumber-js's own
// generator, which downloads Google's XML). It is the "min" metadata plus the MOBILE number-type
// pattern of each country, so `isValid()` means "valid mobile number" (a few hundred bytes more
// for our countries than metadata.min.json, which cannot tell mobile from fixed-line numbers).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MetadataJson } from 'libphonenumber-js/core';
import { COUNTRIES } from './countries';

export const METADATA_SOURCE = 'libphonenumber-js/mobile/metadata';
export const METADATA_FILE = fileURLToPath(new URL('./metadata.json', import.meta.url));

/** Keeps only `countryCodes` (ISO, any case), in the order of the full metadata. */
export function buildMetadata(full: MetadataJson, countryCodes: readonly string[]): MetadataJson {
  const wanted = new Set(countryCodes.map((code) => code.toUpperCase()));
  const countries: MetadataJson['countries'] = {};
  for (const [code, plan] of Object.entries(full.countries)) {
    if (wanted.delete(code)) countries[code as keyof typeof countries] = plan;
  }
  if (wanted.size > 0) throw new Error(`libphonenumber-js has no metadata for ${[...wanted].join(', ')}`);
  const callingCodes: MetadataJson['country_calling_codes'] = {};
  for (const [callingCode, codes] of Object.entries(full.country_calling_codes)) {
    const kept = codes.filter((code) => code in countries);
    if (kept.length > 0) callingCodes[callingCode] = kept;
  }
  return { version: full.version, country_calling_codes: callingCodes, countries, nonGeographic: {} };
}

export function serializeMetadata(metadata: MetadataJson): string {
  return `${JSON.stringify(metadata)}\n`;
}

export function readFullMetadata(): MetadataJson {
  const path = createRequire(import.meta.url).resolve(METADATA_SOURCE);
  return JSON.parse(readFileSync(path, 'utf8')) as MetadataJson;
}

/** The file content the script writes now. */
export function expectedMetadataFile(): string {
  return serializeMetadata(buildMetadata(readFullMetadata(), COUNTRIES.map((country) => country.code)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = expectedMetadataFile();
  writeFileSync(METADATA_FILE, text);
  console.log(`wrote ${METADATA_FILE} (${text.length} bytes)`);
}
