// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as phone from '../../src/phone';

const ODD_INPUTS: unknown[] = [
  '',
  ' ',
  '+',
  '++',
  '+-',
  '00',
  '0',
  '0'.repeat(30),
  '😀',
  '06 😀 123 4567',
  '🇨🇬',
  '\u0000',
  '\u200f06\u200e',
  '\ud800',
  'a'.repeat(1000),
  '9'.repeat(1000),
  `+${'2'.repeat(1000)}`,
  `+242${'0'.repeat(997)}`,
  '٠٦١٢٣٤٥٦٧',
  'null',
  'undefined',
  '-',
  '()',
  '+242 ',
  '242',
  '\n06\t123\r4567',
  '06 123 4567#',
  '*126#',
  '٫',
  '１２３',
  undefined,
  null,
  42,
  {},
  [],
  Symbol.for('x'),
];
const ODD_COUNTRIES: unknown[] = [
  'cg',
  'CG',
  'cm',
  'ga',
  'td',
  'cf',
  'gq',
  'fr',
  '',
  ' ',
  '💥',
  '__proto__',
  'toString',
  undefined,
  null,
  7,
];

describe('phone functions', () => {
  it('never throw and return their declared types for any input', () => {
    const any = phone as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const country of ODD_COUNTRIES) {
      for (const input of ODD_INPUTS) {
        const label = `${String(country)} ${String(input).slice(0, 20)}`;
        expect(typeof any.isValidMsisdn!(country, input), label).toBe('boolean');
        expect(['string', 'undefined']).toContain(typeof any.toMsisdn!(country, input));
        expect(typeof any.formatAsTyped!(country, input), label).toBe('string');
        expect(['string', 'undefined']).toContain(typeof any.detectWallet!(country, input));
        expect(['object', 'undefined']).toContain(typeof any.detectNetwork!(country, input));
        expect(typeof any.nationalDigits!(country, input), label).toBe('string');
        expect(typeof any.maskMsisdn!(input), label).toBe('string');
        const problem = any.checkPhone!(country, input, input);
        expect([null, 'empty', 'too_short', 'too_long', 'invalid', 'other_network'], label).toContain(problem);
        expect(any.findCountry!(input) === undefined || typeof any.findCountry!(input) === 'object').toBe(true);
        const operators = any.operatorsOf!(country);
        expect(operators === undefined || Array.isArray(operators)).toBe(true);
      }
    }
  });

  it('rejects odd input instead of accepting it', () => {
    const numbers = new Set<unknown>(['٠٦١٢٣٤٥٦٧', '\n06\t123\r4567']); // odd-looking, but Congolese numbers
    for (const input of ODD_INPUTS.filter((i) => !numbers.has(i))) {
      expect(phone.toMsisdn('cg', input as string)).toBeUndefined();
      expect(phone.isValidMsisdn('cg', input as string)).toBe(false);
      expect(phone.checkPhone('cg', input as string)).not.toBeNull();
    }
  });

  it('reads Arabic-Indic digits and control whitespace as a payer meant them', () => {
    expect(phone.toMsisdn('cg', '٠٦١٢٣٤٥٦٧')).toBe('242061234567');
    expect(phone.toMsisdn('cg', '\n06\t123\r4567')).toBe('242061234567');
  });

  it('treats a prototype key as an unknown country', () => {
    expect(phone.findCountry('__proto__')).toBeUndefined();
    expect(phone.operatorsOf('constructor')).toBeUndefined();
    expect(phone.checkPhone('toString', '06 123 4567')).toBe('invalid');
  });

  it('keeps the digits of a 1000-digit input when formatting it', () => {
    expect(phone.formatAsTyped('cg', '9'.repeat(1000))).toBe('9'.repeat(1000));
  });
});
