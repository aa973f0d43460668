// @vitest-environment node
// The countries added with XOF and Equatorial Guinea: their numbers as payers type them, Burkina
// Faso's NSNs with and without a leading 0, and Wave, which owns no range.
import { describe, expect, it } from 'vitest';
import {
  checkPhone,
  COUNTRIES,
  detectNetwork,
  detectWallet,
  formatAsTyped,
  isValidMsisdn,
  maskLastDigits,
  maskMsisdn,
  toMsisdn,
} from '../../src/phone';

const nbsp = (text: string) => text.replaceAll(' ', '\u00a0');

describe('numbers of the new countries', () => {
  it.each([
    ['sn', '77 123 45 67', '221771234567', 'orange'],
    ['sn', '76 123 45 67', '221761234567', 'mixx'],
    ['ci', '07 07 12 3456', '2250707123456', 'orange'], // libphonenumber's national format: 2-2-2-4,
    ['ci', '05 55 12 3456', '2250555123456', 'mtn'],
    ['ci', '01 01 12 3456', '2250101123456', 'moov'],
    ['ml', '76 12 34 56', '22376123456', 'orange'],
    ['bf', '70 12 34 56', '22670123456', 'moov'],
    ['bf', '07 12 34 56', '22607123456', 'orange'],
    ['bf', '76 12 34 56', '22676123456', 'orange'],
    ['bj', '01 97 12 34 56', '2290197123456', 'mtn'],
    ['bj', '01 95 12 34 56', '2290195123456', 'moov'],
    ['tg', '90 12 34 56', '22890123456', 'mixx'],
    ['tg', '99 12 34 56', '22899123456', 'moov'],
    ['ne', '96 12 34 56', '22796123456', 'airtel'],
    ['bf', '78 12 34 56', '22678123456', 'telecel'],
    ['gw', '955 123 456', '245955123456', 'orange'],
  ])('%s %j is %s, on the %s wallet’s network', (country, national, msisdn, wallet) => {
    expect(toMsisdn(country, national)).toBe(msisdn);
    expect(toMsisdn(country, `+${msisdn}`)).toBe(msisdn);
    expect(isValidMsisdn(country, msisdn)).toBe(true);
    expect(formatAsTyped(country, national.replace(/ /g, ''))).toBe(national);
    expect(checkPhone(country, national, wallet)).toBeNull();
    expect(detectWallet(country, national)).toBe(wallet);
  });

  it('validates Equatorial Guinea numbers though no wallet is offered there, and Malian numbers of every network', () => {
    expect(toMsisdn('gq', '222 12 34 56')).toBe('240222123456');
    expect(toMsisdn('gq', '555 12 34 56')).toBe('240555123456');
    expect(toMsisdn('gw', '955 12 34 56')).toBe('245955123456');
    expect(formatAsTyped('gq', '222123456')).toBe('222 123 456');
    expect(formatAsTyped('gw', '955123456')).toBe('955 123 456');
    expect(detectWallet('gq', '222 12 34 56')).toBeUndefined();
    expect(toMsisdn('ml', '66 12 34 56')).toBe('22366123456'); // Moov Africa Malitel: no wallet offered
    expect(detectWallet('ml', '66 12 34 56')).toBeUndefined();
    expect(checkPhone('ml', '66 12 34 56', 'orange')).toBeNull(); // a range without a listed network
  });

  it('formats as typed, digit by digit', () => {
    const typing = (country: string, keys: string) => {
      const shown: string[] = [];
      for (const key of keys) shown.push(formatAsTyped(country, (shown.at(-1) ?? '') + key));
      return shown;
    };
    expect(typing('sn', '771234567')).toEqual([
      '7',
      '77',
      '77 1',
      '77 12',
      '77 123',
      '77 123 4',
      '77 123 45',
      '77 123 45 6',
      '77 123 45 67',
    ]);
    expect(typing('ci', '0707123456').at(-1)).toBe('07 07 12 3456');
    expect(typing('bj', '0197123456').at(-1)).toBe('01 97 12 34 56');
    expect(typing('bf', '07123456').at(-1)).toBe('07 12 34 56');
    expect(formatAsTyped('sn', '+221771234567')).toBe('+221 77 123 45 67');
  });

  it('refuses fixed lines, short and long numbers, and the retired 8-digit plans', () => {
    expect(checkPhone('sn', '33 823 45 67')).toBe('invalid'); // fixed line
    expect(checkPhone('sn', '77 123 45 6')).toBe('too_short');
    expect(checkPhone('ci', '07 12 34 56')).toBe('too_short'); // 8-digit plan, replaced in 2021
    expect(checkPhone('ci', '27 22 12 34 56')).toBe('invalid'); // fixed line
    expect(checkPhone('bj', '97 12 34 56')).toBe('too_short'); // 8-digit plan, replaced in 2024
    expect(checkPhone('tg', '22 21 23 45')).toBe('invalid'); // fixed line
    expect(checkPhone('ne', '20 72 34 56')).toBe('invalid'); // fixed line
  });

  it('reads an Ivorian or Beninese number typed without its leading 0, as a Congolese one', () => {
    expect(toMsisdn('ci', '7 07 12 34 56')).toBe('2250707123456');
    expect(toMsisdn('bj', '1 97 12 34 56')).toBe('2290197123456');
    expect(detectWallet('ci', '5')).toBe('mtn');
  });

  it('never adds a 0 in Burkina Faso, where 07… and 7… are different numbers', () => {
    expect(toMsisdn('bf', '7012345')).toBeUndefined(); // one digit short, not 07 01 23 45
    expect(checkPhone('bf', '7012345')).toBe('too_short');
    expect(detectWallet('bf', '7')).toBeUndefined(); // 70–73 Onatel, 74–77 Orange
    expect(detectWallet('bf', '70')).toBe('moov');
    expect(detectWallet('bf', '07')).toBe('orange');
    expect(detectWallet('bf', '+226 07')).toBe('orange');
    expect(toMsisdn('bf', '+226 07 12 34 56')).toBe('22607123456');
    expect(toMsisdn('bf', '22607123456')).toBe('22607123456');
  });

  it('splits Benin’s shared blocks number by number', () => {
    expect(detectWallet('bj', '01 5')).toBeUndefined();
    expect(detectWallet('bj', '01 54')).toBe('mtn');
    expect(detectWallet('bj', '01 55')).toBe('moov');
    expect(detectWallet('bj', '01 41')).toBeUndefined(); // Celtiis
    expect(detectNetwork('bj', '01 42')?.name).toBe('MTN');
  });

  it('masks numbers of every new country', () => {
    expect(maskMsisdn('221771234567')).toBe(nbsp('+221 •• ••• 45 67'));
    expect(maskMsisdn('2250707123456')).toBe(nbsp('+225 •• •• •• 34 56'));
    expect(maskMsisdn('22607123456')).toBe(nbsp('+226 •• •• 34 56'));
    expect(maskMsisdn('2290197123456')).toBe(nbsp('+229 •• •• •• 34 56'));
    expect(maskMsisdn('240222123456')).toBe(nbsp('+240 ••• •• 34 56'));
    for (const country of COUNTRIES)
      expect(maskLastDigits(country.code, 'wave', '4567').endsWith(nbsp('45 67'))).toBe(true);
  });
});

describe('Wave, which owns no number range', () => {
  const waves = COUNTRIES.filter((c) => c.wallets.some((w) => w.name === 'wave'));

  it('is never detected and never warned about, whatever the network of the number', () => {
    expect(waves.map((c) => c.code)).toEqual(['sn', 'ci', 'bf']);
    const numbers: Record<string, string[]> = {
      sn: ['77 123 45 67', '76 123 45 67', '70 123 45 67', '75 123 45 67'],
      ci: ['07 07 12 34 56', '05 05 12 34 56', '01 01 12 34 56'],
      bf: ['07 12 34 56', '70 12 34 56', '76 12 34 56', '78 12 34 56', '58 12 34 56'],
    };
    for (const country of waves) {
      for (const number of numbers[country.code]!) {
        expect(detectWallet(country.code, number), `${country.code} ${number}`).not.toBe('wave');
        expect(checkPhone(country.code, number, 'wave'), `${country.code} ${number}`).toBeNull();
        expect(checkPhone(country.code, number, 'WAVE')).toBeNull();
      }
    }
  });

  it('masks a number known by its last digits like any other of its country', () => {
    expect(maskLastDigits('sn', 'wave', '4567')).toBe(maskLastDigits('sn', 'orange', '4567'));
    expect(maskLastDigits('ci', 'wave', '4567')).toBe(maskMsisdn('2250712344567'));
  });

  it('still lets a network’s own wallet warn about another network’s number', () => {
    expect(checkPhone('sn', '76 123 45 67', 'orange')).toBe('other_network');
    expect(checkPhone('ci', '05 05 12 34 56', 'orange')).toBe('other_network');
    expect(checkPhone('tg', '90 12 34 56', 'moov')).toBe('other_network');
  });
});
