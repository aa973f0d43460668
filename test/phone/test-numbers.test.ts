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
  type TestNumber,
  toMsisdn,
} from '../../src/phone';
import { networkOfNsn, walletOn } from '../../src/phone/network';
import { expectedSelection, rangesOfNoWallet } from './support/selection';

describe('TEST_SUFFIXES', () => {
  it('maps every sandbox outcome to its last two digits', () => {
    expect(TEST_SUFFIXES).toEqual({
      declined: '90',
      insufficient_funds: '91',
      never_approved: '92',
      approved_at_once: '93',
      operator_unavailable: '94',
      approved_late: '95',
      prompt_lost: '96',
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
      expect(toMsisdn(country, national)).toBe(t.msisdn);
      expect(nationalDigits(country, national).slice(-2)).toBe(t.suffix);
      expect(TEST_SUFFIXES[t.outcome]).toBe(t.suffix);
    },
  );

  it('gives every number to one wallet only', () => {
    const owners = new Map<string, string>();
    for (const t of TEST_NUMBERS) {
      const owner = `${t.country} ${t.operator}`;
      expect(owners.get(t.msisdn) ?? owner, t.msisdn).toBe(owner);
      owners.set(t.msisdn, owner);
    }
  });

  it('writes numbers as a payer types them', () => {
    for (const t of TEST_NUMBERS) expect(formatAsTyped(t.country, t.national)).toBe(t.national);
    const mtnCongo = TEST_NUMBERS.find((t) => t.country === 'cg' && t.operator === 'mtn' && t.suffix === '90');
    expect(mtnCongo?.national).toBe('06 123 4590');
    const airtelGabon = TEST_NUMBERS.find((t) => t.country === 'ga' && t.operator === 'airtel' && t.suffix === '93');
    expect(airtelGabon).toMatchObject({ national: '077 12 34 93', msisdn: '24177123493' });
    const typed = (country: string, operator: string, suffix = '93') =>
      TEST_NUMBERS.find((t) => t.country === country && t.operator === operator && t.suffix === suffix);
    expect(typed('sn', 'orange')).toMatchObject({ national: '77 123 45 93', msisdn: '221771234593' });
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

// Issue 29: each test number is its own wallet's, derived from the data (./support/selection.ts).
describe('TEST_NUMBERS › each number selects its own wallet', () => {
  const BY_WALLET = TEST_NUMBERS.filter((t) => t.outcome === 'approved_after_delay');

  it.each(TEST_NUMBERS.map((t) => [t.country, t.operator, t.national, t] as const))(
    '%s %s %s: typed, it selects its own wallet (or none, for a wallet that takes every network)',
    (country, operator, national, t) => {
      const selected = detectWallet(country, national);
      expect(selected).toBe(expectedSelection(t));
      const wallet = COUNTRIES.find((c) => c.code === country)!.wallets.find((w) => w.name === operator)!;
      if (wallet.network) expect(selected).toBe(operator);
    },
  );

  it.each(BY_WALLET.filter((t) => !walletOf(t).network).map((t) => [t.country, t.operator, t] as const))(
    '%s %s takes every network: its numbers lie where no wallet runs, wherever the country has such a range',
    (country, _operator, t) => {
      const home = COUNTRIES.find((c) => c.code === country)!;
      const free = rangesOfNoWallet(home);
      const nsn = t.msisdn.slice(home.callingCode.length);
      if (free.length > 0)
        expect(
          free.some((start) => nsn.startsWith(start)),
          nsn,
        ).toBe(true);
      // Where every mobile range is some wallet's, its number first selects that wallet (the
      // payer then picks theirs): what docs/sandbox.md's table says, from the same derivation.
      else expect(expectedSelection(t)).toBeDefined();
    },
  );

  it('knows which countries leave a wallet that takes every network no range of its own', () => {
    const everyRangeAWallets = COUNTRIES.filter((c) => c.wallets.some((w) => !w.network))
      .filter((c) => rangesOfNoWallet(c).length === 0)
      .map((c) => c.code);
    expect(everyRangeAWallets).toEqual(['ci', 'bf']);
  });

  it('would catch the review’s contradiction: a wallet added on the range of Wave’s test numbers', () => {
    const wave = TEST_NUMBERS.find((t) => t.country === 'sn' && t.operator === 'wave')!;
    const senegal = COUNTRIES.find((c) => c.code === 'sn')!;
    const withExpresso = {
      ...senegal,
      networks: [...senegal.networks, { id: 'expresso', name: 'Expresso', prefixes: ['70'] }],
      wallets: [...senegal.wallets, { name: 'expresso', label: 'Expresso', network: 'expresso' }],
    };
    const nsn = wave.msisdn.slice(senegal.callingCode.length);
    const world = COUNTRIES.map((c) => (c === senegal ? withExpresso : c));
    // Senegal still has ranges of no wallet (HAYO, Promobile, ADIE), so Wave's number should select
    // none — and it selects Expresso: the test above fails until Wave's numbers move.
    expect(rangesOfNoWallet(withExpresso).length).toBeGreaterThan(0);
    expect(expectedSelection(wave, world)).toBeUndefined();
    expect(walletOn(withExpresso, networkOfNsn(withExpresso, nsn))).toBe('expresso');
  });
});

const walletOf = (t: TestNumber) =>
  COUNTRIES.find((c) => c.code === t.country)!.wallets.find((w) => w.name === t.operator)!;
