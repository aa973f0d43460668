// The parts the dispatcher is composed of: each route claims a set of paths and answers them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Handler, messagePage, onlyGetOrHead, redirect } from './http';
import { variantResponse } from './compress';
import { embedPageHeaders, hostedPageHeaders, type HostedPolicyOptions } from './security';
import type { StaticFiles } from './static';
import { EMBED_PATH } from '../hosted/embed';
import { pickLang } from '../i18n';

export interface Route {
  /** For logs and errors. */
  name: string;
  matches(pathname: string): boolean;
  handle: Handler;
}

const under = (prefix: string) => (pathname: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** `/v1` and everything below it: the payment service (the sandbox, in process). */
export const apiRoute = (fetchApi: Handler): Route => ({ name: 'api', matches: under('/v1'), handle: fetchApi });

/** `/demo` and everything below it: the demo merchant. */
export const demoRoute = (fetchDemo: Handler): Route => ({ name: 'demo', matches: under('/demo'), handle: fetchDemo });

/** `/pay/pi_…` or `/pay/cs_…`: the id is read by the page itself; here it only has to look right. */
export const HOSTED_PAGE_PATH = /^\/pay\/(?:pi|cs)_[A-Za-z0-9]{1,64}$/;

/** The hosted page's HTML, from wherever `loadHtml` takes it (dist/ or Vite in dev mode); also as the widget's frame. */
export function hostedPageRoute(loadHtml: (req: Request) => Promise<Response>, policy: HostedPolicyOptions): Route {
  const headers = hostedPageHeaders(policy);
  const framed = embedPageHeaders(policy);
  return {
    name: 'hosted-page',
    matches: (pathname) => HOSTED_PAGE_PATH.test(pathname) || pathname === EMBED_PATH,
    async handle(req) {
      const refused = onlyGetOrHead(req);
      if (refused) return refused;
      const res = await loadHtml(req);
      const policyHeaders = new URL(req.url).pathname === EMBED_PATH ? framed : headers;
      for (const [name, value] of Object.entries(policyHeaders)) res.headers.set(name, value);
      return res;
    },
  };
}

/**
 * The built hosted page, compressed like every static file, never cached (it names the assets): in
 * English (index.en.html, its first screen prerendered in English) when the page will speak it —
 * `?lang=en`, or English before French in Accept-Language — else index.html (French).
 */
export function builtHostedPage(files: StaticFiles): (req: Request) => Promise<Response> {
  return async (req) => {
    const english = pickLang(new URL(req.url).searchParams.get('lang'), (req.headers.get('accept-language') ?? '').split(',')) === 'en';
    const variants = (english ? await files.get('index.en.html') : null) ?? (await files.get('index.html'));
    if (variants === null) {
      return messagePage(503, { lang: 'en', title: 'Checkout unavailable', text: 'The hosted page has not been built. Run npm run build.' });
    }
    return variantResponse(req, variants, { cacheControl: 'no-store' });
  };
}

/** The HTML of each built hosted page (index.html, index.en.html where built), for its CSP hashes. */
export const builtPages = (distDir: string): string[] =>
  ['index.html', 'index.en.html'].map((file) => join(distDir, file)).filter((path) => existsSync(path)).map((path) => readFileSync(path, 'utf8'));

/** Content-hashed build output: cached for a year, never revalidated. */
export function assetsRoute(files: StaticFiles): Route {
  return {
    name: 'assets',
    matches: (pathname) => pathname.startsWith('/assets/'),
    async handle(req) {
      const refused = onlyGetOrHead(req);
      if (refused) return refused;
      const { pathname } = new URL(req.url);
      const variants = await files.get(pathname.slice(1));
      if (variants === null) return notFoundPage();
      return variantResponse(req, variants, {
        cacheControl: 'public, max-age=31536000, immutable',
        // Chunks and styles the widget loads from merchants' pages: public, and cross-origin on purpose.
        headers: { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' },
      });
    },
  };
}

/** The drop-in widget, loaded by merchants' pages: short cache, since its name has no hash. */
export function widgetRoute(files: StaticFiles): Route {
  return {
    name: 'widget',
    matches: (pathname) => pathname === '/widget.js',
    async handle(req) {
      const refused = onlyGetOrHead(req);
      if (refused) return refused;
      const variants = await files.get('widget.js');
      if (variants === null) return notFoundPage();
      return variantResponse(req, variants, {
        cacheControl: 'public, max-age=300',
        headers: { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' },
      });
    },
  };
}

/** The languages loaded only when chosen (src/i18n/load.ts): `/i18n/ar.json`, `es`, `pt`. */
export const I18N_PATH = /^\/i18n\/([a-z]{2})\.json$/;

/**
 * The catalogues the build emits into i18n/: fetched by the hosted page and by widget.js on
 * merchants' pages (cross-origin on purpose), compressed like every static file, cached a short
 * while since their names have no hash.
 */
export function i18nRoute(files: StaticFiles): Route {
  return {
    name: 'i18n',
    matches: under('/i18n'),
    async handle(req) {
      const refused = onlyGetOrHead(req);
      if (refused) return refused;
      const lang = I18N_PATH.exec(new URL(req.url).pathname)?.[1];
      const variants = lang ? await files.get(`i18n/${lang}.json`) : null;
      if (!variants) return notFoundPage();
      return variantResponse(req, variants, {
        cacheControl: 'public, max-age=300',
        headers: { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' },
      });
    },
  };
}

/** The steps loaded only when the service asks for them (src/methods/steps.ts): `/steps/otp.js`, `app`, `qr`. */
export const STEPS_PATH = /^\/steps\/([a-z]{1,16})\.js$/;

/**
 * The step scripts the build emits into steps/: loaded by the hosted page and by widget.js on
 * merchants' pages (cross-origin on purpose), compressed, cached a short while as the catalogues
 * are, since their names have no hash.
 */
export function stepsRoute(files: StaticFiles): Route {
  return {
    name: 'steps',
    matches: under('/steps'),
    async handle(req) {
      const refused = onlyGetOrHead(req);
      if (refused) return refused;
      const name = STEPS_PATH.exec(new URL(req.url).pathname)?.[1];
      const variants = name ? await files.get(`steps/${name}.js`) : null;
      if (!variants) return notFoundPage();
      return variantResponse(req, variants, {
        cacheControl: 'public, max-age=300',
        headers: { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' },
      });
    },
  };
}

/** `/` has nothing of its own: show the demo. */
export const rootRoute: Route = {
  name: 'root',
  matches: (pathname) => pathname === '/',
  handle: async () => redirect('/demo', 302),
};

export const notFoundPage = () =>
  messagePage(
    404,
    { lang: 'fr', title: 'Page introuvable', text: 'Il n’y a rien à cette adresse.' },
    { lang: 'en', title: 'Not found', text: 'There is nothing at this address.' },
  );
