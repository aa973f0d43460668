// The one error shape of the sandbox: `{ error: { code, message, field } }`, with a closed set of
// codes so clients can switch on them exhaustively.
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
  'payment_link_inactive',
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
  payment_link_inactive: 409,
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
