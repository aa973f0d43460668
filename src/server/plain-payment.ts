// A payment without JavaScript (docs/integration.md, "A payment without JavaScript"): the hosted page's path,
// `/pay/<pi_…|cs_…>`, also answers
//   GET  ?plain=1            the form, made by this server (the page's <noscript> and its "never a
//                            dead form" message link to it),
//   POST                     the form: checked, then the confirm, then 303 to the status page,
//   GET  /status             the attempt's state, refreshing itself while it is pending,
//   POST /answer             the payer's answer to a step (a one-time code), for the wallets that ask for one.
// The client secret is in the link's fragment, which never reaches a server; this one reads the
// intent from the service by the id in the path (`GET /v1/payment-intents/{id}` answers it without
// a token: an intent id is as confidential as its secret, docs/decisions.md) and puts the secret in
// the confirm's body only — never in an address, a log line or the HTML. Here is the HTTP: the
// addresses, where a post comes from and what it weighs; the form is ./plain-form.ts, the status
// page ./plain-status.ts, a step's answer ./plain-answer.ts.
import type { ClientConfig } from '../api/http';
import { readPostedForm } from './posted-form';
import { addCatalogue, LANGS, pickLang } from '../i18n';
import { TEXTS } from '../i18n/catalogues';
import type { SandboxBindings } from '../sandbox';
import { createFormTokens, type FormTokens } from './form-token';
import { type PlainLang, wordsOf } from './plain-pages';
import { statusHref } from './plain-read';
import { postAnswer } from './plain-answer';
import { servedOverHttps } from './plain-cookie';
import { postForm, showForm } from './plain-form';
import { statusPage } from './plain-status';
import { readTyped } from './plain-typed';
import type { Visit } from './plain-waiting';
import { originIsHere, refusedPage, siteAllows } from './post-origin';
import { isRelative } from './plain-relative';

for (const lang of LANGS) addCatalogue(lang, TEXTS[lang].messages);

/** A payment's page and its parts: `/pay/<id>`, `/pay/<id>/status`, `/pay/<id>/answer`. */
export const PLAIN_PATH = /^\/pay\/((?:pi|cs)_[A-Za-z0-9]{1,64})(?:\/(status|answer))?$/;
/** The most a form's body may weigh: a few short fields. */
const MAX_FORM_BYTES = 8 * 1024;

export interface PlainPaymentOptions {
  /**
   * How this server calls the service: its address and, for the in-process sandbox, its fetch
   * (given the payer's request's bindings, so the service's per-client limits see the payer).
   */
  api: (env: SandboxBindings | undefined) => ClientConfig;
  /**
   * Origins a form may be posted from besides the request's own. The first is this server's public
   * address: where a payer continues in another browser, and, when https, the plain pages' cookies
   * stay `Secure` even for a request that a load balancer ending TLS passes on as http (./plain-cookie.ts).
   */
  origins?: readonly string[];
  /** The form tokens' key and clock; default: a key made now, the system clock. */
  tokens?: FormTokens;
  /** The clock the waiting page measures the push's wait by (the sandbox's, beside it); default the system's. */
  now?: () => number;
}

/**
 * How a server calls the service for the plain payment: the in-process sandbox (with the payer's
 * request's bindings, so its per-client limits see the payer, not this server), or the API at
 * `apiOrigin` when the page is told to use one.
 */
export function plainPaymentApi(
  sandbox: { fetch: (req: Request, env?: SandboxBindings) => Promise<Response> },
  apiOrigin?: string,
): PlainPaymentOptions['api'] {
  if (apiOrigin !== undefined) return () => ({ baseUrl: apiOrigin });
  // The address is never dialled: the sandbox answers in process.
  return (env) => ({ baseUrl: 'http://sandbox.invalid', fetch: (req) => sandbox.fetch(req, env) });
}

/** The plain payment's answers (for tests: without the hosted page around them). */
export function plainPaymentHandler({
  api,
  origins = [],
  tokens = createFormTokens(),
  now = Date.now,
}: PlainPaymentOptions): (req: Request, env?: SandboxBindings) => Promise<Response> {
  return async (req, env) => {
    const url = new URL(req.url);
    const [, id = '', sub] = PLAIN_PATH.exec(url.pathname) ?? [];
    const config = api(env);
    const page = `/pay/${id}`;
    const method = req.method;
    const typed = readTyped(req);
    // Where the payer continues in another browser: this server's public address, else the request's.
    const visit = (lang: PlainLang): Visit => ({
      typed,
      userAgent: req.headers.get('user-agent') ?? '',
      resume: `${origins[0] ? new URL(origins[0]).origin : url.origin}${statusHref(page, lang)}`,
      now: now(),
      relative: isRelative(req),
    });
    if (sub === 'status' && (method === 'GET' || method === 'HEAD')) {
      const lang = langOf(req, url.searchParams.get('lang'));
      return statusPage(config, id, lang, tokens, visit(lang));
    }
    if (!sub && (method === 'GET' || method === 'HEAD')) {
      const lang = langOf(req, url.searchParams.get('lang'));
      // Sent here by the hosted page whose script could not start (index.html's momoStuck).
      const stuck = url.searchParams.has('stuck') ? { notice: wordsOf(lang).w('stuck'), again: true } : {};
      return showForm(config, id, lang, tokens, { ...stuck, typed });
    }
    if (method !== 'POST' || (sub && sub !== 'answer')) {
      return new Response('Method Not Allowed\n', {
        status: 405,
        headers: {
          Allow: sub === 'status' ? 'GET, HEAD' : 'GET, HEAD, POST',
          'Content-Type': 'text/plain; charset=utf-8',
        },
      });
    }
    // Where it comes from first: another site's post is not even read. (Its page's own form, posted
    // without a script, says null: see sameSite.)
    const form = sameSite(req, origins, sub) ? await readPostedForm(req, MAX_FORM_BYTES) : null;
    const words = wordsOf(langOf(req, form?.get('lang') ?? url.searchParams.get('lang')));
    if (!form || (form.has('token') && !originIsHere(req, origins))) return refusedPage(words);
    return sub === 'answer'
      ? postAnswer(config, id, page, form, words, tokens, visit(words.lang))
      : postForm(config, id, page, form, words, tokens, servedOverHttps(req, origins[0]));
  };
}

/** The page's language: the form's, `?lang=`, else Accept-Language (as the page's script picks it). */
function langOf(req: Request, asked: string | null): PlainLang {
  return pickLang(asked, (req.headers.get('accept-language') ?? '').split(','));
}

/**
 * Whether a post comes from a page of this server: a browser that says where a request comes from
 * (`Sec-Fetch-Site`, `Origin`) must say this server. One that says neither (an old browser, a proxy
 * browser's server) is let through: the form's token and the service's own checks still hold.
 * The hosted page's own form, posted without its script, comes from a page that sends no referrer,
 * so its browser says `Origin: null`: taken when `Sec-Fetch-Site` (which no page can set) says this
 * server, or, from a browser too old to send it, when it is not a step's answer (and, below, carries
 * no token: such a post confirms nothing, it gets the plain form back, as a link to it would).
 */
function sameSite(req: Request, origins: readonly string[], sub: string | undefined): boolean {
  return siteAllows(req) && (originIsHere(req, origins) || (req.headers.get('origin') === 'null' && !sub));
}
