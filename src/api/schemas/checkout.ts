// What a payer's browser reads from the service: an intent (limited to the fields the checkout
// relies on), the answer to a confirm, a checkout session, an error. The full resources (./index) are built from these same shapes,
// field for field; keeping them in a module of their own keeps the rest of the contract, and the
// zod code only it needs, out of the hosted page and widget.js.
import * as z from 'zod/mini';
import { walletHealthViewSchema } from './availability';
import {
  amountSchema,
  countrySchema,
  currencySchema,
  nonEmpty,
  nullableText,
  operatorNameSchema,
  prefixed,
  timestamp,
} from './fields';

export const confirmStatusSchema = z.enum(['succeeded', 'pending', 'failed']);

/**
 * Extension (docs/decisions.md): what the payer must do next for the attempt that awaits them, as
 * Stripe's `next_action` and pawaPay's authorisation types. `type` names the step and its detail
 * sits under the same key: approve the operator's push on the phone (its USSD code where the
 * service knows it), type a one-time code generated on the phone (the code to dial, the code's
 * length), or open the wallet's app at a launch address. Each says when it stops being possible.
 * A `type` this page does not know still reads (and falls back to the push), so a service may add
 * one without breaking older pages; absent or null, the page shows the push. The contract's union
 * of steps: a new step is its member here (its detail), its folder, and its line in
 * src/methods/step-registry.ts.
 */
export const nextActionSchema = z.object({
  type: z.string(),
  approve_on_phone: z.optional(z.object({ ussd_code: nullableText(), expires_at: timestamp() })),
  enter_otp: z.optional(
    z.object({ dial_code: nullableText(), length: z.int().check(z.gte(4), z.lte(8)), expires_at: timestamp() }),
  ),
  /**
   * Any text here: a page opens only an http(s) address (src/checkout/status.ts, launchUrl) and
   * falls back to the push for any other (a `javascript:` link), rather than refusing the whole read.
   */
  open_wallet: z.optional(z.object({ url: z.string(), expires_at: timestamp() })),
});

/**
 * `next_action` as a payer's page reads it: the type and the push, built in; any other step's
 * detail as it came, unchecked here — the step's own script reads it (src/methods/steps.ts), and a
 * server reads the whole union (nextActionSchema). So a new step costs the page's contract rules,
 * and widget.js, nothing.
 */
export const nextActionViewSchema = z.looseObject({
  type: nextActionSchema.shape.type,
  approve_on_phone: nextActionSchema.shape.approve_on_phone,
});

/**
 * The fields of a confirm's answer the checkout relies on (its receipt, or what to follow). Its
 * status is any text: the checkout acts on `succeeded` and `pending` and reads the intent for
 * anything else, which the whole contract's enum would refuse only to reach the same read (and
 * cost the widget 0.2 KB).
 */
export const confirmResultViewShape = {
  amount: z.int(),
  currency: currencySchema,
  status: z.string(),
  id: prefixed('ch'),
  updatedAt: timestamp(),
  /** Extension: what the payer does next while `status` is pending (see nextActionSchema). */
  next_action: z.optional(z.nullable(nextActionSchema)),
};

/** A confirm's answer as the checkout reads it: a subset of `confirmResultSchema`, field for field. */
export const confirmResultViewSchema = z.object({
  ...confirmResultViewShape,
  next_action: z.optional(z.nullable(nextActionViewSchema)),
});

/** Answer of POST /v1/payment-intents/{id}/confirm. */
export const confirmResultSchema = z.object({
  ...confirmResultViewShape,
  status: confirmStatusSchema,
  intentId: prefixed('pi'),
  financialTransactionId: z.string(),
  transactionId: z.string(),
  captured: z.boolean(),
  externalId: z.string(),
  createdAt: timestamp(),
  paymentMethodId: prefixed('pm'),
});

/** The fields of an event record the checkout reads (receipt date, attempts counted). */
export const recordViewShape = {
  type: z.string(),
  status: z.string(),
  updated_at: timestamp(),
};
export const chargeViewShape = { ...recordViewShape, charge_id: prefixed('ch') };

/** Decision (docs/decisions.md): the shape of a failed attempt's error, null while no attempt has failed. */
export const paymentErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  charge_id: z.optional(z.nullable(prefixed('ch'))),
});

/** Decision (docs/decisions.md): what a mobile-money attempt paid with, as an intent read tells it. */
export const momoPaidSchema = z.object({
  country: countrySchema,
  operator_name: operatorNameSchema,
  /** Last digits only: the intent is readable without a token, the full number is not. */
  msisdn_last4: z.string().check(z.regex(/^\d{2,4}$/)),
});

/**
 * What the latest attempt paid with, as a payer's page reads it: its `type`, and each method's
 * detail under its own key (the whole contract, ./index, holds the discriminated union). A type
 * this page does not know still reads: the attempt is shown without its details rather than the
 * whole read failing — and a zod literal or union would cost widget.js 0.2 KB or more.
 */
export const checkoutPaymentMethodSchema = z.object({
  type: z.string(),
  momo: z.optional(momoPaidSchema),
});

/**
 * Extension (docs/sandbox.md): who is paid, from the profile of the merchant token that owns the intent or
 * session; null when it has none (no name is ever made up). The page shows it as text and the logo
 * (a PNG or WebP the service serves itself) as an image.
 */
export const merchantSchema = z.object({
  name: z.string(),
  logo_url: nullableText(),
  support_email: nullableText(),
  support_phone: nullableText(),
});

/** The fields of an intent the payer's page relies on. */
export const intentViewShape = {
  intent_id: prefixed('pi'),
  currency: currencySchema,
  amount: z.int(),
  status: z.string(),
  payment_method: z.nullable(checkoutPaymentMethodSchema),
  last_payment_error: z.nullable(paymentErrorSchema),
  /** Null until the first attempt (decision: docs/decisions.md). */
  charge_id: z.nullable(prefixed('ch')),
  updated_at: timestamp(),
  /** The merchant's words on what is paid for, shown to the payer. */
  description: nullableText(),
  /** Why a `canceled` intent was (decision in docs/decisions.md: `expired` when its checkout session ended). */
  cancellation_reason: nullableText(),
  /** Extension: when the pending attempt's approval window closes; absent on other services. */
  approval_expires_at: z.optional(z.nullable(timestamp())),
  /** Extension: what the payer does next while an attempt is pending (see nextActionSchema). */
  next_action: z.optional(z.nullable(nextActionSchema)),
  /** 0 in test mode (the sandbox's only mode), as the interface documents: the page says TEST. */
  live_mode: z.int(),
  /** Extension: who is paid (null: the merchant has no profile); absent on other services. */
  merchant: z.optional(z.nullable(merchantSchema)),
  /**
   * Extension (docs/decisions.md): the payment's short reference, which a person reads out and
   * types ("K7M-4Q2"; the sandbox's: src/sandbox/reference.ts), unique among its merchant's and
   * found with `GET /v1/payment-intents?reference=`; absent on other services (the receipt then
   * shows the charge id).
   */
  reference: z.optional(z.string()),
  /**
   * Extension (docs/decisions.md, "Wallets' health before paying"): the wallets of the countries
   * that pay in the intent's currency that are not up now (none: every one is); absent on other
   * services, and then the form says nothing of any wallet's health.
   */
  availability: z.optional(z.array(walletHealthViewSchema)),
};

/** An intent as the checkout reads it: a subset of `paymentIntentSchema`, field for field. */
export const paymentIntentViewSchema = z.object({
  ...intentViewShape,
  next_action: z.optional(z.nullable(nextActionViewSchema)),
  event: z.object({ charges: z.array(z.object(chargeViewShape)) }),
});

export const sessionItemSchema = z.object({
  productId: prefixed('prt'),
  quantity: z.int().check(z.positive(), z.maximum(10_000)),
  price: z.int().check(z.nonnegative()),
  productName: nonEmpty(200),
});

export const sessionStatusSchema = z.enum(['open', 'complete', 'expired']);

/**
 * Extension (docs/sandbox.md): the payer as the merchant knows them — names, receipt e-mail, mobile number
 * in international form (`+221 77 123 45 00`, the country taken from its calling code). The form
 * starts with them, every field still the payer's to change; the page checks them as typed ones.
 */
export const customerViewSchema = z.object({
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  email: z.optional(z.string()),
  phone: z.optional(z.string()),
});

/** What anyone holding the session id may read (GET /v1/sessions/{id}): no secret in it. */
export const publicSessionShape = {
  id: prefixed('cs'),
  object: z.literal('checkout_session'),
  status: sessionStatusSchema,
  paymentIntentId: prefixed('pi'),
  total: amountSchema,
  currency: currencySchema,
  accountId: prefixed('acct'),
  successUrl: z.string(),
  cancelUrl: z.string(),
  items: z.array(sessionItemSchema),
  createdAt: timestamp(),
  expiresAt: timestamp(),
  /** Extension: who is paid, as on the intent. */
  merchant: z.optional(z.nullable(merchantSchema)),
  /** Extension: who pays, as the merchant gave it (null: not given). */
  customer: z.optional(z.nullable(customerViewSchema)),
};

/**
 * The answer of GET /v1/sessions/{id} (extension: docs/sandbox.md): the public session and, extension too,
 * its intent as the payer's page reads it (the intent's read without its secret), so that a
 * session page needs one read, not two. Absent: the page reads the intent itself.
 */
export const publicSessionSchema = z.object({
  ...publicSessionShape,
  paymentIntent: z.optional(paymentIntentViewSchema),
});

/** The one error shape of every 4xx and 5xx answer (decision: docs/decisions.md). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.optional(z.nullable(z.string())),
  }),
});
