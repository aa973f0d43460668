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
 * Adds `Access-Control-Allow-Origin: *` to every answer of a cross-origin request, errors included,
 * and lets its page read the answer's ETag (to send it back in If-None-Match). A request without an
 * Origin (a same-origin GET, a server) or from the API's own origin (the hosted page's confirm)
 * is no CORS request: the 70 bytes would be spent on every status read for nothing. Never for an
 * answer a cache may keep (every one here is no-store), which would then need `Vary: Origin`.
 */
export const publicCors = createMiddleware<SandboxEnv>(async (c, next) => {
  await next();
  const origin = c.req.header('origin');
  const sameOrigin = origin === undefined || origin === new URL(c.req.url).origin;
  if (sameOrigin && /\bno-store\b/.test(c.res.headers.get('Cache-Control') ?? '')) return;
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
