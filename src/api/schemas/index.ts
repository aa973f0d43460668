// The API contract: every resource and request body of the payment service, as zod/mini
// schemas. These are the single source of truth for the client, the sandbox, the checkout and
// the tests; every TypeScript type of the API is inferred from them (see ../types.ts).
//
// zod/mini is used (not classic zod) because it is shipped to browsers: it tree-shakes to what is
// used and never compiles validators with `new Function`, so the pages run under a strict CSP.
//
// Unknown extra fields in responses are tolerated (z.object drops them instead of failing): the
// real service may add fields without breaking deployed checkouts.
//
// Browser code imports ./checkout (what the payer's page reads) and ./fields, never this module:
// its top-level schemas are built on import, and the bytes of the rest must not reach a phone.
import * as z from 'zod/mini';
import {
  chargeViewShape,
  intentViewShape,
  momoPaidSchema,
  publicSessionShape,
  recordViewShape,
  sessionItemSchema,
} from './checkout';
import {
  amountSchema,
  clientSecretSchema,
  countrySchema,
  currencySchema,
  emailSchema,
  nullableText,
  operatorNameSchema,
  prefixed,
  SINGLE_LINE,
  singleLine,
  timestamp,
} from './fields';

export * from './checkout';
export {
  amountSchema,
  clientSecretSchema,
  countrySchema,
  currencySchema,
  emailSchema,
  operatorNameSchema,
} from './fields';

/** Digits with the country calling code and no `+`, as the service writes phone numbers. */
export const msisdnSchema = z.string().check(z.regex(/^[1-9]\d{7,14}$/));
const octets = (text: string) => new TextEncoder().encode(text).length;

/**
 * The e-mail rule whole (decision: docs/decisions.md): the page's `emailSchema`, with the lengths RFC 6531
 * sets counted as it counts them, in UTF-8 octets: ≤ 64 before the @, ≤ 253 after, ≤ 254 in all.
 */
export const emailAddressSchema = emailSchema.check(
  z.refine((text) => {
    const at = text.lastIndexOf('@');
    return octets(text.slice(0, at)) <= 64 && octets(text.slice(at + 1)) <= 253 && octets(text) <= 254;
  }),
);
export const metadataSchema = z.record(
  z.string().check(z.maxLength(40)),
  z.union([z.string().check(z.maxLength(500)), z.number(), z.boolean()]),
);

// ---- Request bodies ---------------------------------------------------------------------------

/** Mobile money: a number and the wallet (`operator_name`) it pays from. */
export const momoDataSchema = z.object({
  type: z.literal('momo'),
  momo: z.object({
    country: countrySchema,
    msisdn: msisdnSchema,
    operator_name: operatorNameSchema,
  }),
});

/**
 * What a confirm or a transfer pays with: one member per payment method, told apart by `type`
 * (the interface documents one, `momo`). A method of the checkout lives in `src/methods/<type>/`.
 */
export const paymentMethodDataSchema = z.discriminatedUnion('type', [momoDataSchema]);

export const confirmRequestSchema = z.object({
  client_secret: z.string().check(z.minLength(1)),
  first_name: singleLine(100),
  last_name: singleLine(100),
  receipt_email: emailAddressSchema,
  payment_method_data: paymentMethodDataSchema,
});

/**
 * Extension (docs/decisions.md): POST /v1/payment-intents/{id}/otp, the one-time code a payer
 * generated on their phone for the attempt whose `next_action` is `enter_otp`, with the intent's
 * client secret (a page's call, like confirm).
 */
export const otpRequestSchema = z.object({
  client_secret: z.string().check(z.minLength(1)),
  code: z.string().check(z.regex(/^\d{4,8}$/)),
});

/** The request sample writes the amount as numeric text; an integer is accepted too. */
export const amountInputSchema = z.union([amountSchema, z.string().check(z.regex(/^[1-9]\d{0,15}$/))]);

const transferRequestShape = {
  amount: amountInputSchema,
  first_name: singleLine(100),
  last_name: singleLine(100),
  currency: currencySchema,
  payment_method_data: paymentMethodDataSchema,
};

export const remittanceRequestSchema = z.object({ ...transferRequestShape, metadata: z.optional(metadataSchema) });
export const disbursementRequestSchema = z.object(transferRequestShape);

export const sessionRequestSchema = z.object({
  total: amountSchema,
  currency: currencySchema,
  accountId: prefixed('acct'),
  successUrl: z.string().check(z.maxLength(2048)),
  cancelUrl: z.string().check(z.maxLength(2048)),
  metadata: metadataSchema,
  items: z.array(z.extend(sessionItemSchema, { productName: singleLine(200) })).check(z.minLength(1), z.maxLength(100)),
  /** Extension: when the session ends, 60 s to 24 h from now (docs/sandbox.md); default 24 h. */
  expiresAt: z.optional(timestamp()),
  /** Extension: the payer as the merchant knows them; the form starts with it (docs/sandbox.md). */
  customer: z.optional(
    z.strictObject({
      firstName: z.optional(singleLine(100)),
      lastName: z.optional(singleLine(100)),
      email: z.optional(emailAddressSchema),
      /** International: `+` or not, then the calling code and the number; 8 to 15 digits. */
      phone: z.optional(z.string().check(z.regex(/^\+?[1-9]\d{7,14}$/))),
    }),
  ),
});

/** Sandbox extension: how a merchant's server creates a payment intent (amount as for transfers). */
export const createIntentRequestSchema = z.object({
  amount: amountInputSchema,
  currency: currencySchema,
  metadata: z.optional(metadataSchema),
  description: z.optional(z.string().check(z.maxLength(500), z.regex(SINGLE_LINE))),
});

/**
 * Sandbox extension: the merchant profile of a token (PUT /v1/_sandbox/merchant). The name is plain
 * text; the logo a `data:` URL of a PNG or WebP, checked and served by the sandbox (docs/sandbox.md).
 */
export const merchantRequestSchema = z.strictObject({
  name: z.string().check(
    z.trim(),
    // 1 to 60 characters, none of them a control, a line or paragraph separator, a zero width or a
    // direction mark (U+061C is left to the sandbox's rule on direction controls, which names it).
    z.regex(/^[^\p{Cc}\u2028\u2029\u200b-\u200f\u2060\ufeff\u202a-\u202e\u2066-\u2069]{1,60}$/u),
  ),
  logo: z.optional(z.nullable(z.string())),
  support_email: z.optional(z.nullable(emailAddressSchema)),
  support_phone: z.optional(z.nullable(z.string().check(z.regex(/^\+[1-9]\d{7,14}$/)))),
});

// ---- Resources --------------------------------------------------------------------------------

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
