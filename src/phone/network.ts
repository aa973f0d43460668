// Which network a number belongs to, from the leading digits of its national number, and the
// wallet that follows from it.
import { NATIONAL_PLANS, findCountry, type Country, type Network } from './countries';
import { readNumber } from './input';

/** The network whose prefix starts `nsn` (prefixes of one country never overlap; a test checks it). */
export function networkOfNsn(country: Country, nsn: string): Network | undefined {
  return country.networks.find((network) => network.prefixes.some((prefix) => nsn.startsWith(prefix)));
}

/**
 * The network of what has been typed so far, once its prefix is complete. The calling code,
 * spaces and a leading 0 that is not part of the NSN are skipped; a Congolese number typed
 * without its leading 0 is matched as if it had it.
 */
export function detectNetwork(country: string, input: string): Network | undefined {
  const typed = readNumber(country, input);
  if (!typed || typed.foreign !== undefined || typed.nsn === '') return undefined;
  const found = networkOfNsn(typed.country, typed.nsn);
  const zeroLess = NATIONAL_PLANS[typed.country.code].zero === 'nsn' && !typed.nsn.startsWith('0');
  return found || (zeroLess ? networkOfNsn(typed.country, `0${typed.nsn}`) : undefined);
}

/** The wallet (API `operator_name`) that runs on `network`, when exactly one does. */
export function walletOn(country: Country, network: Network | undefined): string | undefined {
  const wallets = network ? country.wallets.filter((wallet) => wallet.network === network.id) : [];
  // biome-ignore lint/style/noNonNullAssertion: there is exactly one
  return wallets.length === 1 ? wallets[0]!.name : undefined;
}

/**
 * The wallet to choose for what has been typed: the one on the number's network. None while the
 * network is unknown or carries several wallets; never a wallet that owns no range (Wave).
 */
export function detectWallet(country: string, input: string): string | undefined {
  const found = findCountry(country);
  return found && walletOn(found, detectNetwork(country, input));
}

/** Whether `nsn` belongs to another network than the one `wallet` takes numbers from. */
export function onOtherNetwork(country: Country, nsn: string, wallet: string): boolean {
  const found = country.wallets.find((w) => w.name === wallet);
  const network = found && found.network;
  const actual = networkOfNsn(country, nsn);
  return network !== undefined && actual !== undefined && actual.id !== network;
}
