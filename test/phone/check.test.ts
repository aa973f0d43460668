// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkPhone } from '../../src/phone';

describe('checkPhone', () => {
  it.each([
    ['cg', '06 123 4567'],
    ['cg', '+242 05 512 3456'],
    ['cg', '61234567'],
    ['cm', '6 71 23 45 67'],
    ['cm', '6 99 87 65 43'],
    ['ga', '077 12 34 56'],
    ['ga', '66 12 34 56'],
    ['td', '99 12 34 56'],
    ['cf', '72 12 34 56'],
  ])('accepts %s %j', (country, input) => {
    expect(checkPhone(country, input)).toBeNull();
  });

  it.each(['', '   ', '\t\n'])('reports %j as empty', (input) => {
    expect(checkPhone('cg', input)).toBe('empty');
  });

  it.each([
    ['cg', '06 123'],
    ['cg', '06 123 456'],
    ['cg', '+242'],
    ['cg', '+24'],
    ['cg', '+'],
    ['cm', '6 71 23 45 6'],
    ['ga', '077 12 34 5'],
    ['ga', '07 12 34 56'], // old 8-digit form: a digit is missing under today's plan
    ['td', '99 12 34 5'],
  ])('reports %s %j as too short', (country, input) => {
    expect(checkPhone(country, input)).toBe('too_short');
  });

  it.each([
    ['cg', '06 123 4567 8'],
    ['cm', '6 71 23 45 67 8'],
    ['ga', '077 12 34 56 7'],
    ['cf', '72 12 34 56 7'],
  ])('reports %s %j as too long', (country, input) => {
    expect(checkPhone(country, input)).toBe('too_long');
  });

  it.each([
    ['cg', '22 281 2345', 'fixed line'],
    ['cm', '2 22 12 34 56', 'fixed line'],
    ['td', '22 52 01 23', 'fixed line'],
    ['cg', '06 123 45O7', 'letter O for zero'],
    ['cg', '06 123 4567 ext 2', 'extension'],
    ['cg', '+33 6 12 34 56 78', 'another country'],
    ['cg', '+237 6 71 23 45 67', 'another supported country'],
    ['fr', '06 12 34 56 78', 'unsupported country'],
  ])('reports %s %j as invalid (%s)', (country, input) => {
    expect(checkPhone(country, input)).toBe('invalid');
  });

  it("accepts a number of the chosen wallet's network, the wallet named in any case", () => {
    expect(checkPhone('cg', '06 123 4567', 'mtn')).toBeNull();
    expect(checkPhone('cg', '04 432 1098', 'airtel')).toBeNull();
    expect(checkPhone('cm', '6 55 12 34 56', 'orange')).toBeNull();
    expect(checkPhone('ga', '074 12 34 56', 'AIRTEL')).toBeNull();
  });

  it("reports a number of another network than the wallet's as other_network", () => {
    expect(checkPhone('cg', '06 123 4567', 'airtel')).toBe('other_network');
    expect(checkPhone('cm', '6 54 12 34 56', 'orange')).toBe('other_network');
    expect(checkPhone('cm', '6 86 12 34 56', 'mtn')).toBe('other_network');
    expect(checkPhone('ga', '066 12 34 56', 'airtel')).toBe('other_network');
    expect(checkPhone('td', '66 12 34 56', 'moov')).toBe('other_network');
  });

  it('leaves a wallet the country does not have to the wallet field: the number itself is fine', () => {
    expect(checkPhone('cg', '06 123 4567', 'orange')).toBeNull();
    expect(checkPhone('cf', '72 12 34 56', 'mtn')).toBeNull();
  });

  it('does not blame the operator for a valid number in a range no table lists', () => {
    expect(checkPhone('cm', '6 62 12 34 56', 'mtn')).toBeNull(); // Nexttel range, maybe ported
    expect(checkPhone('cm', '6 40 12 34 56', 'orange')).toBeNull(); // 640-642: operator not sourced
  });

  it('treats a blank operator as no choice yet', () => {
    expect(checkPhone('cg', '06 123 4567', '')).toBeNull();
  });

  it('reports length problems before the operator', () => {
    expect(checkPhone('cg', '06 123', 'airtel')).toBe('too_short');
  });
});
