// What the build emits besides the hosted page, served from dist/ compressed and cached: the
// drop-in widget, the content-hashed assets, the catalogues loaded only when chosen and the steps
// loaded only when the service asks for them. Merchants' pages load all of it from their own
// origin: public, and cross-origin on purpose.
import { Hono } from 'hono';
import { variantResponse } from '../compress';
import { notFoundPage, onlyGetOrHead } from '../responses';
import type { StaticFiles } from '../static';
import type { ServerEnv } from './env';

const CROSS_ORIGIN = { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' };
/**
 * Names without a hash (widget.js, the catalogues, the steps): cached a short while, then asked
 * again (a strong ETag: a 304 when unchanged), never served stale past it by a CDN or a browser, so
 * that widget.js and the steps it loads stay at most 5 min apart after a deploy.
 */
const SHORT_CACHE = 'public, max-age=300, must-revalidate';
/** Content-hashed names: cached for a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The languages loaded only when chosen (src/i18n/load.ts): `/i18n/ar.json`, `es`, `pt`. */
const I18N_PATH = /^\/i18n\/([a-z]{2})\.json$/;

/**
 * The parts loaded only when needed (src/parts/load.ts): a step the service asks for, by its name
 * (`/steps/enter_otp.js`), the QR encoder, the screens, the dialog, the frame.
 */
const STEPS_PATH = /^\/steps\/([a-z][a-z_]{0,31})\.js$/;

export function buildOutputApp(files: StaticFiles): Hono<ServerEnv> {
  /** The file at `path` of dist/ (null: none), answered with `cacheControl`. */
  const serve = async (req: Request, path: string | null, cacheControl: string): Promise<Response> => {
    const refused = onlyGetOrHead(req);
    if (refused) return refused;
    const variants = path === null ? null : await files.get(path);
    if (variants === null) return notFoundPage();
    return variantResponse(req, variants, { cacheControl, headers: CROSS_ORIGIN });
  };

  const app = new Hono<ServerEnv>();
  app.all('/widget.js', (c) => serve(c.req.raw, 'widget.js', SHORT_CACHE));
  app.all('/i18n/*', (c) => {
    const lang = I18N_PATH.exec(new URL(c.req.url).pathname)?.[1];
    return serve(c.req.raw, lang ? `i18n/${lang}.json` : null, SHORT_CACHE);
  });
  app.all('/steps/*', (c) => {
    const name = STEPS_PATH.exec(new URL(c.req.url).pathname)?.[1];
    return serve(c.req.raw, name ? `steps/${name}.js` : null, SHORT_CACHE);
  });
  app.all('/assets/*', async (c, next) => {
    const { pathname } = new URL(c.req.url);
    // `/assets` itself is no file of the build.
    if (!pathname.startsWith('/assets/')) return next();
    return serve(c.req.raw, pathname.slice(1), IMMUTABLE);
  });
  return app;
}
