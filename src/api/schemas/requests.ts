// The request bodies of the payment service (./index.ts says why zod/mini, and who imports this).
import * as z from 'zod/mini';
import { sessionItemSchema } from './checkout';
import {
  amountSchema,
  countrySchema,
  currencySchema,
  operatorNameSchema,
  prefixed,
  SINGLE_LINE,
  singleLine,
  timestamp,
} from './fields';
import { msisdnSchema, emailAddressSchema, metadataSchema } from './values';

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
