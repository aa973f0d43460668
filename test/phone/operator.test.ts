// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COUNTRIES, NATIONAL_PLANS } from '../../src/phone/countries';
import { detectOperator } from '../../src/phone';

describe('detectOperator', () => {
  const cases = COUNTRIES.flatMap((country) =>
    country.operators.flatMap((operator) => operator.prefixes.map((prefix) => [country.code, prefix, operator.name] as const)),
  );

  it.each(cases)('%s: prefix %s alone is %s', (country, prefix, name) => {
    expect(detectOperator(country, prefix)).toBe(name);
  });

  it.each(cases)('%s: a full number starting %s is %s, however typed', (country, prefix, name) => {
    const plan = NATIONAL_PLANS[country];
    const nsn = `${prefix}12345678`.slice(0, plan.length);
    const callingCode = COUNTRIES.find((c) => c.code === country)?.callingCode;
    const national = plan.zero === 'trunk' ? `0${nsn}` : nsn;
    expect(detectOperator(country, national)).toBe(name);
    expect(detectOperator(country, national.replace(/(\d{2})(?=\d)/g, '$1 '))).toBe(name);
    expect(detectOperator(country, `+${callingCode} ${nsn}`)).toBe(name);
    expect(detectOperator(country.toUpperCase(), `00${callingCode}${nsn}`)).toBe(name);
  });

  it('waits until the prefix is complete', () => {
    expect(detectOperator('cm', '6')).toBeUndefined();
    expect(detectOperator('cm', '65')).toBeUndefined(); // 650-654 MTN, 655-659 Orange
    expect(detectOperator('cm', '6 5')).toBeUndefined();
    expect(detectOperator('cm', '6 50')).toBe('mtn');
    expect(detectOperator('cm', '6 55')).toBe('orange');
    expect(detectOperator('cm', '68')).toBeUndefined();
    expect(detectOperator('cg', '0')).toBeUndefined();
    expect(detectOperator('cg', '')).toBeUndefined();
    expect(detectOperator('ga', '0')).toBeUndefined();
  });

  it('skips the Gabonese trunk 0 and the calling code', () => {
    expect(detectOperator('ga', '07')).toBe('airtel');
    expect(detectOperator('ga', '0 66')).toBe('moov');
    expect(detectOperator('ga', '+241 0 77')).toBe('airtel');
    expect(detectOperator('ga', '+241 6')).toBe('moov');
  });

  it('reads a Congolese number typed without its leading 0', () => {
    expect(detectOperator('cg', '6')).toBe('mtn');
    expect(detectOperator('cg', '5 51')).toBe('airtel');
    expect(detectOperator('cg', '+242 4')).toBe('airtel');
    expect(detectOperator('cg', '2')).toBeUndefined();
  });

  it('ignores a stray leading 0 where no NSN starts with 0', () => {
    expect(detectOperator('cm', '0 67')).toBe('mtn');
    expect(detectOperator('td', '099')).toBe('moov');
  });

  it('returns undefined for ranges of operators without a supported mobile-money service', () => {
    expect(detectOperator('cm', '66 12 34 56 7')).toBeUndefined(); // Nexttel
    expect(detectOperator('cm', '684')).toBeUndefined(); // Nexttel
    expect(detectOperator('cf', '70 12 34 56')).toBeUndefined(); // Telecel
    expect(detectOperator('td', '77 12 34 56')).toBeUndefined(); // Salam
  });

  it('returns undefined for another country’s number or an unsupported country', () => {
    expect(detectOperator('cg', '+237 67')).toBeUndefined();
    expect(detectOperator('cg', '+33 6')).toBeUndefined();
    expect(detectOperator('ng', '0803')).toBeUndefined();
  });
});
