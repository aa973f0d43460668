// One build for every environment: what the server is configured with at run time is written into
// the files it serves, as it serves them. The hosted page (index.html, index.en.html: /pay/…, and
// /embed, the widget's frame) gets the API's address in <meta name="momo-api">, which its inline
// script and its bundle read (absent: this page's own origin). widget.js gets, in place of the
// string literal the build keeps for it (src/widget/config.ts), an object (JSON) of where it lives and
// the API: it then knows both without document.currentScript, which an element of a merchant's page
// can replace.
// Nothing inside an inline <script> changes: the page's CSP hashes (./security.ts) stay valid.
import { serviceBase } from '../api/base-url';

export interface ServedConfig {
  /** The payment service's address (the API client's base); undefined: this server's own origin. */
  apiBase: string | undefined;
  /** Where payers reach this server: widget.js's own origin (its steps, catalogues and frame), with an `apiBase`. */
  publicUrl: string;
}

/** The string literal widget.js carries until this server writes its config there (src/widget/config.ts). */
export const SERVED_PLACEHOLDER = '__MOMO_SERVED__';

/** The hosted page's files, given the API's address. */
const PAGES = new Set(['index.html', 'index.en.html']);

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

/** `text` as the value of a quoted HTML attribute. */
export const htmlAttribute = (text: string): string => text.replace(/[&"'<>]/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * `value` as a JavaScript expression (JSON is one), safe wherever the script is: `<`, `>`, `&` and the
 * line terminators JSON leaves as they are (U+2028, U+2029, not ES2018 string characters) as `\uXXXX`.
 */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * What each served file becomes: `rewrite(path, bytes)` for a path relative to dist/ gives the
 * bytes to serve (the same bytes for any other file). Checks the addresses now, at start: a bad one
 * throws, naming it.
 */
export function servedRewriter({ apiBase, publicUrl }: ServedConfig): (path: string, bytes: Uint8Array) => Uint8Array {
  const api = apiBase === undefined ? undefined : serviceBase(apiBase);
  const origin = new URL(publicUrl).origin;
  const meta = api === undefined ? '' : `<meta name="momo-api" content="${htmlAttribute(api)}">`;
  // The literal, in whichever quotes the minifier gave it, becomes the object itself. (Without
  // parentheses, 15 B of brotli: the build keeps it as a `var`'s value, where an object is no block;
  // test/browser/origin.browser.test.ts runs widget.js as served.)
  const widget = scriptJson({ origin, api });
  const literal = new RegExp(`(["'\`])${SERVED_PLACEHOLDER}\\1`, 'g');
  return (path, bytes) => {
    // Only where the API is elsewhere: a server that is its own API (`npm start`, the sandbox command)
    // leaves widget.js as built, and it finds its origin as before (a real <script>'s, else the
    // page's), whatever name a payer or a page reaches this server by (127.0.0.1 for localhost).
    if (path === 'widget.js' && api !== undefined)
      return rewritten(bytes, (text) => text.replace(literal, () => widget));
    // Before the inline script that reads it, right after the charset (which must come first).
    if (PAGES.has(path) && meta)
      return rewritten(bytes, (text) => {
        const after = /<meta charset="?utf-8"?>/i.exec(text) ?? /<head>/i.exec(text);
        return after
          ? text.slice(0, after.index + after[0].length) + meta + text.slice(after.index + after[0].length)
          : text;
      });
    return bytes;
  };
}

function rewritten(bytes: Uint8Array, change: (text: string) => string): Uint8Array {
  const text = Buffer.from(bytes).toString('utf8');
  const changed = change(text);
  return changed === text ? bytes : new Uint8Array(Buffer.from(changed, 'utf8'));
}
