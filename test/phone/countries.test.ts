// @vitest-environment node
import { type CountryCode as IsoCode, Metadata } from 'libphonenumber-js/core';
import mobileMetadata from 'libphonenumber-js/mobile/metadata';
import { describe, expect, it } from 'vitest';
import { countrySchema, currencySchema, operatorNameSchema } from '../../src/api/schemas';
import {
  COUNTRIES,
  countryOfLanguages,
  countryOfPhone,
  NATIONAL_PLANS,
  findCountry,
  findWallet,
  operatorsOf,
} from '../../src/phone/countries';
import { isValidMsisdn } from '../../src/phone';

describe('COUNTRIES', () => {
  it('supports the fourteen CFA-franc countries: six paying in XAF, eight in XOF', () => {
    expect(COUNTRIES.map((c) => [c.code, c.callingCode, c.currency])).toEqual([
      ['cg', '242', 'xaf'],
      ['cm', '237', 'xaf'],
      ['ga', '241', 'xaf'],
      ['td', '235', 'xaf'],
      ['cf', '236', 'xaf'],
      ['gq', '240', 'xaf'],
      ['sn', '221', 'xof'],
      ['ci', '225', 'xof'],
      ['ml', '223', 'xof'],
      ['bf', '226', 'xof'],
      ['bj', '229', 'xof'],
      ['tg', '228', 'xof'],
      ['ne', '227', 'xof'],
      ['gw', '245', 'xof'],
    ]);
  });

  it('offers every sourced wallet, and none where no wallet could be sourced', () => {
    const wallets = Object.fromEntries(COUNTRIES.map((c) => [c.code, c.wallets.map((w) => w.name)]));
    expect(wallets).toEqual({
      cg: ['mtn', 'airtel'],
      cm: ['mtn', 'orange'],
      ga: ['airtel', 'moov'],
      td: ['airtel', 'moov'],
      cf: ['orange'],
      gq: [],
      sn: ['orange', 'wave', 'mixx'],
      ci: ['orange', 'mtn', 'wave', 'moov'],
      ml: ['orange'],
      bf: ['orange', 'moov', 'wave', 'telecel'],
      bj: ['mtn', 'moov'],
      tg: ['mixx', 'moov'],
      ne: ['airtel'],
      gw: ['orange'],
    });
  });

  it('uses codes, currencies and operator names the API schemas accept', () => {
    for (const country of COUNTRIES) {
      expect(countrySchema.safeParse(country.code).success).toBe(true);
      expect(currencySchema.safeParse(country.currency).success).toBe(true);
      expect(['xaf', 'xof']).toContain(country.currency);
      const names = country.wallets.map((w) => w.name);
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(operatorNameSchema.safeParse(name).success).toBe(true);
    }
  });

  it('labels wallets with their mobile-money brand, networks with their own name', () => {
    const labels = new Set(COUNTRIES.flatMap((c) => c.wallets.map((w) => `${w.name}: ${w.label}`)));
    expect([...labels].sort()).toEqual([
      'airtel: Airtel Money',
      'mixx: Mixx by Yas',
      'moov: Flooz', // Moov Africa Togo's wallet
      'moov: Moov Money',
      'mtn: MTN MoMo',
      'orange: Orange Money',
      'telecel: Telecel Money',
      'wave: Wave',
    ]);
    expect(findWallet('tg', 'moov')?.label).toBe('Flooz');
    expect(findWallet('bj', 'moov')?.label).toBe('Moov Money');
    const networks = Object.fromEntries(COUNTRIES.flatMap((c) => c.networks.map((n) => [n.id, n.name])));
    expect(networks).toEqual({
      mtn: 'MTN',
      airtel: 'Airtel',
      orange: 'Orange',
      moov: 'Moov Africa',
      yas: 'Yas',
      telecel: 'Telecel',
    });
  });

  it('gives Wave, which takes a number of any network, no network', () => {
    const waves = COUNTRIES.flatMap((c) => c.wallets.filter((w) => w.name === 'wave').map((w) => [c.code, w.network]));
    expect(waves).toEqual([
      ['sn', undefined],
      ['ci', undefined],
      ['bf', undefined],
    ]);
  });

  it("runs every wallet with a network on one of the country's networks", () => {
    for (const country of COUNTRIES) {
      for (const wallet of country.wallets)
        if (wallet.network)
          expect(
            country.networks.map((n) => n.id),
            `${country.code} ${wallet.name}`,
          ).toContain(wallet.network);
    }
  });

  it('has digit prefixes that never overlap within a country', () => {
    for (const country of COUNTRIES) {
      const all = country.networks.flatMap((n) => n.prefixes);
      for (const prefix of all) expect(prefix).toMatch(/^\d{1,4}$/);
      for (const [i, a] of all.entries()) {
        for (const [j, b] of all.entries())
          if (i !== j) expect(b.startsWith(a), `${country.code}: ${a} / ${b}`).toBe(false);
      }
    }
  });

  it('has prefixes that begin valid mobile numbers', () => {
    for (const country of COUNTRIES) {
      const { length } = NATIONAL_PLANS[country.code];
      for (const prefix of country.networks.flatMap((n) => n.prefixes)) {
        const completions = Array.from({ length: 100 }, (_, i) =>
          `${prefix}${String(i).padStart(2, '0')}0000000`.slice(0, length),
        );
        expect(
          completions.some((nsn) => isValidMsisdn(country.code, country.callingCode + nsn)),
          `${country.code} ${prefix}`,
        ).toBe(true);
      }
    }
  });

  it('gives USSD codes only in dialable form', () => {
    const codes = COUNTRIES.flatMap((c) => c.wallets.flatMap((w) => (w.ussd ? [w.ussd] : [])));
    expect(codes).toContain('*126#');
    expect(codes).toContain('#144#');
    expect(findWallet('tg', 'moov')?.ussd).toBe('*155#');
    for (const code of codes) expect(code).toMatch(/^[*#][\d*#]*#$/);
  });
});

describe('NATIONAL_PLANS', () => {
  it('uses mobile number lengths that libphonenumber considers possible', () => {
    for (const country of COUNTRIES) {
      const metadata = new Metadata(mobileMetadata);
      metadata.selectNumberingPlan(country.code.toUpperCase() as IsoCode);
      expect(metadata.numberingPlan?.possibleLengths()).toContain(NATIONAL_PLANS[country.code].length);
    }
  });
});

describe('findCountry', () => {
  it('finds a country by its code in any case', () => {
    expect(findCountry('cg')?.callingCode).toBe('242');
    expect(findCountry('CM')?.callingCode).toBe('237');
    expect(findCountry(' Ga ')?.code).toBe('ga');
  });

  it('returns undefined for unsupported countries and non-codes', () => {
    for (const code of ['fr', 'gn', 'cgo', '', '242', 'c']) expect(findCountry(code)).toBeUndefined();
    expect(findCountry(undefined as unknown as string)).toBeUndefined();
  });
});

describe('operatorsOf', () => {
  it('lists the API operator names of a country', () => {
    expect(operatorsOf('cg')).toEqual(['mtn', 'airtel']);
    expect(operatorsOf('CM')).toEqual(['mtn', 'orange']);
    expect(operatorsOf('ga')).toEqual(['airtel', 'moov']);
    expect(operatorsOf('td')).toEqual(['airtel', 'moov']);
    expect(operatorsOf('cf')).toEqual(['orange']);
    expect(operatorsOf('sn')).toEqual(['orange', 'wave', 'mixx']);
    expect(operatorsOf('gq')).toEqual([]);
  });

  it('returns undefined for an unsupported country', () => {
    expect(operatorsOf('ng')).toBeUndefined();
    expect(operatorsOf('')).toBeUndefined();
  });
});

describe('findWallet', () => {
  it("finds a wallet in the payer's country first, else in any supported country", () => {
    expect(findWallet('cm', 'mtn')?.ussd).toBe('*126#');
    expect(findWallet('cg', 'mtn')?.ussd).toBeUndefined();
    expect(findWallet('cg', 'orange')?.label).toBe('Orange Money');
    expect(findWallet('cg', 'wave')?.network).toBeUndefined(); // Senegal's: no Congolese Wave
    expect(findWallet('cg', 'yas')).toBeUndefined();
    expect(findWallet('ci', 'orange')?.ussd).toBe('#144#');
  });
});

describe('countryOfLanguages: where a payer probably is, from their languages', () => {
  it('is the region of the first language that names a supported country', () => {
    expect(countryOfLanguages(['fr-SN'])).toBe('sn');
    expect(countryOfLanguages(['en-CM', 'fr-SN'])).toBe('cm');
    // A region the checkout does not serve is passed over for the next one that it does.
    expect(countryOfLanguages(['fr-FR', 'en-US', 'fr-CI'])).toBe('ci');
    // Region subtags in any case, and scripts before them ("ar-Arab-TD" has its region third: not read).
    expect(countryOfLanguages(['fr-ml'])).toBe('ml');
  });

  it('is none when no language names one: a language alone, another region, nothing', () => {
    expect(countryOfLanguages(['fr', 'en'])).toBeUndefined();
    expect(countryOfLanguages(['fr-FR', 'pt-BR'])).toBeUndefined();
    expect(countryOfLanguages([])).toBeUndefined();
    expect(countryOfLanguages(['', '-', 'fr-'])).toBeUndefined();
  });
});

describe('countryOfPhone: the country of an international number (a merchant’s support number)', () => {
  it('reads +, 00 or bare calling codes, with any spaces and punctuation', () => {
    expect(countryOfPhone('+221 77 123 45 67')).toBe('sn');
    expect(countryOfPhone('00237 6 71 23 45 67')).toBe('cm');
    expect(countryOfPhone('+226 (70) 12-34-56')).toBe('bf');
    expect(countryOfPhone('242061234567')).toBe('cg');
    for (const country of COUNTRIES) expect(countryOfPhone(`+${country.callingCode} 00 00 00`)).toBe(country.code);
  });

  it('is none for a number of another country, a national number, or none at all', () => {
    expect(countryOfPhone('+33 1 23 45 67 89')).toBeUndefined();
    expect(countryOfPhone('+1 202 555 0100')).toBeUndefined();
    expect(countryOfPhone('06 123 4567')).toBeUndefined();
    expect(countryOfPhone('')).toBeUndefined();
    expect(countryOfPhone(null)).toBeUndefined();
    expect(countryOfPhone(undefined)).toBeUndefined();
  });
});
