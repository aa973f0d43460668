// Extension: the merchant profile of a token, and the logos the sandbox serves for it (docs/sandbox.md,
// "Merchant profile"). Mounted only with the extensions: a bare service has none of it.
import type { Hono } from 'hono';
import { merchantRequestSchema } from '../../api/schemas';
import { requireMerchant } from '../auth';
import { forbidBrowsers, merchantPreflight } from '../cors';
import type { Deps, SandboxEnv } from '../env';
import { SandboxError, notFound } from '../errors';
import { jsonResponse, readJsonBody } from '../json';
import { LOGO_ROUTE, merchantRecord } from '../merchants';
import { parseWith } from '../validate';

/** Under the API's /v1: the route's address, and the full one its messages name. */
const PROFILE = '/_sandbox/merchant';
const PROFILE_PATH = `/v1${PROFILE}`;

/** A logo is content-addressed: it never changes at its address, and is nothing but an image. */
const LOGO_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'public, max-age=31536000, immutable',
  // Shown by pages of any origin (the widget on a merchant's site, the hosted page elsewhere).
  'Cross-Origin-Resource-Policy': 'cross-origin',
  // Opened on its own, it may run and load nothing.
  'Content-Security-Policy': "default-src 'none'",
};

export function profileRoutes(app: Hono<SandboxEnv>, { config, store, merchants }: Deps): void {
  app.options(PROFILE, merchantPreflight);

  app.get(PROFILE, forbidBrowsers, requireMerchant, (c) => {
    const view = merchants.view(c.get('owner'));
    if (!view)
      throw new SandboxError('not_found', `This secret key has no merchant profile; set one with PUT ${PROFILE_PATH}.`);
    return jsonResponse(200, view);
  });

  // Replaces the token's profile whole: what the body leaves out is null.
  app.put(PROFILE, forbidBrowsers, requireMerchant, async (c) => {
    const value = await readJsonBody(c, config.maxBodyBytes);
    const owner = c.get('owner');
    const record = merchantRecord(parseWith(merchantRequestSchema, value), owner, config.now());
    store.write([{ kind: 'merchant', record }], owner, 'token');
    return jsonResponse(200, merchants.view(owner));
  });

  // No token: a payer's page shows it with an <img>.
  app.get(`${LOGO_ROUTE}:file`, (c) => {
    const logo = merchants.logo(c.req.param('file'));
    if (!logo) throw notFound('This logo');
    return new Response(Buffer.from(logo.data, 'base64'), {
      status: 200,
      headers: { 'Content-Type': `image/${logo.type}`, ...LOGO_HEADERS },
    });
  });
}
