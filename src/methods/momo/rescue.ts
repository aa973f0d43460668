// The rescue when the operator's push never reaches the phone (issue 31, item 4): after a wait, the
// waiting screen offers to approve from the wallet's own menu — the code to dial, where a source
// names it (src/phone/countries.ts, `ussd`, each cited there) — and says when a new request can be
// sent. Only wallets that approve a push: a one-time code or the wallet's app has its own step.
import { findWallet } from '../kit';
import { approvalOf } from './approval';

/**
 * How long the page waits for the push before offering the rescue. A push is a USSD session the
 * operator opens as soon as it takes the request: it reaches a phone in the network within seconds
 * or not at all (a phone off the network, a session dropped, a SIM in a second slot). Past 40 s the
 * payer has waited long enough to wonder — and of MTN's five-minute window (the shortest a service
 * gives, src/checkout/constants.ts) more than four minutes are left to dial the menu. No operator
 * publishes a delivery time, so one figure for every wallet; a service's own word would replace it.
 */
export const RESCUE_AFTER_MS = 40_000;

/** What the rescue offers for a push of `operator` in `country`: null where the wallet approves otherwise. */
export function rescueOf(country: string, operator: string, given: string | null): { dial: string | null } | null {
  if (approvalOf(country, operator).kind !== 'push') return null;
  const wallet = findWallet(country, operator);
  return { dial: given ?? (wallet && wallet.ussd) ?? null };
}

/** A code as a tap-to-dial address: `#` is a fragment in a URL, so it is written %23 (RFC 3966). */
export const dialHref = (dial: string): string => `tel:${dial.replace(/#/g, '%23')}`;
