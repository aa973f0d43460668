// Merchant authentication. The sandbox has no token table: any `sk_test_…` bearer token is a
// merchant, so developers can use whatever test key their configuration holds. Each token owns the
// records it creates (kept by the token's hash, never the token): another token cannot see them.
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { browserForbidden } from './cors';
import { SandboxError } from './errors';
import type { SandboxEnv } from './hono-env';
import { hashOf } from './idempotency';
import type { Owner } from './store/records';

const PREFIX = Buffer.from('sk_test_');
const BEARER = /^Bearer +([\x21-\x7e]+)$/i;

const unauthorized = () =>
  new SandboxError('unauthorized', 'A valid secret key is required: send the header Authorization: Bearer sk_test_….');

/** The token of a well-formed `Authorization: Bearer sk_test_…` header, else null. */
export function merchantToken(header: string | undefined): string | null {
  const token = header === undefined ? undefined : BEARER.exec(header.trim())?.[1];
  if (token === undefined) return null;
  const head = Buffer.alloc(PREFIX.length);
  Buffer.from(token).copy(head, 0, 0, PREFIX.length);
  const prefixOk = timingSafeEqual(head, PREFIX);
  return prefixOk && token.length > PREFIX.length ? token : null;
}

/** Who a token is: its hash (the token itself is never kept). */
export const ownerOfToken = (token: string): Owner => hashOf(token);

/** Refuses the request unless it carries a merchant token; keeps who it is for the routes. */
export const requireMerchant = createMiddleware<SandboxEnv>(async (c, next) => {
  const token = merchantToken(c.req.header('authorization'));
  if (token === null) throw unauthorized();
  c.set('owner', ownerOfToken(token));
  await next();
});

/**
 * Who reads a record that also answers without a token (an intent, a session): null without a
 * token; else the merchant it names. A header that is not a valid token is refused rather than
 * ignored, and so is a merchant key sent from a browser: it has no business there, even to read.
 */
export function readerOf(c: Context<SandboxEnv>): Owner | null {
  const header = c.req.header('authorization');
  if (header === undefined) return null;
  if (c.req.header('origin') !== undefined) throw browserForbidden();
  const token = merchantToken(header);
  if (token === null) throw unauthorized();
  return ownerOfToken(token);
}

/** A reader without a token sees what the interface shows anyone; with one, only its own records. */
export const mayRead = (reader: Owner | null, owner: Owner): boolean => reader === null || reader === owner;
