// What the operations (./operations, ./sandbox-operations) share: their parameters, written in zod as
// the sandbox reads them, the error codes of their common paths, and the page a browser is shown.
import * as z from 'zod/mini';
import { timestamp } from '../../api/schemas/fields';
import type { ErrorCode } from '../errors';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../lists';
import type { OtherBody, Parameter } from './operation-types';

export const idParam = (what: string): Parameter => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `The ${what}'s identifier.`,
  schema: z.string(),
});

export const idempotencyKey: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  extension: true,
  description:
    'Any 1 to 255 visible ASCII characters: the same request sent again with the same key is answered as the first was, without doing it twice; the same key with another body is refused (409 idempotency_key_reused).',
  schema: z.string().check(z.regex(/^[\x21-\x7e]{1,255}$/)),
};

export const pageParams: Parameter[] = [
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

export const listParams = (known: readonly string[], updated: boolean): Parameter[] => [
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

export const etag = { description: 'A weak tag of this answer, to send back in If-None-Match.', schema: z.string() };

export const conditionalRead: Parameter[] = [
  {
    name: 'If-None-Match',
    in: 'header',
    extension: true,
    description: 'The ETag of the answer the reader holds: 304 without a body while it is still the same.',
    schema: z.string(),
  },
];

// ---- Error codes of the common paths -----------------------------------------------------------

export const ALWAYS: ErrorCode[] = ['internal_error', 'storage_unavailable'];
export const MERCHANT: ErrorCode[] = ['unauthorized', 'browser_origin_forbidden', ...ALWAYS];
export const BODY: ErrorCode[] = ['invalid_json', 'invalid_request', 'unsupported_media_type', 'body_too_large'];
export const CREATE: ErrorCode[] = [...MERCHANT, ...BODY, 'idempotency_key_reused', 'capacity_exceeded'];
export const LIST: ErrorCode[] = [...MERCHANT, 'invalid_request', 'rate_limited'];
/** A read that answers without a token: a token it is sent must still be a merchant's, from a server. */
export const PUBLIC_READ: ErrorCode[] = ['unauthorized', 'browser_origin_forbidden', 'not_found', ...ALWAYS];

export const htmlPage: OtherBody = { mediaTypes: ['text/html'], schema: z.string() };
