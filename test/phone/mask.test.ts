// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TEST_NUMBERS, maskMsisdn } from '../../src/phone';

describe('maskMsisdn', () => {
  it.each([
    ['242061234567', '+242 •• ••• 45 67'],
    ['237671234567', '+237 • •• •• 45 67'],
    ['24177123456', '+241 •• •• 34 56'],
    ['23599123456', '+235 •• •• 34 56'],
    ['23672123456', '+236 •• •• 34 56'],
  ])('masks %s as %s', (msisdn, masked) => {
    expect(maskMsisdn(msisdn)).toBe(masked);
  });

  it('shows only the calling code and the last four digits', () => {
    for (const { msisdn } of TEST_NUMBERS) {
      const masked = maskMsisdn(msisdn);
      const [callingCode, ...rest] = masked.slice(1).split(' ');
      expect(msisdn.startsWith(callingCode ?? 'x')).toBe(true);
      expect(rest.join('').replace(/\D/g, '')).toBe(msisdn.slice(-4));
    }
  });

  it('masks numbers of other countries without knowing their format', () => {
    expect(maskMsisdn('33612345678')).toBe('+••••••• 56 78');
    expect(maskMsisdn('+242 06 123 4567')).toBe('+242 •• ••• 45 67');
  });

  it('hides very short input entirely and bounds very long input', () => {
    expect(maskMsisdn('')).toBe('');
    expect(maskMsisdn('1234')).toBe('••••');
    const long = maskMsisdn('7'.repeat(1000));
    expect(long.length).toBeLessThan(20);
    expect(long.endsWith('77 77')).toBe(true);
  });
});
