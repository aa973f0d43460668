// The hosted page (`/pay/pi_…`, `/pay/cs_…`, and `/embed`, the widget's frame of it) and, at the same
// addresses, the payment without JavaScript (../plain-payment.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { EMBED_PATH } from '../../hosted/embed';
import { pickLang } from '../../i18n';
import { variantResponse } from '../compress';
import { PLAIN_PATH, type PlainPaymentOptions, plainPaymentHandler } from '../plain-payment';
import { servedOverHttps } from '../plain-cookie';
import { relativeCookie } from '../plain-relative';
import { RECEIPT_LINK_PATH } from '../receipt-link';
import { messagePage, onlyGetOrHead } from '../responses';
import { embedPageHeaders, hostedPageHeaders, type HostedPolicyOptions } from '../security';
import type { StaticFiles } from '../static';
import type { ServerEnv } from './env';

/** `/pay/pi_…` or `/pay/cs_…`: the id is read by the page itself; here it only has to look right. */
export const HOSTED_PAGE_PATH = /^\/pay\/(?:pi|cs)_[A-Za-z0-9]{1,64}$/;

export interface HostedPageAppOptions {
  /** The page's HTML: from dist/ (builtHostedPage) or, in dev mode, through Vite. */
  loadHtml: (req: Request) => Promise<Response>;
  /** What its CSP allows. */
  policy: HostedPolicyOptions;
  /** How the payment without JavaScript reaches the service. */
  plain: PlainPaymentOptions;
  /** A payment's lasting receipt link (`/pay/<id>/receipt`, `/pay/<id>/receipt-link`: ../receipt-link.ts). */
  receiptLink: (req: Request, env?: ServerEnv['Bindings']) => Promise<Response>;
}

export function hostedPageApp({ loadHtml, policy, plain, receiptLink }: HostedPageAppOptions): Hono<ServerEnv> {
  const pageHeaders = hostedPageHeaders(policy);
  const framedHeaders = embedPageHeaders(policy);
  const plainPayment = plainPaymentHandler(plain);

  async function page(req: Request, headers: Record<string, string>): Promise<Response> {
    const refused = onlyGetOrHead(req);
    if (refused) return refused;
    const res = await loadHtml(req);
    for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    return res;
  }

  const app = new Hono<ServerEnv>();
  app.all(EMBED_PATH, (c) => {
    const req = c.req.raw;
    // Where index.html's <noscript> refresh leads the frame when scripts are off in it: the frame
    // is given its payment by a script, so it has no plain form; 204 leaves it as it is (a
    // navigation to a 204 does not happen), where the same page again would reload it forever.
    if (new URL(req.url).searchParams.has('plain') && !onlyGetOrHead(req))
      return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
    return page(req, framedHeaders);
  });
  app.all('/pay/*', async (c, next) => {
    const req = c.req.raw;
    const url = new URL(req.url);
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    // GET and HEAD of `/pay/<id>` without `?plain` are the page; every other request to a
    // payment's address is the plain payment's (which answers 405 to what it does not take).
    if (isRead && HOSTED_PAGE_PATH.test(url.pathname) && !url.searchParams.has('plain')) {
      const res = await page(req, pageHeaders);
      // A relative's page: its plain pages, where its <noscript> leads without the query, know it too.
      if (url.searchParams.has('relative') && res.ok) {
        const secure = servedOverHttps(req, plain.origins?.[0]);
        res.headers.append('Set-Cookie', relativeCookie(url.pathname.slice('/pay/'.length), secure));
      }
      return res;
    }
    if (PLAIN_PATH.test(url.pathname)) return plainPayment(req, c.env);
    if (RECEIPT_LINK_PATH.test(url.pathname)) return receiptLink(req, c.env);
    await next();
  });
  return app;
}

/**
 * The built hosted page, compressed like every static file, never cached (it names the assets): in
 * English (index.en.html, its first screen prerendered in English) when the page will speak it —
 * `?lang=en`, or English before French in Accept-Language — else index.html (French).
 */
export function builtHostedPage(files: StaticFiles): (req: Request) => Promise<Response> {
  return async (req) => {
    const english =
      pickLang(new URL(req.url).searchParams.get('lang'), (req.headers.get('accept-language') ?? '').split(',')) ===
      'en';
    const variants = (english ? await files.get('index.en.html') : null) ?? (await files.get('index.html'));
    if (variants === null) {
      return messagePage(503, {
        lang: 'en',
        title: 'Checkout unavailable',
        text: 'The hosted page has not been built. Run npm run build.',
      });
    }
    return variantResponse(req, variants, { cacheControl: 'no-store' });
  };
}

/** The HTML of each built hosted page (index.html, index.en.html where built), for its CSP hashes. */
export const builtPages = (distDir: string): string[] =>
  ['index.html', 'index.en.html']
    .map((file) => join(distDir, file))
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path, 'utf8'));
