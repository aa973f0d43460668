// The checkout itself, as the sub-apps every server mounts — `npm start` and the sandbox command
// beside the sandbox (./app.ts), the production server alone (./production-app.ts) — and the one
// way they are put together: the base headers on every answer, the 404 page, a 500 page that
// never shows a stack.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { ViteDevServer } from 'vite';
import { redact } from '../api/redact';
import { buildOutputApp } from './apps/build-output';
import type { ServerEnv } from './apps/env';
import { builtHostedPage, builtPages, hostedPageApp } from './apps/hosted-page';
import { paymentLinksApp } from './apps/payment-links';
import { receiptApp } from './apps/receipt';
import { devHostedPage, viteDevApp } from './apps/vite-dev';
import type { FormTokens } from './form-token';
import type { PlainPaymentOptions } from './plain-payment';
import { receiptLinkHandler } from './receipt-link';
import { createReceiptTokens, type ReceiptTokens } from './receipt-token';
import { accessLog, loggedPath } from './access-log';
import { alwaysReady, type CheckReady, healthApp } from './apps/health';
import { notFoundPage, serverErrorPage, withHeaders } from './responses';
import { baseHeaders, inlineHashes } from './security';
import type { StaticFiles } from './static';

export interface CheckoutAppsOptions {
  /** The build output: the hosted page, its assets, widget.js, the catalogues and the steps. */
  files: StaticFiles;
  /** Where payers reach this server: the no-JavaScript form may be posted from it. */
  publicUrl: string;
  /** The API the page calls, when not this server's own `/v1` (its CSP's connect-src). */
  apiOrigin?: string | undefined;
  /** Where merchants' logos come from (the service's address): the page's CSP img-src. */
  imageOrigin?: string | undefined;
  /** How the payment without JavaScript reaches the service. */
  plainApi: PlainPaymentOptions['api'];
  /** The no-JavaScript forms' keys; default one made now (a restart voids forms on screen). */
  formTokens?: FormTokens | undefined;
  /** The receipt links' keys (derived from the form keys); default one made now (a restart voids the links). */
  receiptTokens?: ReceiptTokens | undefined;
  /** The clock the no-JavaScript waiting page measures a push's wait by: the in-process sandbox's; default the system's. */
  plainNow?: (() => number) | undefined;
  /** Dev mode: the hosted page and the sources through this Vite server, `root` holding index.html. */
  vite?: { server: ViteDevServer; root: string } | undefined;
}

/**
 * Mounts the hosted page (with the payment without JavaScript), Vite in dev mode, then the build
 * output. A sub-app is mounted at the prefix its addresses share (`app.route('/v1', …)`,
 * `app.route('/demo', …)` in ./app.ts); these three share none, so they are mounted at the root:
 * the hosted page answers `/pay/…` and `/embed` (the same page in the widget's frame, whose address
 * merchants' widget.js builds), the build output `/widget.js` (the address merchants' pages name),
 * `/assets/`, `/i18n/` and `/steps/` (dist/'s own layout), and Vite in dev mode whatever it knows.
 */
export function mountCheckout(app: Hono<ServerEnv>, options: CheckoutAppsOptions): void {
  const { files, publicUrl, apiOrigin, imageOrigin, plainApi, formTokens, plainNow, vite } = options;
  const receipts = options.receiptTokens ?? createReceiptTokens();
  const hosted = hostedPageApp({
    loadHtml: vite ? devHostedPage(vite.server, vite.root) : builtHostedPage(files),
    policy: {
      apiOrigin,
      imageOrigin,
      dev: vite !== undefined,
      // Every prerendered language's inline script (each page's its own text) and their one stylesheet.
      ...inlineHashes(...(vite ? [readFileSync(join(vite.root, 'index.html'), 'utf8')] : builtPages(files.root))),
    },
    plain: {
      api: plainApi,
      origins: [publicUrl],
      ...(formTokens ? { tokens: formTokens } : {}),
      ...(plainNow ? { now: plainNow } : {}),
    },
    receiptLink: receiptLinkHandler({ api: plainApi, receipts, publicUrl }),
  });
  app.route('/', hosted);
  app.route('/receipt', receiptApp({ api: plainApi, receipts })); // a payment's lasting receipt (issue 31)
  app.route('/l', paymentLinksApp({ api: plainApi, publicUrl })); // a payment link's pages (issue 31)
  if (vite) app.route('/', viteDevApp(vite.server));
  app.route('/', buildOutputApp(files));
}

export interface ComposeOptions {
  /** Where payers reach this server: HSTS on every answer when it is https. */
  publicUrl: string;
  /** Told about unexpected failures while answering (default: logged to stderr, secrets redacted). */
  onError?: ((error: unknown, req: Request, route: string) => void) | undefined;
  /** Whether the payment service answers, for /readyz. Default: always (the in-process sandbox); serviceAnswers(apiBase) for another. */
  ready?: CheckReady | undefined;
  /** Writes the access log, one JSON line per request (./access-log.ts), e.g. console.log. Default: none. */
  accessLog?: ((line: string) => void) | undefined;
  /**
   * The host names requests may name (lower case, IPv6 in brackets); any other is refused with 421.
   * For a server on loopback: a page of another site whose name was made to point at 127.0.0.1 (DNS
   * rebinding) would otherwise read it as its own origin. Default: every name.
   */
  allowedHosts?: readonly string[] | undefined;
}

/**
 * The app a server's sub-apps are mounted on, in order: the access log, the headers on every answer,
 * /healthz and /readyz (at the root, where probes look: two addresses with no prefix in common), the
 * 404 page and the 500 page.
 */
export function serverApp(options: ComposeOptions): Hono<ServerEnv> {
  const { onError = logError } = options;
  const headers = baseHeaders(options.publicUrl); // HSTS when payers reach this server over https
  // The path as the request names it, not percent-decoded (Hono's default): each sub-app checks
  // its addresses against exactly what the client sent.
  const app = new Hono<ServerEnv>({ getPath: (req) => new URL(req.url).pathname });
  const allowed = options.allowedHosts && new Set(options.allowedHosts);
  if (options.accessLog) app.use(accessLog(options.accessLog));
  app.use(async (c, next) => {
    // The request's URL is made of its Host header (@hono/node-server).
    if (allowed && !allowed.has(new URL(c.req.url).hostname)) {
      const refused = new Response('This server does not answer under that name.\n', {
        status: 421,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      });
      return withHeaders(refused, headers);
    }
    await next();
    const res = withHeaders(c.res, headers);
    if (res !== c.res) {
      c.res = undefined; // replaced, not merged with the headers of the one before
      c.res = res;
    }
  });
  app.route('/', healthApp(options.ready ?? alwaysReady));
  app.notFound(() => notFoundPage());
  app.onError((error, c) => {
    onError(error, c.req.raw, c.req.routePath);
    return serverErrorPage();
  });
  return app;
}

/**
 * A failed request's line on stderr: its path as the access log writes it (ids cut to their kind, a
 * receipt link's token hidden: it opens a payment's receipt), what failed redacted the same way.
 */
export function logError(error: unknown, req: Request, route: string): void {
  const { pathname } = new URL(req.url);
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`[server] ${req.method} ${loggedPath(pathname)} (${route}) failed: ${redact(detail)}`);
}
