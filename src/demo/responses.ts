// The demo shop's HTTP: its pages' headers (a CSP that names only where its forms and the widget
// go), and what its routes check of a request (a form post of its own site, its size).
import { BodyCutOff, readAtMost } from '../sandbox/json';
import type { SafeHtml } from './html';

const MAX_FORM_BYTES = 4096;

const originOf = (address: string) => new URL(address).origin;

/**
 * A page of the shop as an answer, under its headers. `apiBaseUrl`: a real service, which the
 * widget calls from the browser (absent: the in-process sandbox, this server); `checkoutBase`: the
 * hosted page's origin when it is not this server ('' when it is).
 */
export function shopPageResponse({
  apiBaseUrl,
  checkoutBase,
}: {
  apiBaseUrl: string | undefined;
  checkoutBase: string;
}) {
  // The checkout form's answer redirects to the hosted page, and CSP form-action also governs
  // redirects: name its origin when it is elsewhere.
  const formAction = checkoutBase ? `'self' ${originOf(checkoutBase)}` : "'self'";
  // The widget calls the service from the browser, and shows the merchant's logo it serves.
  const connect = apiBaseUrl ? `'self' ${originOf(apiBaseUrl)}` : "'self'";
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${connect} data:`,
    `connect-src ${connect}`,
    `form-action ${formAction}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

  const pageHeaders = {
    'Content-Type': 'text/html; charset=utf-8',
    // Pages hold client secrets: no cache may keep them, no referrer may carry them on.
    'Cache-Control': 'no-store',
    'Content-Security-Policy': csp,
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
  };

  return (status: number, body: SafeHtml, req: Request) =>
    new Response(req.method === 'HEAD' ? null : body.value, { status, headers: pageHeaders });
}

export const methodNotAllowed = (allow: string) =>
  new Response('Method Not Allowed\n', {
    status: 405,
    headers: { Allow: allow, 'Content-Type': 'text/plain; charset=utf-8' },
  });

/**
 * Refuses form posts from other sites. With Referrer-Policy no-referrer, browsers send
 * `Origin: null` even for the shop's own form, so Fetch Metadata (Sec-Fetch-Site) decides when
 * present, and a real Origin is compared otherwise. Clients that send neither (curl) pass.
 */
export function isSameSiteFormPost(req: Request, selfOrigin: string): boolean {
  const site = req.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin' || site === 'none';
  const origin = req.headers.get('origin');
  return origin === null || origin === 'null' || origin === selfOrigin;
}

/** The url-encoded form of a POST, or null if it is not one or is too large. */
export async function readForm(req: Request): Promise<URLSearchParams | null> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' || req.body === null) return null;
  // A form cut off on its way (the customer left) is no form: answered 400, not logged as a failure.
  const bytes = await readAtMost(req.body, MAX_FORM_BYTES).catch((error: unknown) => {
    if (error instanceof BodyCutOff) return null;
    throw error;
  });
  return bytes && new URLSearchParams(new TextDecoder().decode(bytes));
}
