// A wallet's health set for a test (docs/sandbox.md, "Faults"): `slow` with the delay its approvals
// take now, or `down`; every wallet not set is up. What `GET /v1/availability` reports and the
// payer's intent read carries (../availability.ts); cleared with the fault rules.
import * as z from 'zod/mini';
import { walletStatusSchema } from '../../api/schemas/availability';
import { countrySchema, operatorNameSchema } from '../../api/schemas/fields';
import type { WalletHealth } from '../../api/types';
import { invalidField } from '../errors';
import { operatorsOf } from '../../phone';
import { parseWith } from '../validate';

/** A slow wallet's delay when the test gives none: five minutes, the slow approvals peers report. */
export const DEFAULT_SLOW_DELAY_S = 300;

export const walletFaultSchema = z.strictObject({
  country: countrySchema,
  operator_name: operatorNameSchema,
  status: walletStatusSchema,
  /** Only for `slow`; at most an hour. */
  delay_seconds: z.optional(z.int().check(z.positive(), z.lte(3600))),
});

/** A wallet's health as a test writes it, e.g. `{ country: 'cg', operator_name: 'mtn', status: 'down' }`. */
export type WalletFault = z.input<typeof walletFaultSchema>;

/** Checks a wallet fault (400 `invalid_request` naming the bad field) and completes a slow one's delay. */
export function parseWalletFault(value: unknown): WalletHealth {
  const fault = parseWith(walletFaultSchema, value);
  if (!(operatorsOf(fault.country) ?? []).includes(fault.operator_name))
    throw invalidField('operator_name', `\`operator_name\` must be a wallet of ${fault.country}'s payers.`);
  if (fault.status !== 'slow' && fault.delay_seconds !== undefined)
    throw invalidField('delay_seconds', '`delay_seconds` applies to a slow wallet only.');
  return {
    country: fault.country,
    operator_name: fault.operator_name,
    status: fault.status,
    delay_seconds: fault.status === 'slow' ? (fault.delay_seconds ?? DEFAULT_SLOW_DELAY_S) : null,
  };
}

/** The wallets set slow or down, by country and wallet; setting one `up` forgets it. */
export class WalletFaults {
  private readonly set = new Map<string, WalletHealth>();

  put(health: WalletHealth): WalletHealth {
    const key = `${health.country} ${health.operator_name}`;
    if (health.status === 'up') this.set.delete(key);
    else this.set.set(key, health);
    return { ...health };
  }

  /** The health set for a wallet, or undefined: it is up. */
  of(country: string, operator: string): WalletHealth | undefined {
    return this.set.get(`${country} ${operator}`);
  }

  list(): WalletHealth[] {
    return [...this.set.values()].map((health) => ({ ...health }));
  }

  clear(): void {
    this.set.clear();
  }
}
