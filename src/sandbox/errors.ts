// The one error shape of the sandbox: `{ error: { code, message, field } }`, with a closed set of
// codes so clients can switch on them exhaustively.
import { CLIENT_SECRET_PATTERN } from '../api/schemas/client-secret';
import type { ErrorBody } from '../api/types';

export const ERROR_CODES = [
  'invalid_json',
  'invalid_request',
  'unsupported_media_type',
  'body_too_large',
  'unauthorized',
  'invalid_client_secret',
  'browser_origin_forbidden',
  'not_found',
  'payment_in_progress',
  'payment_already_succeeded',
  'payment_intent_canceled',
  'too_many_attempts',
  'otp_invalid',
  'otp_expired',
  'otp_not_expected',
  'idempotency_key_reused',
  'rate_limited',
  'internal_error',
  'capacity_exceeded',
  'storage_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status of each code, so a code can never travel with a contradictory status. */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  invalid_json: 400,
  invalid_request: 400,
  unsupported_media_type: 415,
  body_too_large: 413,
  unauthorized: 401,
  invalid_client_secret: 401,
  browser_origin_forbidden: 403,
  not_found: 404,
  payment_in_progress: 409,
  payment_already_succeeded: 409,
  payment_intent_canceled: 409,
  too_many_attempts: 409,
  otp_invalid: 400,
  otp_expired: 409,
  otp_not_expected: 409,
  idempotency_key_reused: 409,
  rate_limited: 429,
  internal_error: 500,
  capacity_exceeded: 503,
  storage_unavailable: 503,
};

/** What the sandbox answers a request it refuses with: its code, HTTP status and the field at fault. */
export class SandboxError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'SandboxError';
    this.status = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, field: this.field } };
  }
}

export const invalidField = (field: string, message: string) => new SandboxError('invalid_request', message, field);

export const notFound = (what = 'The requested resource') => new SandboxError('not_found', `${what} does not exist.`);

const SECRET_PATTERNS = [/sk_(?:test|live)_[^\s"',;]*/g, new RegExp(CLIENT_SECRET_PATTERN, 'g'), /Bearer\s+\S+/gi];

/** Record ids (an intent's, a session's, a charge's…): a log line keeps their kind, not which one. */
const RECORD_ID = /\b(pi|cs|ch|pm|tr|rem|wt|wal|txn|ext)_[0-9A-Za-z]{6,}/g;

/**
 * Removes anything that looks like a token or a client secret before text reaches a log, and the
 * record ids (an intent id and its page's address are what a payer's link is made of).
 */
export function redact(text: string): string {
  return SECRET_PATTERNS.reduce((out, pattern) => out.replace(pattern, '[redacted]'), text).replace(RECORD_ID, '$1_…');
}
