// Extension: each wallet's health as the sandbox reports it — every wallet of every country up,
// but those a test set slow or down (./faults/wallets.ts). Read whole at `GET /v1/availability`
// (./routes/availability.ts); the wallets not up of the countries that pay in an intent's
// currency ride on the intent's read (./intent-view.ts), which the payer's page makes anyway.
import type { WalletHealth } from '../api/types';
import { COUNTRIES } from '../phone';
import type { WalletFaults } from './faults/wallets';

/** Every wallet's health, of one country (its code) or all of them. */
export function availabilityOf(faults: WalletFaults | undefined, country?: string): WalletHealth[] {
  return COUNTRIES.filter((c) => country === undefined || c.code === country).flatMap((c) =>
    c.wallets.map(
      (wallet) =>
        faults?.of(c.code, wallet.name) ?? {
          country: c.code,
          operator_name: wallet.name,
          status: 'up' as const,
          delay_seconds: null,
        },
    ),
  );
}

/** The wallets not up of the countries whose payers pay in `currency`: what an intent carries. */
export function notUpIn(faults: WalletFaults | undefined, currency: string): WalletHealth[] {
  if (!faults) return [];
  const countries = new Set<string>(COUNTRIES.filter((c) => c.currency === currency).map((c) => c.code));
  return faults.list().filter((health) => countries.has(health.country));
}
