// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COUNTRIES, type Country, NATIONAL_PLANS } from '../../src/phone/countries';
import { detectNetwork, detectWallet } from '../../src/phone';
import { onOtherNetwork, walletOn } from '../../src/phone/network';
import { maskLastDigits } from '../../src/phone/mask';

// Today every wallet runs on one network and is detected from its numbers.
describe('detectWallet', () => {
  const cases = COUNTRIES.flatMap((country) =>
    country.networks.flatMap((network) =>
      network.prefixes.map(
        (prefix) => [country.code, prefix, country.wallets.find((w) => w.network === network.id)!.name] as const,
      ),
    ),
  );

  it.each(cases)('%s: prefix %s alone is %s', (country, prefix, name) => {
    expect(detectWallet(country, prefix)).toBe(name);
  });

  it.each(cases)('%s: a full number starting %s is %s, however typed', (country, prefix, name) => {
    const plan = NATIONAL_PLANS[country];
    const nsn = `${prefix}12345678`.slice(0, plan.length);
    const callingCode = COUNTRIES.find((c) => c.code === country)?.callingCode;
    const national = plan.zero === 'trunk' ? `0${nsn}` : nsn;
    expect(detectWallet(country, national)).toBe(name);
    expect(detectWallet(country, national.replace(/(\d{2})(?=\d)/g, '$1 '))).toBe(name);
    expect(detectWallet(country, `+${callingCode} ${nsn}`)).toBe(name);
    expect(detectWallet(country.toUpperCase(), `00${callingCode}${nsn}`)).toBe(name);
  });

  it('waits until the prefix is complete', () => {
    expect(detectWallet('cm', '6')).toBeUndefined();
    expect(detectWallet('cm', '65')).toBeUndefined(); // 650-654 MTN, 655-659 Orange
    expect(detectWallet('cm', '6 5')).toBeUndefined();
    expect(detectWallet('cm', '6 50')).toBe('mtn');
    expect(detectWallet('cm', '6 55')).toBe('orange');
    expect(detectWallet('cm', '68')).toBeUndefined();
    expect(detectWallet('cg', '0')).toBeUndefined();
    expect(detectWallet('cg', '')).toBeUndefined();
    expect(detectWallet('ga', '0')).toBeUndefined();
  });

  it('skips the Gabonese trunk 0 and the calling code', () => {
    expect(detectWallet('ga', '07')).toBe('airtel');
    expect(detectWallet('ga', '0 66')).toBe('moov');
    expect(detectWallet('ga', '+241 0 77')).toBe('airtel');
    expect(detectWallet('ga', '+241 6')).toBe('moov');
  });

  it('reads a Congolese number typed without its leading 0', () => {
    expect(detectWallet('cg', '6')).toBe('mtn');
    expect(detectWallet('cg', '5 51')).toBe('airtel');
    expect(detectWallet('cg', '+242 4')).toBe('airtel');
    expect(detectWallet('cg', '2')).toBeUndefined();
  });

  it('ignores a stray leading 0 where no NSN starts with 0', () => {
    expect(detectWallet('cm', '0 67')).toBe('mtn');
    expect(detectWallet('td', '099')).toBe('moov');
  });

  it('returns undefined for ranges of networks without a supported mobile-money wallet', () => {
    expect(detectWallet('cm', '66 12 34 56 7')).toBeUndefined(); // Nexttel
    expect(detectWallet('cm', '684')).toBeUndefined(); // Nexttel
    expect(detectWallet('cf', '70 12 34 56')).toBeUndefined(); // Telecel
    expect(detectWallet('td', '77 12 34 56')).toBeUndefined(); // Salam
  });

  it('returns undefined for another country’s number or an unsupported country', () => {
    expect(detectWallet('cg', '+237 67')).toBeUndefined();
    expect(detectWallet('cg', '+33 6')).toBeUndefined();
    expect(detectWallet('ng', '0803')).toBeUndefined();
  });
});

describe('detectNetwork', () => {
  it('names the network of a number, not its wallet', () => {
    expect(detectNetwork('cm', '6 55 12')).toMatchObject({ id: 'orange', name: 'Orange' });
    expect(detectNetwork('td', '99 12 34 56')).toMatchObject({ id: 'moov', name: 'Moov Africa' });
    expect(detectNetwork('cm', '6 5')).toBeUndefined();
  });
});

// The West African countries to come have wallets that own no number range: Wave takes a number of
// any network. Such a wallet has no network: it is never detected, and no number is another's.
describe('a wallet that owns no range', () => {
  const cameroon = COUNTRIES.find((c) => c.code === 'cm')!;
  const withWave: Country = { ...cameroon, wallets: [...cameroon.wallets, { name: 'wave', label: 'Wave' }] };
  const mtn = withWave.networks.find((n) => n.id === 'mtn');

  it('is never what a number detects', () => {
    expect(walletOn(withWave, mtn)).toBe('mtn');
    expect(withWave.networks.map((network) => walletOn(withWave, network))).not.toContain('wave');
  });

  it('takes a number of any network', () => {
    for (const nsn of ['671234567', '699123456', '662123456'])
      expect(onOtherNetwork(withWave, nsn, 'wave')).toBe(false);
    expect(onOtherNetwork(withWave, '671234567', 'orange')).toBe(true);
  });

  it('a network carrying two wallets detects neither: the payer chooses', () => {
    const shared: Country = {
      ...withWave,
      wallets: [...withWave.wallets, { name: 'mtn_business', label: 'MTN Business', network: 'mtn' }],
    };
    expect(walletOn(shared, mtn)).toBeUndefined();
  });

  it('masks a number known by its last digits like any other of the country', () => {
    expect(maskLastDigits('cm', 'wave', '4567')).toBe(maskLastDigits('cm', 'mtn', '4567'));
  });
});
