// Writes src/phone/numbering.json: what the checkout needs of libphonenumber-js's metadata for the
// supported countries, compiled into a small, readable form. Run `npm run phone-metadata` after
// upgrading libphonenumber-js or changing COUNTRIES; test/phone/numbering.test.ts fails while the
// checked-in file is stale, and compares the checkout's verdicts with libphonenumber-js's own.
//
// The source is the package's metadata.mobile.json: the "min" metadata plus each country's MOBILE
// pattern. It is read in its compressed layout, and any surprise in that layout stops the script:
//   country = [callingCode, IDD prefix, national number pattern, possible lengths, formats,
//              national prefix, …, types (index 11)]
//   types   = [fixed line, mobile, …], each [pattern, possible lengths?] or 0
//   format  = [pattern, format, leading digits patterns?, …]
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COUNTRIES, type CountryCode } from '../src/phone/countries';
import type { CountryNumbering, Numbering } from '../src/phone/numbering';

const require = createRequire(import.meta.url);
const METADATA_SOURCE = 'libphonenumber-js/mobile/metadata';
export const NUMBERING_FILE = fileURLToPath(new URL('../src/phone/numbering.json', import.meta.url));

interface MobileMetadata {
  countries: Record<string, unknown[]>;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isLengths = (value: unknown): value is number[] => Array.isArray(value) && value.every(Number.isInteger);

/** `(\d{2})(\d{3})(\d{4})` → [2, 3, 4]; undefined for any other shape of pattern. */
export function groupSizes(pattern: string): number[] | undefined {
  const groups: number[] = [];
  const rest = pattern.replace(/\(\\d(?:\{(\d+)\})?\)/g, (_, size: string | undefined) => {
    groups.push(size ? Number(size) : 1);
    return '';
  });
  return rest === '' && groups.length > 0 ? groups : undefined;
}

/** One country of the compressed metadata, compiled; throws on anything the checkout cannot use. */
export function compileCountry(code: string, plan: unknown[] | undefined): CountryNumbering {
  const fail = (what: string): never => {
    throw new Error(`libphonenumber-js metadata for ${code.toUpperCase()}: ${what}`);
  };
  if (!plan) return fail('missing');
  const [, , national, , formats] = plan;
  const mobile: unknown = Array.isArray(plan[11]) ? plan[11][1] : undefined;
  if (!isString(national)) fail('no national number pattern');
  if (!Array.isArray(mobile) || !isString(mobile[0]) || mobile[0] === '') fail('no MOBILE pattern');
  const mobileLengths: unknown = (mobile as unknown[])[1];
  if (mobileLengths !== undefined && !isLengths(mobileLengths)) fail('MOBILE lengths are not a list of integers');
  const compiled = (Array.isArray(formats) ? formats : []).map((format: unknown) => {
    if (!Array.isArray(format) || !isString(format[0])) return fail('a format without a pattern');
    const groups = groupSizes(format[0]) ?? fail(`format ${format[0]} is not a run of digit groups`);
    const leading: unknown = format[2] ?? [];
    if (!Array.isArray(leading) || !leading.every(isString)) return fail(`format ${format[0]} has odd leading digits`);
    return { groups, leading };
  });
  return {
    national: national as string,
    mobile: (mobile as string[])[0]!,
    ...(mobileLengths === undefined ? {} : { mobileLengths: mobileLengths as number[] }),
    formats: compiled,
  };
}

function compileNumbering(metadata: MobileMetadata, version: string, codes: readonly CountryCode[]): Numbering {
  const countries = {} as Record<CountryCode, CountryNumbering>;
  for (const code of codes) countries[code] = compileCountry(code, metadata.countries[code.toUpperCase()]);
  return { source: `libphonenumber-js ${version}, metadata.mobile.json`, countries };
}

function readMobileMetadata(): MobileMetadata {
  return JSON.parse(readFileSync(require.resolve(METADATA_SOURCE), 'utf8')) as MobileMetadata;
}

/** The file content the script writes now. */
export function expectedNumberingFile(): string {
  const { version } = require('libphonenumber-js/package.json') as { version: string };
  const numbering = compileNumbering(
    readMobileMetadata(),
    version,
    COUNTRIES.map((country) => country.code),
  );
  return serializeNumbering(numbering);
}

/** JSON with one line per fact, so an upgrade's diff reads pattern by pattern. */
function serializeNumbering(numbering: Numbering): string {
  const line = (value: unknown) => JSON.stringify(value);
  const country = (facts: CountryNumbering) =>
    Object.entries(facts)
      .map(([key, value]) =>
        key === 'formats'
          ? `      "formats": [\n${(value as unknown[]).map((f) => `        ${line(f)}`).join(',\n')}\n      ]`
          : `      ${line(key)}: ${line(value)}`,
      )
      .join(',\n');
  const countries = Object.entries(numbering.countries).map(
    ([code, facts]) => `    ${line(code)}: {\n${country(facts)}\n    }`,
  );
  return `{\n  "source": ${line(numbering.source)},\n  "countries": {\n${countries.join(',\n')}\n  }\n}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = expectedNumberingFile();
  writeFileSync(NUMBERING_FILE, text);
  console.log(`wrote ${NUMBERING_FILE} (${text.length} bytes)`);
}
