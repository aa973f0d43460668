// What is said of a wallet's health (docs/decisions.md, "Wallets' health before paying"), shared by
// the form's notices (./health.tsx) and the form without JavaScript (src/server/plain-health.ts): a
// slow one's wait in whole minutes, two at least (the words are plural); a down one, not answering;
// any other status (a later service's `degraded`), nothing — a strange report never shows.
import type { WalletHealthView } from '../kit';

export type HealthNotice = { status: 'slow'; minutes: number } | { status: 'down' };

/** What the intent's read said of a wallet of `country`, if it is not up. */
export const healthOf = (health: readonly WalletHealthView[], country: string, operator: string) =>
  health.find((h) => h.country === country && h.operator_name === operator);

export function healthNotice(
  said: Pick<WalletHealthView, 'status' | 'delay_seconds'> | undefined,
): HealthNotice | null {
  if (!said) return null;
  if (said.status === 'slow')
    return { status: 'slow', minutes: Math.max(2, Math.ceil((said.delay_seconds || 0) / 60)) };
  return said.status === 'down' ? { status: 'down' } : null;
}
