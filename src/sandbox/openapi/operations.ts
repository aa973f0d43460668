// The operations the sandbox answers, as a table the OpenAPI document is written from (./document):
// each one's path and method, whether the interface documents it or the sandbox adds it (an
// extension), who may call it, its body, parameters and answers by status — every body and answer
// named by its zod schema (./components). test/sandbox/openapi/operations.test.ts holds this table to the
// sandbox's own routes, both ways, with and without the extensions.
import * as z from 'zod/mini';
import { intentStatusSchema, sessionStatusSchema } from '../../api/schemas';
import { timestamp } from '../../api/schemas/fields';
import type { ErrorCode } from '../errors';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../lists';
import type { SchemaName } from './components';

export type Method = 'get' | 'post' | 'put';

/** Who may call: a merchant's secret key; anyone (a payer's page); anyone, a key narrowing what is read. */
export type Caller = 'merchant' | 'anyone' | 'anyone-or-merchant';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  description: string;
  schema: z.ZodMiniType;
  required?: boolean;
  /** Not in the service's interface: the sandbox's own (x-momo-extension). */
  extension?: boolean;
}

/** A body that is not JSON (an image, a page, a form), in any of its media types. */
export interface OtherBody {
  mediaTypes: string[];
  /** None for bytes (an image). */
  schema?: z.ZodMiniType;
}

export interface OperationAnswer {
  description: string;
  /** A named JSON schema, other media types, or nothing (304). */
  body?: SchemaName | OtherBody;
  headers?: Record<string, { description: string; schema: z.ZodMiniType }>;
  extension?: boolean;
}

export interface Operation {
  method: Method;
  /** As OpenAPI writes it: `/v1/payment-intents/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: 'Payment intents' | 'Remittances and disbursements' | 'Checkout sessions' | 'Sandbox';
  /** Not in the service's interface (docs/sandbox.md#extensions-to-the-interface). */
  extension: boolean;
  /** Answered by a sandbox without its extensions too (`extensions: false`); default: not an extension. */
  bare?: boolean;
  caller: Caller;
  body?: SchemaName | OtherBody;
  /** Whether a request without a body is refused (default: it is). */
  bodyRequired?: boolean;
  parameters?: Parameter[];
  answers: Record<number, OperationAnswer>;
  /** The error codes it may answer with (src/sandbox/errors.ts), which give the error statuses. */
  errors: ErrorCode[];
}

// ---- Parameters --------------------------------------------------------------------------------

const idParam = (what: string): Parameter => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `The ${what}'s identifier.`,
  schema: z.string(),
});

const idempotencyKey: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  extension: true,
  description:
    'Any 1 to 255 visible ASCII characters: the same request sent again with the same key is answered as the first was, without doing it twice; the same key with another body is refused (409 idempotency_key_reused).',
  schema: z.string().check(z.regex(/^[\x21-\x7e]{1,255}$/)),
};

const pageParams: Parameter[] = [
  {
    name: 'page',
    in: 'query',
    description: 'The page, from 1; past the last one, an empty page.',
    schema: z.int().check(z.gte(1), z.lte(1_000_000)),
  },
  {
    name: 'perPage',
    in: 'query',
    extension: true,
    description: `Records per page (default ${DEFAULT_PER_PAGE}).`,
    schema: z.int().check(z.gte(1), z.lte(MAX_PER_PAGE)),
  },
];

const statusList = (known: readonly string[]) =>
  z.string().check(z.regex(new RegExp(`^(?:${known.join('|')})(?:,(?:${known.join('|')}))*$`)));

const listParams = (known: readonly string[], updated: boolean): Parameter[] => [
  ...pageParams,
  { name: 'status', in: 'query', description: 'Any of these statuses, comma-separated.', schema: statusList(known) },
  { name: 'createdFrom', in: 'query', description: 'Created at or after this time.', schema: timestamp() },
  { name: 'createdBefore', in: 'query', description: 'Created strictly before this time.', schema: timestamp() },
  ...(updated
    ? [
        {
          name: 'updatedFrom',
          in: 'query' as const,
          description: 'Changed at or after this time.',
          schema: timestamp(),
        },
      ]
    : []),
];

const etag = { description: 'A weak tag of this answer, to send back in If-None-Match.', schema: z.string() };

const conditionalRead: Parameter[] = [
  {
    name: 'If-None-Match',
    in: 'header',
    extension: true,
    description: 'The ETag of the answer the reader holds: 304 without a body while it is still the same.',
    schema: z.string(),
  },
];

// ---- Error codes of the common paths ---------------------------------------------------------------

const ALWAYS: ErrorCode[] = ['internal_error', 'storage_unavailable'];
const MERCHANT: ErrorCode[] = ['unauthorized', 'browser_origin_forbidden', ...ALWAYS];
const BODY: ErrorCode[] = ['invalid_json', 'invalid_request', 'unsupported_media_type', 'body_too_large'];
const CREATE: ErrorCode[] = [...MERCHANT, ...BODY, 'idempotency_key_reused', 'capacity_exceeded'];
const LIST: ErrorCode[] = [...MERCHANT, 'invalid_request', 'rate_limited'];
/** A read that answers without a token: a token it is sent must still be a merchant's, from a server. */
const PUBLIC_READ: ErrorCode[] = ['unauthorized', 'browser_origin_forbidden', 'not_found', ...ALWAYS];

const html: OtherBody = { mediaTypes: ['text/html'], schema: z.string() };

// ---- The operations ------------------------------------------------------------------------------

export const OPERATIONS: readonly Operation[] = [
  {
    method: 'post',
    path: '/v1/payment-intents',
    operationId: 'createPaymentIntent',
    summary: 'Create a payment intent',
    description: 'How a merchant makes an intent in the sandbox: the interface does not show how intents are made.',
    tag: 'Payment intents',
    extension: true,
    bare: true,
    caller: 'merchant',
    body: 'CreatePaymentIntentRequest',
    parameters: [idempotencyKey],
    answers: { 201: { description: 'The new intent, with its client secret.', body: 'PaymentIntent' } },
    errors: CREATE,
  },
  {
    method: 'get',
    path: '/v1/payment-intents',
    operationId: 'listPaymentIntents',
    summary: "List the key's payment intents, newest first",
    tag: 'Payment intents',
    extension: true,
    caller: 'merchant',
    parameters: listParams(intentStatusSchema.options, true),
    answers: { 200: { description: 'A page of intents.', body: 'PaymentIntentList' } },
    errors: LIST,
  },
  {
    method: 'get',
    path: '/v1/payment-intents/{id}',
    operationId: 'getPaymentIntent',
    summary: 'Read a payment intent',
    description:
      'Without a token, what the interface shows anyone (metadata null); with the merchant key that owns it, its metadata too; another key reads 404. Extensions: ETag and If-None-Match (304), and Prefer: wait=N (N ≤ 25) to hold a conditional read until the intent changes.',
    tag: 'Payment intents',
    extension: false,
    caller: 'anyone-or-merchant',
    parameters: [
      idParam('payment intent'),
      ...conditionalRead,
      {
        name: 'Prefer',
        in: 'header',
        extension: true,
        description:
          'wait=N (seconds, at most 25) on a conditional read: answered once the intent differs, or 304 after N seconds.',
        schema: z.string(),
      },
    ],
    answers: {
      200: { description: 'The intent and its event record.', body: 'PaymentIntent', headers: { ETag: etag } },
      304: { description: 'Not modified: the intent is as the reader holds it.', extension: true },
    },
    errors: PUBLIC_READ,
  },
  {
    method: 'post',
    path: '/v1/payment-intents/{id}/confirm',
    operationId: 'confirmPaymentIntent',
    summary: 'Confirm a payment intent (a payer pays)',
    description: 'Authorised by the client secret in the body, not by a token: a payer’s page calls it.',
    tag: 'Payment intents',
    extension: false,
    caller: 'anyone',
    body: 'ConfirmRequest',
    parameters: [idParam('payment intent'), idempotencyKey],
    answers: {
      200: { description: 'The attempt as it stands, its status succeeded, pending or failed.', body: 'ConfirmResult' },
    },
    errors: [
      ...BODY,
      'invalid_client_secret',
      'not_found',
      'payment_in_progress',
      'payment_already_succeeded',
      'payment_intent_canceled',
      'too_many_attempts',
      'idempotency_key_reused',
      'rate_limited',
      'capacity_exceeded',
      ...ALWAYS,
    ],
  },
  {
    method: 'post',
    path: '/v1/payment-intents/{id}/otp',
    operationId: 'sendOneTimeCode',
    summary: 'Send the one-time code a pending attempt waits for',
    tag: 'Payment intents',
    extension: true,
    caller: 'anyone',
    body: 'OtpRequest',
    parameters: [idParam('payment intent'), idempotencyKey],
    answers: { 200: { description: 'The attempt, as a confirm answers it.', body: 'ConfirmResult' } },
    errors: [
      ...BODY,
      'otp_invalid',
      'invalid_client_secret',
      'not_found',
      'otp_expired',
      'otp_not_expected',
      'idempotency_key_reused',
      'rate_limited',
      'capacity_exceeded',
      ...ALWAYS,
    ],
  },
  {
    method: 'get',
    path: '/v1/remittance',
    operationId: 'listRemittances',
    summary: "List the key's remittances, newest first",
    tag: 'Remittances and disbursements',
    extension: false,
    caller: 'merchant',
    parameters: pageParams,
    answers: { 200: { description: 'A page of remittances.', body: 'RemittanceList' } },
    errors: LIST,
  },
  {
    method: 'post',
    path: '/v1/remittance',
    operationId: 'createRemittance',
    summary: 'Send an amount to a mobile-money number',
    tag: 'Remittances and disbursements',
    extension: false,
    caller: 'merchant',
    body: 'RemittanceRequest',
    parameters: [idempotencyKey],
    answers: { 201: { description: 'The remittance, processing.', body: 'RemittanceCreated' } },
    errors: CREATE,
  },
  {
    method: 'get',
    path: '/v1/remittance/{id}',
    operationId: 'getRemittance',
    summary: 'Read a remittance back',
    tag: 'Remittances and disbursements',
    extension: true,
    caller: 'merchant',
    parameters: [idParam('remittance')],
    answers: { 200: { description: 'The remittance.', body: 'Remittance' } },
    errors: [...MERCHANT, 'not_found'],
  },
  {
    method: 'post',
    path: '/v1/disbursement',
    operationId: 'createDisbursement',
    summary: 'Pay out to a mobile-money number',
    tag: 'Remittances and disbursements',
    extension: false,
    caller: 'merchant',
    body: 'DisbursementRequest',
    parameters: [idempotencyKey],
    answers: { 201: { description: 'The disbursement, processing.', body: 'Disbursement' } },
    errors: CREATE,
  },
  {
    method: 'get',
    path: '/v1/disbursement/{id}',
    operationId: 'getDisbursement',
    summary: 'Read a disbursement back',
    tag: 'Remittances and disbursements',
    extension: true,
    caller: 'merchant',
    parameters: [idParam('disbursement')],
    answers: { 200: { description: 'The disbursement.', body: 'Disbursement' } },
    errors: [...MERCHANT, 'not_found'],
  },
  {
    method: 'post',
    path: '/v1/sessions',
    operationId: 'createSession',
    summary: 'Create a checkout session',
    description: '`expiresAt` and `customer` are extensions: a service without them ignores them.',
    tag: 'Checkout sessions',
    extension: false,
    caller: 'merchant',
    body: 'SessionRequest',
    parameters: [idempotencyKey],
    answers: { 200: { description: 'The session, with the address of its hosted page.', body: 'Session' } },
    errors: CREATE,
  },
  {
    method: 'get',
    path: '/v1/sessions',
    operationId: 'listSessions',
    summary: "List the key's checkout sessions, newest first",
    tag: 'Checkout sessions',
    extension: true,
    caller: 'merchant',
    parameters: listParams(sessionStatusSchema.options, false),
    answers: { 200: { description: 'A page of sessions.', body: 'SessionList' } },
    errors: LIST,
  },
  {
    method: 'get',
    path: '/v1/sessions/{id}',
    operationId: 'getSession',
    summary: 'Read the public view of a checkout session',
    description: 'Never the secret, the url or the metadata; with its intent as anyone reads it, less the secret.',
    tag: 'Checkout sessions',
    extension: true,
    caller: 'anyone-or-merchant',
    parameters: [idParam('checkout session'), ...conditionalRead],
    answers: {
      200: { description: 'The session.', body: 'PublicSession', headers: { ETag: etag } },
      304: { description: 'Not modified: the session is as the reader holds it.' },
    },
    errors: PUBLIC_READ,
  },
  {
    method: 'get',
    path: '/v1/_sandbox/merchant',
    operationId: 'getMerchantProfile',
    summary: "Read the key's merchant profile",
    tag: 'Sandbox',
    extension: true,
    caller: 'merchant',
    answers: { 200: { description: 'The profile payers are shown.', body: 'Merchant' } },
    errors: [...MERCHANT, 'not_found'],
  },
  {
    method: 'put',
    path: '/v1/_sandbox/merchant',
    operationId: 'putMerchantProfile',
    summary: "Replace the key's merchant profile",
    tag: 'Sandbox',
    extension: true,
    caller: 'merchant',
    body: 'MerchantProfileRequest',
    answers: { 200: { description: 'The profile, its logo served by the sandbox.', body: 'Merchant' } },
    errors: [...MERCHANT, ...BODY, 'capacity_exceeded'],
  },
  {
    method: 'get',
    path: '/v1/merchant-logos/{file}',
    operationId: 'getMerchantLogo',
    summary: "A merchant profile's logo, as payers' pages load it",
    tag: 'Sandbox',
    extension: true,
    caller: 'anyone',
    parameters: [
      {
        name: 'file',
        in: 'path',
        required: true,
        description: 'The first 32 hex digits of its SHA-256, and its type.',
        schema: z.string(),
      },
    ],
    answers: {
      200: {
        description: 'The image, exactly as it was set.',
        body: { mediaTypes: ['image/png', 'image/webp'] },
      },
    },
    errors: ['not_found', ...ALWAYS],
  },
  {
    method: 'get',
    path: '/v1/_sandbox/wallet/{id}/{token}',
    operationId: 'showWalletPage',
    summary: "The sandbox's page that plays a wallet's app (an open_wallet launch address)",
    tag: 'Sandbox',
    extension: true,
    caller: 'anyone',
    parameters: [
      idParam('payment intent'),
      { name: 'token', in: 'path', required: true, description: "The attempt's launch token.", schema: z.string() },
    ],
    answers: { 200: { description: 'The page, Approve and Decline.', body: html } },
    errors: ['not_found', ...ALWAYS],
  },
  {
    method: 'post',
    path: '/v1/_sandbox/wallet/{id}/{token}',
    operationId: 'answerWalletPage',
    summary: "Approve or decline on the sandbox's wallet page",
    tag: 'Sandbox',
    extension: true,
    caller: 'anyone',
    parameters: [
      idParam('payment intent'),
      { name: 'token', in: 'path', required: true, description: "The attempt's launch token.", schema: z.string() },
    ],
    bodyRequired: false,
    body: {
      mediaTypes: ['application/x-www-form-urlencoded'],
      schema: z.object({ answer: z.optional(z.enum(['approve', 'decline'])), token: z.optional(z.string()) }),
    },
    answers: {
      200: { description: 'The page again, the answer recorded.', body: html },
      403: {
        description: "Nothing done: the form's token is not this sandbox's (the page again, with one that is).",
        body: html,
      },
    },
    errors: ['not_found', ...ALWAYS],
  },
];
