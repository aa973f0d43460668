// Whether a form posted to this server comes from one of its own pages, as far as the browser says:
// another site's page must not press Pay for a payer (a payment link's `POST /l/{id}`). A browser
// that says where a request comes from (`Sec-Fetch-Site`, which no page can set, and `Origin`) must
// say this server; one that says neither (an old browser, a proxy browser's server) is let through,
// as the plain payment's form lets it (./plain-payment.ts, whose own check also takes the hosted
// page's `Origin: null`): what such a post can do is what a link to the page does.

/** Whether the post's browser says it comes from this server (`origins`: its public addresses too). */
export function postedFromHere(req: Request, origins: readonly string[]): boolean {
  const site = req.headers.get('sec-fetch-site');
  // 'none': the payer's own doing (a form resent from the browser's history), never another site's.
  if (site !== null && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.get('origin');
  if (origin === null) return true;
  // A page that sends no referrer says `null`: this server's only if Sec-Fetch-Site says so.
  if (origin === 'null') return site === 'same-origin';
  return origin === new URL(req.url).origin || origins.some((allowed) => new URL(allowed).origin === origin);
}
