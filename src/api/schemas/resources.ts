// The resources the payment service answers with; unknown extra fields are tolerated (./index.ts).
import * as z from 'zod/mini';
import { WALLET_STATUSES, walletHealthSchema } from './availability';
import { chargeViewShape, intentViewShape, momoPaidSchema, publicSessionShape, recordViewShape } from './checkout';
import {
  clientSecretSchema,
  countrySchema,
  currencySchema,
  nullableText,
  operatorNameSchema,
  prefixed,
  timestamp,
} from './fields';
import { msisdnSchema, metadataSchema } from './values';

const transferShape = {
  amount: z.int(),
  currency: currencySchema,
  status: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  operatorName: operatorNameSchema,
  country: countrySchema,
  phone: msisdnSchema,
  type: z.int(),
  shouldExecutedAt: timestamp(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
};

/** Answer of POST /v1/remittance. */
export const remittanceCreatedSchema = z.object({
  ...transferShape,
  id: prefixed('rem'),
  object: z.literal('remittance'),
});

/** An item of GET /v1/remittance: the created fields plus the execution record. */
export const remittanceSchema = z.extend(remittanceCreatedSchema, {
  walletId: z.string(),
  financialTransactionId: z.string(),
  transactionId: z.string(),
  failureCode: nullableText(),
  failureMessage: nullableText(),
  externalId: z.string(),
  /** Decision: null while the remittance is still processing (only executed ones have a time). */
  executedAt: z.nullable(timestamp()),
  otp: nullableText(),
});

export const disbursementSchema = z.object({
  ...transferShape,
  id: prefixed('wt'),
  object: z.literal('disbursement'),
});

export const paginationMetaSchema = z.object({
  total: z.int().check(z.nonnegative()),
  perPage: z.int().check(z.positive()),
  currentPage: z.int().check(z.positive()),
  lastPage: z.int().check(z.positive()),
  firstPage: z.int().check(z.positive()),
  firstPageUrl: z.string(),
  lastPageUrl: z.string(),
  nextPageUrl: z.nullable(z.string()),
  previousPageUrl: z.nullable(z.string()),
});

export const remittanceListSchema = z.object({
  meta: paginationMetaSchema,
  data: z.array(remittanceSchema),
});

/**
 * The statuses of an intent (decision: docs/decisions.md; the interface shows `succeeded` only), of a charge
 * and of a payout, and the kinds of their event records: unions of literals in the merchant's
 * types, so that `intent.status === 'succeded'` does not compile. Read answers stay tolerant
 * (`knownText`): a newer service may send one this version does not know, and it is passed on as it
 * came (the payer's page shows it as unknown) — so a merchant's `switch` keeps a `default` branch.
 */
export const intentStatusSchema = z.enum(['requires_payment_method', 'pending', 'succeeded', 'canceled']);

/** Any text when parsed, typed as the values of `known`: see above. */
const knownText = <T extends string>(known: readonly T[]) =>
  z.custom<T>((value) => typeof value === 'string', { error: `one of ${known.join(', ')} (or a newer value)` });

export const chargeStatusSchema = z.enum(['pending', 'succeeded', 'failed']);
export const chargeTypeSchema = z.enum(['charge.pending', 'charge.success', 'charge.failed']);
export const payoutStatusSchema = z.enum(['succeeded']);
export const payoutTypeSchema = z.enum(['payout.succeeded']);

const flag = () => z.union([z.literal(0), z.literal(1)]);
const recordShape = {
  ...recordViewShape,
  id: z.int(),
  event_id: z.int(),
  financial_transaction_id: z.string(),
  transaction_id: z.string(),
  amount: z.number(),
  currency: currencySchema,
  failure_code: nullableText(),
  failure_message: nullableText(),
  external_id: z.string(),
  created_at: timestamp(),
};

export const chargeRecordSchema = z.object({
  ...recordShape,
  ...chargeViewShape,
  type: knownText(chargeTypeSchema.options),
  status: knownText(chargeStatusSchema.options),
  captured: flag(),
  refunded: flag(),
  disputed: flag(),
});

export const payoutRecordSchema = z.object({
  ...recordShape,
  type: knownText(payoutTypeSchema.options),
  status: knownText(payoutStatusSchema.options),
  payout_id: prefixed('tr'),
  amount_captured: z.number(),
  amount_fee: z.number(),
});

export const eventSchema = z.object({
  id: z.int(),
  intent_id: z.int(),
  created_at: timestamp(),
  updated_at: timestamp(),
  charges: z.array(chargeRecordSchema),
  payouts: z.array(payoutRecordSchema),
});

/** What an intent's latest attempt paid with, by `type` as `payment_method_data` (decision: docs/decisions.md). */
export const intentPaymentMethodSchema = z.discriminatedUnion('type', [
  z.object({ id: prefixed('pm'), type: z.literal('momo'), momo: momoPaidSchema }),
]);

export const paymentIntentSchema = z.object({
  ...intentViewShape,
  status: knownText(intentStatusSchema.options),
  /** Why a `canceled` intent was: its session ended, or its attempts ran out (decision: docs/decisions.md). */
  cancellation_reason: z.nullable(knownText(['expired', 'too_many_attempts'] as const)),
  payment_method: z.nullable(intentPaymentMethodSchema),
  /**
   * Extension: the wallets not up. A status a later service adds (`degraded`) is passed on, as the
   * intent's own statuses are (`knownText`): a health report must never fail the read of a payment —
   * a merchant's fulfillment, or the page without JavaScript, would stop on it.
   */
  availability: z.optional(z.array(z.extend(walletHealthSchema, { status: knownText(WALLET_STATUSES) }))),
  id: z.int(),
  /** A required string, token or not, as the interface documents (docs/decisions.md: intent ids are confidential). */
  client_secret: clientSecretSchema,
  payment_method_types: z.nullable(z.array(z.string())),
  metadata: z.nullable(metadataSchema),
  canceled_at: z.nullable(timestamp()),
  /** Null until the payment has succeeded and a payout exists (decision: docs/decisions.md). */
  payout_id: z.nullable(prefixed('tr')),
  created_at: timestamp(),
  event: eventSchema,
});

/** Decision (docs/decisions.md): the session record, answer of POST /v1/sessions. */
export const sessionSchema = z.object({
  ...publicSessionShape,
  /** Absolute address of the hosted page; carries the client secret in its fragment. */
  url: z.string(),
  clientSecret: clientSecretSchema,
  metadata: metadataSchema,
});

/** Extension: GET /v1/sessions, the token's own sessions newest first, with the remittance list's meta. */
export const sessionListSchema = z.object({
  meta: paginationMetaSchema,
  data: z.array(sessionSchema),
});

/** Extension: GET /v1/payment-intents, the token's own intents newest first, with the same meta. */
export const paymentIntentListSchema = z.object({
  meta: paginationMetaSchema,
  data: z.array(paymentIntentSchema),
});
