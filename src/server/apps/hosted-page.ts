// The hosted page (`/pay/pi_…`, `/pay/cs_…`, and `/embed`, the widget's frame of it) and, at the same
// addresses, the payment without JavaScript (../plain-payment.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { EMBED_PATH } from '../../hosted/embed';
import { pickLang } from '../../i18n';
import type { Sandbox } from '../../sandbox';
import { perRequestResponse, variantResponse } from '../compress';
import { PLAIN_PATH, type PlainPaymentOptions, plainPaymentHandler } from '../plain-payment';
import { messagePage, onlyGetOrHead } from '../responses';
import { embedPageHeaders, hostedPageHeaders, type HostedPolicyOptions } from '../security';
import type { StaticFiles } from '../static';
import type { ServerEnv } from './env';

/** `/pay/pi_…` or `/pay/cs_…`: the id is read by the page itself; here it only has to look right. */
export const HOSTED_PAGE_PATH = /^\/pay\/(?:pi|cs)_[A-Za-z0-9]{1,64}$/;
const SESSION_PAGE_PATH = /^\/pay\/(cs_[A-Za-z0-9]{1,64})$/;

/** The session's answer in the page, as index.html's inline script looks for it. */
export const EMBEDDED_READ_ID = 'momo-read';

export interface HostedPageAppOptions {
  /**
   * The page's HTML: from dist/ (builtHostedPage) or, in dev mode, through Vite; with `embed`, HTML
   * to put before its first script (where a loader cannot, it ignores it: the page then reads).
   */
  loadHtml: (req: Request, embed?: string) => Promise<Response>;
  /** What its CSP allows. */
  policy: HostedPolicyOptions;
  /** How the payment without JavaScript reaches the service. */
  plain: PlainPaymentOptions;
  /**
   * Where this server answers the API itself (the in-process sandbox): the public answer of
   * `GET /v1/sessions/{id}`, put into a session's page so that it does not read it (inSandboxSessionRead).
   */
  readSession?: ((id: string) => Promise<string | null>) | undefined;
}

export function hostedPageApp({ loadHtml, policy, plain, readSession }: HostedPageAppOptions): Hono<ServerEnv> {
  const pageHeaders = hostedPageHeaders(policy);
  const framedHeaders = embedPageHeaders(policy);
  const plainPayment = plainPaymentHandler(plain);

  async function page(req: Request, headers: Record<string, string>): Promise<Response> {
    const refused = onlyGetOrHead(req);
    if (refused) return refused;
    // A session's page brings the session's public answer with it (no secret in it: the page is
    // still no-store): its script takes it as the answer of its first read, which then is not
    // sent — no second request, no second connection (on 2G, 0.8 s to open). The page reads it
    // itself where there is none (unknown, a bare service, another service's address).
    const [, session] = (req.method === 'GET' && SESSION_PAGE_PATH.exec(new URL(req.url).pathname)) || [];
    const read = readSession && session ? await readSession(session) : null;
    const res = await loadHtml(req, read === null ? undefined : embeddedRead(read));
    for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    return res;
  }

  const app = new Hono<ServerEnv>();
  app.all(EMBED_PATH, (c) => page(c.req.raw, framedHeaders));
  app.all('/pay/*', async (c, next) => {
    const req = c.req.raw;
    const url = new URL(req.url);
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    // GET and HEAD of `/pay/<id>` without `?plain` are the page; every other request to a
    // payment's address is the plain payment's (which answers 405 to what it does not take).
    if (isRead && HOSTED_PAGE_PATH.test(url.pathname) && !url.searchParams.has('plain')) return page(req, pageHeaders);
    if (PLAIN_PATH.test(url.pathname)) return plainPayment(req, c.env);
    await next();
  });
  return app;
}

/** A data block (never run, so the page's CSP is unchanged): every `<` escaped, nothing in it can close it. */
export const embeddedRead = (json: string): string =>
  `<script type="application/json" id="${EMBEDDED_READ_ID}">${json.replace(/</g, '\\u003c')}</script>`;

/** How long a session's page waits for the in-process read before it is sent without it. */
const SESSION_READ_WAIT_MS = 500;

/**
 * The public answer of `GET /v1/sessions/{id}` from the in-process sandbox, as a page without a
 * token reads it, or null: not 200 (unknown; a bare service knows no such read), no answer in
 * time, or a client secret in it (there is none: a page
 * a cache could keep must never hold one). None at all from a sandbox rigged with faults: the page
 * meets each as a test set it, over the network.
 */
export function inSandboxSessionRead(
  sandbox: Pick<Sandbox, 'fetch' | 'faults'>,
): ((id: string) => Promise<string | null>) | undefined {
  if (sandbox.faults) return undefined;
  return async (id) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), SESSION_READ_WAIT_MS);
    });
    try {
      const read = sandbox
        .fetch(new Request(`http://sandbox.invalid/v1/sessions/${id}`, { headers: { Accept: 'application/json' } }))
        .then(async (res) => {
          if (res.status !== 200 || !/^application\/json\b/.test(res.headers.get('Content-Type') ?? '')) return null;
          const text = await res.text();
          return /"client_?secret"\s*:/i.test(text) ? null : text;
        });
      return await Promise.race([read, late]);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The built hosted page, compressed like every static file, never cached (it names the assets): in
 * English (index.en.html, its first screen prerendered in English) when the page will speak it —
 * `?lang=en`, or English before French in Accept-Language — else index.html (French). With
 * `embed` (a session's answer), that HTML before its first script (which looks for it).
 */
export function builtHostedPage(files: StaticFiles): (req: Request, embed?: string) => Promise<Response> {
  return async (req, embed) => {
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
    if (embed === undefined) return variantResponse(req, variants, { cacheControl: 'no-store' });
    // This payer's page: compressed for this request.
    const html = new TextDecoder().decode(variants.identity).replace(/<script[\s>]/, (tag) => embed + tag);
    return perRequestResponse(req, new TextEncoder().encode(html), variants.type, { cacheControl: 'no-store' });
  };
}

/** The HTML of each built hosted page (index.html, index.en.html where built), for its CSP hashes. */
export const builtPages = (distDir: string): string[] =>
  ['index.html', 'index.en.html']
    .map((file) => join(distDir, file))
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path, 'utf8'));
