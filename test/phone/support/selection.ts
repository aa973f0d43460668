// What typing a test number should select, derived from the wallet data alone, so that a test
// number can never silently become another wallet's (issue 29: adding Expresso on Senegal's 70
// made Wave's test number `70 123 45 xx` Expresso's, and no test failed). Shared by the phone
// tests and the test of docs/sandbox.md's table, which shows the same thing to integrators.
import { type Country, COUNTRIES, NATIONAL_PLANS } from '../../../src/phone/countries';
import { networkOfNsn, walletOn } from '../../../src/phone/network';
import { isMobileNsn } from '../../../src/phone/numbering';
import type { TestNumber } from '../../../src/phone/test-numbers';

const cache = new WeakMap<Country, readonly string[]>();

/**
 * The four-digit starts of the country's mobile numbers that no wallet's network owns: a number
 * there selects no wallet, so a wallet that takes every network (Wave) keeps its test numbers
 * there, where it can. Each start is tried with one made-up tail, enough for the countries' plans
 * (their patterns fix at most the first four digits).
 */
export function rangesOfNoWallet(country: Country): readonly string[] {
  const known = cache.get(country);
  if (known) return known;
  const length = NATIONAL_PLANS[country.code].length;
  const found: string[] = [];
  for (let start = 0; start < 10_000; start++) {
    const prefix = String(start).padStart(4, '0');
    const nsn = `${prefix}123456789012`.slice(0, length);
    if (isMobileNsn(country.code, nsn) && !walletOn(country, networkOfNsn(country, nsn))) found.push(prefix);
  }
  cache.set(country, found);
  return found;
}

const countryOf = (code: string, countries: readonly Country[]): Country => {
  const found = countries.find((c) => c.code === code);
  if (!found) throw new Error(`no country ${code}`);
  return found;
};

/**
 * The wallet (`operator_name`) a payer's typing of the test number selects, before any choice of
 * theirs: its own wallet when that wallet runs on a network; none for a wallet that takes every
 * network (it is never detected: the payer picks it) — except in a country where every mobile range
 * is some wallet's (Côte d'Ivoire, Burkina Faso), where its number selects that range's wallet and
 * the payer then picks theirs instead.
 */
export function expectedSelection(number: TestNumber, countries = COUNTRIES): string | undefined {
  const home = countryOf(number.country, countries);
  const wallet = home.wallets.find((w) => w.name === number.operator);
  if (!wallet) throw new Error(`no wallet ${number.operator} in ${number.country}`);
  if (wallet.network) return wallet.name;
  if (rangesOfNoWallet(home).length > 0) return undefined;
  const nsn = number.msisdn.slice(home.callingCode.length);
  return walletOn(home, networkOfNsn(home, nsn));
}
