// Security headers. The hosted page holds a client secret in its URL fragment and takes a payer's
// phone number: it loads only its own files (and runs the one inline script its HTML holds,
// allowed by its hash), talks only to the API, and cannot be framed.
import { createHash } from 'node:crypto';

/** Sent on every response of the server. */
export const BASE_HEADERS: Readonly<Record<string, string>> = { 'X-Content-Type-Options': 'nosniff' };

/** HTTPS only, for a year, subdomains too: a payer's browser never tries the checkout over plain http again. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers of every response of a server payers reach at `publicUrl`: BASE_HEADERS, and HSTS
 * when that address is https (behind a proxy that ends TLS too: the browser sees https). Never for
 * an http address: a browser would ignore it there, and a developer's localhost must stay reachable.
 */
export function baseHeaders(publicUrl: string): Readonly<Record<string, string>> {
  return new URL(publicUrl).protocol === 'https:'
    ? { ...BASE_HEADERS, 'Strict-Transport-Security': HSTS }
    : BASE_HEADERS;
}

/**
 * The payment page needs none of these features: deny them all. The user-agent client hints too
 * (`ch-ua*`): Chromium sends their three headers on every request a page makes (~100 bytes each,
 * 0.7 KB of a payment), and nothing here reads them — a payer's browser tells less about itself.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), ch-ua=(), ch-ua-mobile=(), ch-ua-platform=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/**
 * The origin the hosted page's API calls go to, as a CSP source: `'self'` when the API is served
 * by this server, else the origin of the configured address (validated, so nothing can be injected
 * into the policy).
 */
export function connectSource(apiOrigin: string | undefined): string {
  if (apiOrigin === undefined) return "'self'";
  const url = new URL(apiOrigin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RangeError('apiOrigin must be an http: or https: address.');
  }
  return `'self' ${url.origin}`;
}

export interface HostedPolicyOptions {
  /** Where the page's API lives; default: this server. */
  apiOrigin?: string | undefined;
  /**
   * Vite's dev client injects CSS as <style> elements and keeps a WebSocket for hot reload, so in
   * dev mode styles may be inline and connect-src takes ws:/wss:. Scripts stay 'self' only, so a
   * page that would break under the production policy by inline script breaks in dev as well.
   */
  dev?: boolean;
  /**
   * The address the in-process sandbox serves merchant logos from (its checkoutBaseUrl): a logo's
   * `logo_url` names it, whatever address the page itself was opened at (127.0.0.1 for a page
   * whose sandbox says localhost, or the other way round), so the page allows images from it.
   */
  imageOrigin?: string | undefined;
  /** CSP sources of the page's inline scripts (`inlineScriptHashes` of its HTML). */
  scriptHashes?: readonly string[] | undefined;
  /** CSP sources of the page's inline stylesheet (`inlineStyleHashes` of its HTML). */
  styleHashes?: readonly string[] | undefined;
}

/** The CSP source that allows exactly this inline script or stylesheet: `'sha256-…'`. */
export const cspHash = (code: string): string => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

const hashesOf = (html: string, tag: 'script' | 'style') =>
  [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map(([, code = '']) => cspHash(code));

/** `'sha256-…'` of each inline <script> of `html`, as CSP allows them. */
export const inlineScriptHashes = (html: string): string[] => hashesOf(html, 'script');

/** `'sha256-…'` of each inline <style> of `html` (the built page's stylesheet, inlined). */
export const inlineStyleHashes = (html: string): string[] => hashesOf(html, 'style');

/**
 * The CSP sources of the inline scripts and stylesheets of the pages served under one policy, from
 * their HTML, each once: the built index.html and index.en.html (whose inline scripts are the same
 * today), or the dev page alone.
 */
export const inlineHashes = (...pages: string[]): Pick<HostedPolicyOptions, 'scriptHashes' | 'styleHashes'> => ({
  scriptHashes: [...new Set(pages.flatMap(inlineScriptHashes))],
  styleHashes: [...new Set(pages.flatMap(inlineStyleHashes))],
});

export function hostedPageCsp(
  { apiOrigin, dev = false, scriptHashes = [], styleHashes = [], imageOrigin }: HostedPolicyOptions = {},
  framedBy = "'none'",
): string {
  const api = connectSource(apiOrigin);
  const logos = imageOrigin === undefined ? '' : connectSource(imageOrigin).slice("'self'".length);
  const images = api.includes(logos.trim()) ? api : `${api}${logos}`;
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    dev ? "style-src 'self' 'unsafe-inline'" : ["style-src 'self'", ...styleHashes].join(' '),
    // Only the page's own origin: default-src says it already (connect-src falls back to it).
    api === "'self'" && !dev ? '' : `connect-src ${api}${dev ? ' ws: wss:' : ''}`,
    // The merchant's logo comes from the API, which serves it itself (docs/sandbox.md, "Merchant profile"),
    // at the sandbox's own address.
    `img-src ${images} data:`,
    `frame-ancestors ${framedBy}`,
    "base-uri 'none'",
    "form-action 'self'",
  ]
    .filter(Boolean)
    .join('; ');
}

/** Headers of the hosted page's HTML. */
export function hostedPageHeaders(options: HostedPolicyOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': hostedPageCsp(options),
    // The path holds an intent or session id and the fragment the client secret: leak neither.
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': PERMISSIONS_POLICY,
    // frame-ancestors 'none' says the same to current browsers; this is for older ones.
    'X-Frame-Options': 'DENY',
    // A page that opened this one (window.open) keeps no handle on it, so it cannot send the tab
    // elsewhere while the payer is paying.
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
}

/**
 * Headers of the same page served as the widget's isolated frame (/embed): any merchant's page may
 * frame it (that is its purpose; it takes nothing from its address and speaks only to the parent
 * that sent it the intent), so no frame-ancestors limit, no X-Frame-Options, and no opener policy
 * (a frame has no opener to keep away).
 */
export function embedPageHeaders(options: HostedPolicyOptions = {}): Record<string, string> {
  const { 'X-Frame-Options': _deny, 'Cross-Origin-Opener-Policy': _opener, ...headers } = hostedPageHeaders(options);
  return { ...headers, 'Content-Security-Policy': hostedPageCsp(options, '*') };
}
