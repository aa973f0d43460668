// Extension (docs/decisions.md, "Wallets' health before paying"): how each wallet answers now, as
// the service sees it — `up`; `slow`, with the delay its approvals usually take now; `down`, not
// answering. Read whole at `GET /v1/availability` (public, cacheable a short while), and the
// payment's own countries' wallets that are not up carried on the intent the payer's page already
// reads (`availability`, ./checkout), so the page learns it without a request of its own.
import * as z from 'zod/mini';
import { countrySchema, operatorNameSchema } from './fields';

export const WALLET_STATUSES = ['up', 'slow', 'down'] as const;
export const walletStatusSchema = z.enum(WALLET_STATUSES);

const walletHealthShape = {
  country: countrySchema,
  operator_name: operatorNameSchema,
  /** Seconds an approval usually takes now: set when `slow`, null otherwise. */
  delay_seconds: z.nullable(z.int().check(z.positive())),
};

/** One wallet's health, as `GET /v1/availability` lists it. */
export const walletHealthSchema = z.object({ ...walletHealthShape, status: walletStatusSchema });

/**
 * One wallet's health as a payer's page reads it on the intent: plain texts and a number, its
 * status any text, so a status a later service adds (`degraded`) reads as one the page shows
 * nothing for, rather than failing the whole read — a stale or strange health report never stops
 * a payment; and the fewer rules, the fewer bytes in the page's first load (docs/decisions.md).
 */
export const walletHealthViewSchema = z.object({
  country: z.string(),
  operator_name: z.string(),
  status: z.string(),
  delay_seconds: z.nullable(z.int()),
});

/** The answer of `GET /v1/availability` (`?country=cg`: that country's wallets only). */
export const availabilitySchema = z.object({
  object: z.literal('list'),
  data: z.array(walletHealthSchema),
});
