// Whether a form posted to this server comes from one of its own pages, as far as the browser says,
// and the page that refuses one that does not: another site's page must not press Pay for a payer
// (a payment link's `POST /l/{id}`, the plain payment's form, ./plain-payment.ts). A browser that says
// where a request comes from (`Sec-Fetch-Site`, which no page can set, and `Origin`) must say this
// server; one that says neither (an old browser, a proxy browser's server) is let through: what such
// a post can do is what a link to the page does.
import { esc, plainResponse } from './plain-html';
import type { Words } from './plain-words';

/** Whether `Sec-Fetch-Site`, if the browser sends it, allows the post: this server's page, or the payer's own doing. */
export function siteAllows(req: Request): boolean {
  const site = req.headers.get('sec-fetch-site');
  // 'none': the payer's own doing (a form resent from the browser's history), never another site's.
  return site === null || site === 'same-origin' || site === 'none';
}

/** Whether the post's `Origin`, if it says one, is this server's (`origins`: its public addresses too). */
export function originIsHere(req: Request, origins: readonly string[]): boolean {
  const origin = req.headers.get('origin');
  if (origin === null) return true;
  // A page that sends no referrer says `null`: this server's only if Sec-Fetch-Site says so.
  if (origin === 'null') return req.headers.get('sec-fetch-site') === 'same-origin';
  return origin === new URL(req.url).origin || origins.some((allowed) => new URL(allowed).origin === origin);
}

/** Whether the post's browser says it comes from this server. */
export const postedFromHere = (req: Request, origins: readonly string[]): boolean =>
  siteAllows(req) && originIsHere(req, origins);

/** The answer to a post from another site: refused before anything is read or asked, in the payer's language. */
export const refusedPage = ({ lang, t, w }: Words): Response =>
  plainResponse(403, {
    lang,
    title: t('error.heading'),
    body: `<h1>${esc(t('error.heading'))}</h1><p>${esc(w('refused'))}</p>`,
  });
