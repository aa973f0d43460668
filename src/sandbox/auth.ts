// Merchant authentication. The sandbox has no token table: any `sk_test_…` bearer token is a
// merchant, so developers can use whatever test key their configuration holds.
import { timingSafeEqual } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { ApiError } from './errors';
import type { SandboxEnv } from './env';

const PREFIX = Buffer.from('sk_test_');
const BEARER = /^Bearer +([\x21-\x7e]+)$/i;

const unauthorized = () =>
  new ApiError('unauthorized', 'A valid secret key is required: send the header Authorization: Bearer sk_test_….');

/** The token of a well-formed `Authorization: Bearer sk_test_…` header, else null. */
export function merchantToken(header: string | undefined): string | null {
  const token = header === undefined ? undefined : BEARER.exec(header.trim())?.[1];
  if (token === undefined) return null;
  const head = Buffer.alloc(PREFIX.length);
  Buffer.from(token).copy(head, 0, 0, PREFIX.length);
  const prefixOk = timingSafeEqual(head, PREFIX);
  return prefixOk && token.length > PREFIX.length ? token : null;
}

/** Refuses the request unless it carries a merchant token; keeps the token for idempotency scopes. */
export const requireMerchant = createMiddleware<SandboxEnv>(async (c, next) => {
  const token = merchantToken(c.req.header('authorization'));
  if (token === null) throw unauthorized();
  c.set('token', token);
  await next();
});

/**
 * For endpoints that also answer anonymously: no header ⇒ anonymous (false); a valid token ⇒
 * merchant (true); a header that is not a valid token is refused rather than silently ignored.
 */
export function isMerchantRequest(header: string | undefined): boolean {
  if (header === undefined) return false;
  if (merchantToken(header) === null) throw unauthorized();
  return true;
}
