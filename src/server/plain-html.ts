// The frame of every page without JavaScript (./plain-pages.ts, ./plain-payment.ts): its HTML around a
// body, its one inline stylesheet (allowed by its hash), its headers (no script at all), and the
// escaping of what goes into it.
import { dirOf, type Lang } from '../i18n';
import { HTML_TYPE } from './responses';
import { cspHash, PERMISSIONS_POLICY } from './security';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * `text` without the controls that override or embed a direction (U+202A–U+202E) and without any
 * isolate that is not closed (or a close without its isolate): no text can reorder the line it
 * stands in (src/i18n's plainText says why). The isolates that filling a message puts around each
 * value in a right-to-left language (src/i18n/fill.ts) are whole, and kept, as the page keeps them:
 * in Arabic "+221 •• ••• 45 00" then reads left to right, not in pieces.
 */
function wholeIsolatesOnly(text: string): string {
  const kept: string[] = [];
  const open: number[] = [];
  for (const char of text.replace(/[\u202a-\u202e]/g, '')) {
    if (char >= '\u2066' && char <= '\u2068') open.push(kept.push(char) - 1);
    else if (char !== '\u2069') kept.push(char);
    else if (open.pop() !== undefined) kept.push(char);
  }
  for (const at of open) kept[at] = '';
  return kept.join('');
}

/** Text or an attribute's value, escaped; the bidirectional controls that could reorder a line dropped. */
export const esc = (text: string | number): string =>
  wholeIsolatesOnly(String(text)).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * A code to dial (a wallet's USSD code, `*126#`) as a link the phone's dialler opens, left to right
 * in any language: `#` written %23, as phones need (a bare `#` ends the address, and the dialler
 * stops there) — the rule of the steps' own links (src/methods/momo/steps/enter_otp.ts, telOf).
 */
export const dialLink = (code: string): string =>
  `<a href="${esc(`tel:${code.replace(/#/g, '%23')}`)}" dir="ltr">${esc(code)}</a>`;

/** `text` escaped, with `html` where it holds U+0000 (a message filled with '\u0000' for a link). */
export const escWith = (text: string, html: string): string => esc(text).split('\u0000').join(html);

// The checkout's look in a few lines, for pages that must render on anything (Opera Mini, KaiOS),
// at 320 px and with text at 200 % (sizes in rem; the receipt's rows stacked below 22em, which
// counts in the payer's text size, as do the narrower margins there), in right-to-left languages (logical sides only), and in forced
// colors (Windows high contrast), where backgrounds go: every button and box keeps a border, drawn
// transparent until then. Its bytes are counted by test/server/plain-html.test.ts.
const STYLE =
  'body{margin:0;padding:1rem .75rem;background:#f3f4f6;color:#1b1f23;font:1rem/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:break-word}' +
  'main{box-sizing:border-box;max-width:30rem;margin:auto;padding:1rem;border-radius:12px;background:#fff}' +
  'h1{margin:0 0 .5rem;font-size:1.2rem}p{margin:.5rem 0}ul{margin:.25rem 0;padding-inline-start:1.25rem}' +
  'label{display:block;margin:.75rem 0 .2rem;font-weight:600}' +
  'input,select,textarea{box-sizing:border-box;width:100%;min-height:44px;padding:.4rem;border:1px solid #8a9099;border-radius:6px;font:inherit;background:#fff;color:inherit}' +
  'button,.btn{display:block;box-sizing:border-box;width:100%;min-height:48px;margin:1rem 0 .5rem;padding:.6rem;border:2px solid transparent;border-radius:8px;background:#0b6b3a;color:#fff;font:inherit;font-weight:700;text-align:center;text-decoration:none}' +
  '.err{color:#b3261e;margin:.2rem 0}.notice,.info{padding:.5rem;border:1px solid transparent;border-radius:6px;background:#fdecea;color:#7a1712}.info{background:#e6f0fa;color:#0b3a66}' +
  '.link{width:auto;min-height:44px;margin:0;padding:0;background:none;color:inherit;font-weight:400;text-align:start;text-decoration:underline}' +
  '.test{padding:0 .3rem;border:1px solid transparent;border-radius:4px;background:#ffd54f;color:#000;font-size:.8rem;font-weight:700}' +
  '.amount{font-size:1.3rem}.small{font-size:.875rem;color:#4b5563}a[href^="tel:"]{font-weight:700;white-space:nowrap}' +
  'table{width:100%;border-collapse:collapse}th,td{padding:.25rem 0;text-align:start;vertical-align:top}th{padding-inline-end:.75rem}td{overflow-wrap:anywhere}' +
  '@media (max-width:22em){body{padding:.5rem 0}main{padding:.75rem;border-radius:0}th,td{display:block}td{padding-top:0}}' +
  '@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}main,input,select,textarea{background:#16191d}.small{color:#a8b0ba}.err{color:#ffb4ab}}';
const STYLE_HASH = cspHash(STYLE);

/** The plain pages' headers: no script at all, forms only to this server, never framed. */
export function plainHeaders(): Record<string, string> {
  return {
    'Content-Type': HTML_TYPE,
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; style-src ${STYLE_HASH}; img-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    // 'same-origin', not 'no-referrer': a form posted to this server then carries its Origin, which
    // the server checks; the merchant's site (successUrl) still learns nothing of this address.
    'Referrer-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

export function plainResponse(
  status: number,
  { lang, title, body, refresh }: { lang: Lang; title: string; body: string; refresh?: number },
): Response {
  const html = `<!doctype html>
<html lang="${lang}"${dirOf(lang) === 'rtl' ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="color-scheme" content="light dark">${
    refresh ? `<meta http-equiv="refresh" content="${refresh}">` : ''
  }<title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>
`;
  return new Response(html, { status, headers: plainHeaders() });
}
