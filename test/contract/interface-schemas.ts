// The service's answers as /work/shared/payment-api-interface.md documents them, written from that
// document alone: nothing here is imported from src/ (not the sandbox's code, not src/api's
// schemas), so the sandbox and the project's contract cannot drift away from the interface
// together. Objects are strict: a field the interface does not list fails, unless the test names it
// as one of the sandbox's documented extensions.
import * as z from 'zod';

/** "ISO 8601 date-times; they appear with an offset (for example +01:00 or +02:00) and with a Z suffix." */
export const dateTime = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
/** The intent's created_at and updated_at: "date-time with offset". */
const dateTimeWithOffset = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/);
/** "Identifiers are strings with a type prefix followed by random characters, written <prefix>_<random>." */
const id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9]+$`));
/** "currency codes are lower-case strings (xaf and eur appear)". */
const currency = z.string().regex(/^[a-z]+$/);
/** "lower-case two-letter code, e.g. cg". */
const country = z.string().regex(/^[a-z]{2}$/);
/** "recipient mobile number, digits with country calling code". */
const phone = z.string().regex(/^\d+$/);
/** A field whose value the sample shows only as null ("shape … when not null: not shown"): present, any value. */
const shownOnlyAsNull = () => z.custom<unknown>((value) => value !== undefined, 'required');
const nullableString = z.string().nullable();

// ---- Remittance, disbursement ------------------------------------------------------------------

/** Response of POST /v1/remittance: "amount, currency, status, firstName, lastName, operatorName, country, phone, object, type, shouldExecutedAt, id, createdAt, updatedAt". */
export const remittanceCreated = z.strictObject({
  id: id('rem'),
  object: z.literal('remittance'),
  amount: z.int(),
  currency,
  status: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  operatorName: z.string(),
  country,
  phone,
  type: z.int(),
  shouldExecutedAt: dateTime,
  createdAt: dateTime,
  updatedAt: dateTime,
});

/** A list item: every field of the Remittance table. */
export const remittance = remittanceCreated.extend({
  walletId: z.string(),
  financialTransactionId: z.string(),
  transactionId: z.string(),
  failureCode: nullableString,
  failureMessage: nullableString,
  externalId: z.string(),
  executedAt: dateTime,
  otp: nullableString,
});

export const paginationMeta = z.strictObject({
  total: z.int(),
  perPage: z.int(),
  currentPage: z.int(),
  lastPage: z.int(),
  firstPage: z.int(),
  firstPageUrl: z.string().regex(/^\/\?page=\d+/),
  lastPageUrl: z.string().regex(/^\/\?page=\d+/),
  nextPageUrl: nullableString,
  previousPageUrl: nullableString,
});

/** GET /v1/remittance: "object with meta (pagination meta above) and data (array of remittance objects with all fields listed above)". */
export const remittanceList = <T extends z.ZodType>(item: T) =>
  z.strictObject({ meta: paginationMeta, data: z.array(item) });

/** "Fields as in the create response": id (wt_), object, amount, currency, status, firstName, lastName, operatorName, country, phone, type, shouldExecutedAt, createdAt, updatedAt. */
export const disbursement = remittanceCreated.extend({ id: id('wt'), object: z.literal('disbursement') });

// ---- Confirm, intent, events -------------------------------------------------------------------

/** Response of confirm: the "Confirmed payment result". */
export const confirmResult = z.strictObject({
  intentId: id('pi'),
  financialTransactionId: z.string(),
  transactionId: z.string(),
  amount: z.int(),
  currency,
  status: z.enum(['succeeded', 'pending', 'failed']),
  captured: z.boolean(),
  externalId: z.string(),
  id: id('ch'),
  createdAt: dateTime,
  updatedAt: dateTime,
  paymentMethodId: id('pm'),
});

const flag01 = z.union([z.literal(0), z.literal(1)]);

/** The fields the charge and payout records share, as the interface lists them for both. */
const recordFields = {
  id: z.int(),
  type: z.string(),
  event_id: z.int(),
  financial_transaction_id: z.string(),
  transaction_id: z.string(),
  amount: z.number(),
  currency,
  status: z.string(),
  failure_code: nullableString,
  failure_message: nullableString,
  external_id: z.string(),
  created_at: dateTime,
  updated_at: dateTime,
};

export const chargeRecord = z.strictObject({
  ...recordFields,
  charge_id: id('ch'),
  captured: flag01,
  refunded: flag01,
  disputed: flag01,
});

export const payoutRecord = z
  .strictObject({ ...recordFields, payout_id: id('tr'), amount_captured: z.number(), amount_fee: z.number() })
  .refine(
    (payout) => payout.amount_captured === payout.amount - payout.amount_fee,
    'amount_captured is the amount minus amount_fee',
  );

export const event = z.strictObject({
  id: z.int(),
  intent_id: z.int(),
  created_at: dateTime,
  updated_at: dateTime,
  charges: z.array(chargeRecord),
  payouts: z.array(payoutRecord),
});

/** Response of GET /v1/payment-intents/{id}: every field of the table, all required. */
export const paymentIntent = z.strictObject({
  id: z.int(),
  client_secret: z.string().regex(/^pi_.*_(sc|secret)/),
  intent_id: id('pi'),
  currency,
  amount: z.int(),
  payment_method_types: shownOnlyAsNull(),
  payment_method: shownOnlyAsNull(),
  last_payment_error: shownOnlyAsNull(),
  status: z.string(),
  metadata: shownOnlyAsNull(),
  charge_id: id('ch'),
  canceled_at: shownOnlyAsNull(),
  description: shownOnlyAsNull(),
  cancellation_reason: shownOnlyAsNull(),
  live_mode: z.int(),
  payout_id: id('tr'),
  created_at: dateTimeWithOffset,
  updated_at: dateTimeWithOffset,
  event,
});

// ---- Sessions ----------------------------------------------------------------------------------

/** Response of POST /v1/sessions: "a JSON object, empty in the sample"; its fields are not shown. */
export const sessionCreated = z.looseObject({});
