// Two kinds of endpoints. Browser-facing ones (read an intent, confirm it, read a session) answer
// any origin: the hosted page and the widget run on merchants' sites. Merchant ones take secret
// tokens and belong on servers, so a request that shows a browser Origin is refused outright.
import { createMiddleware } from 'hono/factory';
import type { Handler } from 'hono';
import { SandboxError } from './errors';
import { jsonResponse } from './json';
import type { SandboxEnv } from './hono-env';

export const PREFLIGHT_MAX_AGE_S = 7200;

/**
 * Adds `Access-Control-Allow-Origin: *` to every answer, errors included, and lets a page read a
 * read's ETag (to send it back in If-None-Match).
 */
export const publicCors = createMiddleware<SandboxEnv>(async (c, next) => {
  await next();
  c.res.headers.set('Access-Control-Allow-Origin', '*');
  if (c.res.headers.has('ETag')) c.res.headers.set('Access-Control-Expose-Headers', 'ETag');
});

/** Preflight of a browser-facing endpoint; cached for two hours so a polling page pays it once. */
export const publicPreflight: Handler<SandboxEnv> = () =>
  jsonResponse(204, null, {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, POST',
    'Access-Control-Allow-Headers': 'Content-Type, Idempotency-Key, If-None-Match',
    'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
  });

export const browserForbidden = () =>
  new SandboxError(
    'browser_origin_forbidden',
    'This endpoint takes a secret key and must be called from a server, never from a browser.',
  );

/** Merchant endpoints: a request with an Origin header comes from a browser and is refused. */
export const forbidBrowsers = createMiddleware<SandboxEnv>(async (c, next) => {
  if (c.req.header('origin') !== undefined) throw browserForbidden();
  await next();
});

/** Preflight of a merchant endpoint: refused, with no Access-Control-Allow-* header at all. */
export const merchantPreflight: Handler<SandboxEnv> = () => {
  throw browserForbidden();
};
