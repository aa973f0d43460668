// Extension (issue 31): payment links, for sellers without a web shop. A merchant creates a link
// (`POST /v1/payment-links`) with an amount — fixed, or chosen by the payer within bounds — and
// shares its public address; each payer who opens it and presses Pay gets a payment of their own
// (`POST /v1/payment-links/{id}/intents`, no key: the link's id is what the payer holds). A bare
// service has none of these. Field names follow the service's camelCase, lists its page meta.
import * as z from 'zod/mini';
import { amountSchema, currencySchema, prefixed, singleLine, timestamp } from './fields';
import { merchantSchema } from './checkout';
import { paginationMetaSchema } from './resources';
import { metadataSchema } from './values';

/** The most payments a link may be limited to. */
export const MAX_LINK_PAYMENTS = 100_000;

/**
 * Body of POST /v1/payment-links: `amount` (fixed), or `amountMin` and `amountMax` (the payer
 * chooses within them), never both; the sandbox refuses any other mix with the field at fault.
 * `currency` is the merchant's country's franc (xaf or xof). `expiresAt`: 60 seconds to a year on.
 */
export const paymentLinkRequestSchema = z.object({
  amount: z.optional(amountSchema),
  amountMin: z.optional(amountSchema),
  amountMax: z.optional(amountSchema),
  currency: currencySchema,
  description: singleLine(200),
  /** How many succeeded payments the link takes before it closes. */
  maxPayments: z.optional(z.int().check(z.gte(1), z.lte(MAX_LINK_PAYMENTS))),
  expiresAt: z.optional(timestamp()),
  metadata: z.optional(metadataSchema),
});

/** Why a link takes payments or not: `full` once `paymentsCount` reached `maxPayments`. */
export const paymentLinkStatusSchema = z.enum(['active', 'inactive', 'expired', 'full']);

/** A link as anyone holding its id reads it (the payer's page): no metadata. */
export const publicPaymentLinkSchema = z.object({
  id: prefixed('plink'),
  object: z.literal('payment_link'),
  status: paymentLinkStatusSchema,
  /** The public address to share: it holds no secret. */
  url: z.string(),
  /** Its printable QR code's page. */
  qrUrl: z.string(),
  amount: z.nullable(amountSchema),
  amountMin: z.nullable(amountSchema),
  amountMax: z.nullable(amountSchema),
  currency: currencySchema,
  description: z.string(),
  maxPayments: z.nullable(z.int()),
  /** Succeeded payments made through the link. */
  paymentsCount: z.int().check(z.nonnegative()),
  expiresAt: z.nullable(timestamp()),
  createdAt: timestamp(),
  merchant: z.nullable(merchantSchema),
});

/** The merchant's view: the public one and the metadata. */
export const paymentLinkSchema = z.extend(publicPaymentLinkSchema, { metadata: z.nullable(metadataSchema) });

/** GET /v1/payment-links, newest first. */
export const paymentLinkListSchema = z.object({
  meta: paginationMetaSchema,
  data: z.array(paymentLinkSchema),
});

/** Body of POST /v1/payment-links/{id}/intents: the amount, for a link whose payer chooses it. */
export const paymentLinkOpenRequestSchema = z.object({ amount: z.optional(amountSchema) });

/** A payer's own payment through a link: the hosted page's address holds its client secret (in the fragment). */
export const paymentLinkOpenedSchema = z.object({
  object: z.literal('payment_link_payment'),
  paymentLinkId: prefixed('plink'),
  paymentIntentId: prefixed('pi'),
  url: z.string(),
});
