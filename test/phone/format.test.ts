// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatAsTyped } from '../../src/phone';

/** What the field shows after each keystroke when `digits` are typed one by one. */
function typing(country: string, keys: string): string[] {
  const shown: string[] = [];
  let value = '';
  for (const key of keys) {
    value = formatAsTyped(country, value + key);
    shown.push(value);
  }
  return shown;
}

describe('formatAsTyped', () => {
  it('formats a Congolese number digit by digit (0X XXX XXXX)', () => {
    expect(typing('cg', '061234567')).toEqual([
      '0',
      '06',
      '06 1',
      '06 12',
      '06 123',
      '06 123 4',
      '06 123 45',
      '06 123 456',
      '06 123 4567',
    ]);
  });

  it('formats a Cameroonian number digit by digit (X XX XX XX XX)', () => {
    expect(typing('cm', '671234567')).toEqual([
      '6',
      '6 7',
      '6 71',
      '6 71 2',
      '6 71 23',
      '6 71 23 4',
      '6 71 23 45',
      '6 71 23 45 6',
      '6 71 23 45 67',
    ]);
  });

  it('formats a Gabonese number with its trunk 0 digit by digit (0XX XX XX XX)', () => {
    expect(typing('ga', '077123456')).toEqual([
      '0',
      '07',
      '077',
      '077 1',
      '077 12',
      '077 12 3',
      '077 12 34',
      '077 12 34 5',
      '077 12 34 56',
    ]);
  });

  it('formats Gabonese, Chadian and Central African numbers without a 0 in pairs', () => {
    expect(typing('ga', '66123456').at(-1)).toBe('66 12 34 56');
    expect(typing('td', '99123456')).toEqual([
      '9',
      '99',
      '99 1',
      '99 12',
      '99 12 3',
      '99 12 34',
      '99 12 34 5',
      '99 12 34 56',
    ]);
    expect(typing('cf', '72123456').at(-1)).toBe('72 12 34 56');
  });

  it('formats an international number digit by digit', () => {
    expect(typing('cg', '+242061234567')).toEqual([
      '+',
      '+2',
      '+24',
      '+242',
      '+242 0',
      '+242 06',
      '+242 06 1',
      '+242 06 12',
      '+242 06 123',
      '+242 06 123 4',
      '+242 06 123 45',
      '+242 06 123 456',
      '+242 06 123 4567',
    ]);
    expect(typing('cm', '00237671234567').at(-1)).toBe('00237 6 71 23 45 67');
  });

  it('reformats pasted numbers in any punctuation', () => {
    expect(formatAsTyped('cg', '06-123-45-67')).toBe('06 123 4567');
    expect(formatAsTyped('cg', ' (06) 123.45.67 ')).toBe('06 123 4567');
    expect(formatAsTyped('cm', '  +237 6 7 1 2 3 4 5 6 7 ')).toBe('+237 6 71 23 45 67');
    expect(formatAsTyped('cm', '237671234567')).toBe('237 6 71 23 45 67');
    expect(formatAsTyped('ga', '+241077123456')).toBe('+241 077 12 34 56');
    expect(formatAsTyped('td', '٩٩١٢٣٤٥٦')).toBe('99 12 34 56');
  });

  it('leaves numbers that fit no format as plain digits', () => {
    expect(formatAsTyped('cg', '0612345678901')).toBe('0612345678901');
    expect(formatAsTyped('cg', '+33612345678')).toBe('+33612345678');
    expect(formatAsTyped('cg', '61234567')).toBe('61234567');
    expect(formatAsTyped('fr', '+33 6 12 34')).toBe('+3361234');
  });

  it('never loses, adds or reorders a digit, and is stable when applied again', () => {
    const inputs = [
      '0',
      '00',
      '000',
      '+0',
      '0 0 0 0 0 0 0 0 0 0',
      '2420',
      '24206',
      '+2420612',
      '242 06 12 34 56 78 90',
      '06123456789',
      '0771234567',
      '7',
      '77',
      '+241',
      '+2410',
      '00241',
      '0024107',
      '88',
      '880',
      '8812345',
      '237',
      '2376',
      '23767',
      '+',
      '++6',
      '9'.repeat(40),
      '6'.repeat(9),
      '012345678901234567890',
    ];
    for (const country of ['cg', 'cm', 'ga', 'td', 'cf', 'xx']) {
      for (const input of inputs) {
        const shown = formatAsTyped(country, input);
        expect(shown.replace(/\D/g, ''), `${country} ${input}`).toBe(input.replace(/\D/g, ''));
        expect(formatAsTyped(country, shown), `${country} ${input}`).toBe(shown);
      }
    }
  });
});
