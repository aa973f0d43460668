// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  TEST_NUMBERS,
  TEST_SUFFIXES,
  checkPhone,
  detectWallet,
  formatAsTyped,
  nationalDigits,
  toMsisdn,
} from '../../src/phone';

describe('TEST_SUFFIXES', () => {
  it('maps every sandbox outcome to its last two digits', () => {
    expect(TEST_SUFFIXES).toEqual({
      declined: '90',
      insufficient_funds: '91',
      never_approved: '92',
      approved_at_once: '93',
      operator_unavailable: '94',
      approved_late: '95',
      approved_after_delay: '00',
    });
  });
});

describe('TEST_NUMBERS', () => {
  it('has one number per outcome for every wallet of every country', () => {
    const keys = TEST_NUMBERS.map((t) => `${t.country}/${t.operator}/${t.outcome}`);
    const expected = COUNTRIES.flatMap((c) =>
      c.wallets.flatMap((w) => Object.keys(TEST_SUFFIXES).map((outcome) => `${c.code}/${w.name}/${outcome}`)),
    );
    expect(keys.sort()).toEqual(expected.sort());
  });

  it.each(TEST_NUMBERS.map((t) => [t.country, t.operator, t.national, t] as const))(
    '%s %s %s is valid for its wallet and ends with its suffix',
    (country, operator, national, t) => {
      expect(checkPhone(country, national, operator)).toBeNull();
      // A wallet that owns no range (Wave) is chosen by the payer, never detected.
      const owner = COUNTRIES.find((c) => c.code === country)!.wallets.find((w) => w.name === operator)!;
      if (owner.network) expect(detectWallet(country, national)).toBe(operator);
      else expect(detectWallet(country, national)).not.toBe(operator);
      expect(toMsisdn(country, national)).toBe(t.msisdn);
      expect(nationalDigits(country, national).slice(-2)).toBe(t.suffix);
      expect(TEST_SUFFIXES[t.outcome]).toBe(t.suffix);
    },
  );

  it('writes numbers as a payer types them', () => {
    for (const t of TEST_NUMBERS) expect(formatAsTyped(t.country, t.national)).toBe(t.national);
    const mtnCongo = TEST_NUMBERS.find((t) => t.country === 'cg' && t.operator === 'mtn' && t.suffix === '90');
    expect(mtnCongo?.national).toBe('06 123 4590');
    const airtelGabon = TEST_NUMBERS.find((t) => t.country === 'ga' && t.operator === 'airtel' && t.suffix === '93');
    expect(airtelGabon).toMatchObject({ national: '077 12 34 93', msisdn: '24177123493' });
    const typed = (country: string, operator: string, suffix = '93') =>
      TEST_NUMBERS.find((t) => t.country === country && t.operator === operator && t.suffix === suffix);
    expect(typed('sn', 'orange')).toMatchObject({ national: '77 123 45 93', msisdn: '221771234593' });
    expect(typed('sn', 'wave')).toMatchObject({ national: '70 123 45 93', msisdn: '221701234593' });
    expect(typed('ci', 'orange')).toMatchObject({ national: '07 12 34 5693', msisdn: '2250712345693' });
    expect(typed('bf', 'orange')).toMatchObject({ national: '07 12 34 93', msisdn: '22607123493' });
    expect(typed('bj', 'mtn')).toMatchObject({ national: '01 97 12 34 93', msisdn: '2290197123493' });
    expect(typed('tg', 'moov')).toMatchObject({ national: '99 12 34 93', msisdn: '22899123493' });
  });

  it('has numbers for every new country that has a wallet, and none for Equatorial Guinea, which has none', () => {
    const countries = new Set(TEST_NUMBERS.map((t) => t.country));
    for (const code of ['sn', 'ci', 'ml', 'bf', 'bj', 'tg', 'ne', 'gw'])
      expect(countries.has(code as never), code).toBe(true);
    expect(countries.has('gq')).toBe(false);
  });
});
