// One error type for every way a call to the service can fail, with a closed set of kinds so
// callers can decide what to show and whether the request may have taken effect.

export type ApiErrorKind =
  /** No answer: DNS, refused or reset connection, offline. */
  | 'network'
  /** No answer within the request's time limit. */
  | 'timeout'
  /** The service answered with a 4xx or 5xx status. */
  | 'http'
  /** The service answered 2xx with a body that is not JSON or does not match the contract. */
  | 'invalid_response'
  /** The caller aborted the request. */
  | 'aborted';

export interface ApiErrorDetails {
  status?: number;
  /** The service's error code (`error.code` of the error body) when it sent one. */
  code?: string;
  /** The field the service (or the contract check) names, as a dotted path. */
  field?: string | null;
  /** Seconds the service asked to wait (`Retry-After`). */
  retryAfter?: number;
  /** A non-JSON error body, truncated: an HTML error page from a proxy, for instance. */
  bodyText?: string;
  cause?: unknown;
}

export class ApiError extends Error {
  // `declare`: the constructor assigns them; no class-field code is shipped for them.
  declare readonly kind: ApiErrorKind;
  declare readonly status: number | undefined;
  declare readonly code: string | undefined;
  declare readonly field: string | null | undefined;
  declare readonly retryAfter: number | undefined;
  declare readonly bodyText: string | undefined;

  constructor(kind: ApiErrorKind, message: string, details: ApiErrorDetails = {}) {
    super(message, { cause: details.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = details.status;
    this.code = details.code;
    this.field = details.field;
    this.retryAfter = details.retryAfter;
    this.bodyText = details.bodyText;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * True when a request that failed this way may still have been carried out by the service:
 * a write that failed so must be checked by reading, never blindly sent again.
 */
export function mayHaveTakenEffect(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'invalid_response') return true;
  return error.kind === 'http' && (error.status ?? 500) >= 500;
}

/** True for failures worth retrying a read for: nothing answered, or the service is overloaded. */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  const { status } = error;
  return (
    error.kind === 'http' && (status === 429 || status === 502 || status === 503 || status === 504 || status === 500)
  );
}
