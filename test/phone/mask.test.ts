// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COUNTRIES, TEST_NUMBERS, maskLastDigits, maskMsisdn } from '../../src/phone';

/** The masks below are written with spaces; the real ones join groups with no-break spaces. */
const nbsp = (text: string) => text.replaceAll(' ', '\u00a0');

describe('maskMsisdn', () => {
  it.each([
    ['242061234567', '+242 •• ••• 45 67'],
    ['237671234567', '+237 • •• •• 45 67'],
    ['24177123456', '+241 •• •• 34 56'],
    ['23599123456', '+235 •• •• 34 56'],
    ['23672123456', '+236 •• •• 34 56'],
  ])('masks %s as %s', (msisdn, masked) => {
    expect(maskMsisdn(msisdn)).toBe(nbsp(masked));
  });

  it('never breaks across lines: no ordinary space in any mask', () => {
    for (const { msisdn } of TEST_NUMBERS) expect(maskMsisdn(msisdn)).not.toMatch(/ /);
    expect(maskMsisdn('33612345678')).not.toMatch(/ /);
  });

  it('shows only the calling code and the last four digits', () => {
    for (const { msisdn } of TEST_NUMBERS) {
      const masked = maskMsisdn(msisdn);
      const [callingCode, ...rest] = masked.slice(1).split('\u00a0');
      expect(msisdn.startsWith(callingCode ?? 'x')).toBe(true);
      expect(rest.join('').replace(/\D/g, '')).toBe(msisdn.slice(-4));
    }
  });

  it('masks numbers of other countries without knowing their format', () => {
    expect(maskMsisdn('33612345678')).toBe(nbsp('+••••••• 56 78'));
    expect(maskMsisdn('+242 06 123 4567')).toBe(nbsp('+242 •• ••• 45 67'));
  });

  it('hides very short input entirely and bounds very long input', () => {
    expect(maskMsisdn('')).toBe('');
    expect(maskMsisdn('1234')).toBe('••••');
    const long = maskMsisdn('7'.repeat(1000));
    expect(long.length).toBeLessThan(20);
    expect(long.endsWith(nbsp('77 77'))).toBe(true);
  });
});

describe('maskLastDigits', () => {
  it('masks a number known only by country, operator and last digits exactly as the full number', () => {
    for (const { msisdn, country, operator } of TEST_NUMBERS) {
      expect(maskLastDigits(country, operator, msisdn.slice(-4)), msisdn).toBe(maskMsisdn(msisdn));
    }
  });

  it('shows the last digits it was given, and no invented ones, whatever it does not know', () => {
    expect(maskLastDigits('zz', 'mtn', '4567')).toBe(nbsp('•• •• 45 67'));
    expect(maskLastDigits('cg', 'mtn', '67')).toBe(nbsp('•• •• 67'));
    for (const country of COUNTRIES)
      expect(maskLastDigits(country.code, 'unknown', '4567').endsWith(nbsp('45 67'))).toBe(true);
  });
});
