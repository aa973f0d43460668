// Test phone numbers for the sandbox, which decides a payment's outcome from the last two digits
// of the national number. One number per outcome for every wallet of every country.
import { COUNTRIES, NATIONAL_PLANS, type CountryCode } from './countries';
import { formatAsTyped } from './format';

export type TestOutcome =
  | 'declined'
  | 'insufficient_funds'
  | 'never_approved'
  | 'approved_at_once'
  | 'operator_unavailable'
  | 'approved_late'
  | 'approved_after_delay'
  | 'prompt_lost';

/** Last two digits of the national number → sandbox outcome ('00' stands for any other ending). */
export const TEST_SUFFIXES: Readonly<Record<TestOutcome, string>> = {
  declined: '90',
  insufficient_funds: '91',
  never_approved: '92',
  approved_at_once: '93',
  operator_unavailable: '94',
  approved_late: '95',
  prompt_lost: '96',
  approved_after_delay: '00',
};

export interface TestNumber {
  country: CountryCode;
  /** The wallet, as the API names it (`operator_name`). */
  operator: string;
  outcome: TestOutcome;
  suffix: string;
  /** As a payer types it at home, e.g. '06 123 4590', '077 12 34 90'. */
  national: string;
  msisdn: string;
}

/** NSN of each wallet's test numbers without the last two digits, in its network's best-known range. */
const BASES: Readonly<Record<CountryCode, Readonly<Record<string, string>>>> = {
  cg: { mtn: '0612345', airtel: '0551234' },
  cm: { mtn: '6712345', orange: '6991234' },
  ga: { airtel: '771234', moov: '661234' },
  td: { airtel: '661234', moov: '991234' },
  cf: { orange: '721234' },
  gq: {},
  // Wave takes any number: its test numbers are in a range of a network without a wallet here
  // (Senegal's Expresso) or of another wallet's (Côte d'Ivoire's MTN, Burkina Faso's Orange).
  sn: { orange: '7712345', mixx: '7612345', wave: '7012345' },
  ci: { orange: '07123456', mtn: '05123456', moov: '01123456', wave: '05987654' },
  ml: { orange: '701234' },
  bf: { orange: '071234', moov: '701234', wave: '651234', telecel: '781234' },
  bj: { mtn: '01971234', moov: '01951234' },
  tg: { mixx: '901234', moov: '991234' },
  ne: { airtel: '961234' },
  gw: { orange: '9551234' },
};

function buildTestNumbers(): TestNumber[] {
  const outcomes = Object.entries(TEST_SUFFIXES) as [TestOutcome, string][];
  return COUNTRIES.flatMap((country) => {
    const trunk = NATIONAL_PLANS[country.code].zero === 'trunk' ? '0' : '';
    return country.wallets.flatMap((wallet) =>
      outcomes.map(([outcome, suffix]): TestNumber => {
        const nsn = `${BASES[country.code][wallet.name] ?? ''}${suffix}`;
        return {
          country: country.code,
          operator: wallet.name,
          outcome,
          suffix,
          national: formatAsTyped(country.code, trunk + nsn),
          msisdn: `${country.callingCode}${nsn}`,
        };
      }),
    );
  });
}

/** Built when the module loads; bundlers drop it (and its code) where it is not imported. */
export const TEST_NUMBERS: readonly TestNumber[] = /* @__PURE__ */ buildTestNumbers();
