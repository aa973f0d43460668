// Small response helpers shared by the server's sub-apps: base headers, redirects, 405s and the plain message pages.
import { cspHash } from './security';

export const HTML_TYPE = 'text/html; charset=utf-8';

/** Sets a header, copying the response first when its headers are immutable (e.g. from fetch). */
export function withHeaders(res: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    return res;
  } catch {
    const copy = new Headers(res.headers);
    for (const [name, value] of Object.entries(headers)) copy.set(name, value);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers: copy });
  }
}

export function redirect(location: string, status: 301 | 302 | 303 | 307 | 308 = 302): Response {
  return new Response(null, { status, headers: { Location: location, 'Cache-Control': 'no-store' } });
}

/** 405 for anything but GET and HEAD on read-only routes; null when the method is fine. */
export function onlyGetOrHead(req: Request): Response | null {
  if (req.method === 'GET' || req.method === 'HEAD') return null;
  return new Response('Method Not Allowed\n', {
    status: 405,
    headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export interface PageMessage {
  lang: 'fr' | 'en';
  title: string;
  text: string;
}

/**
 * A plain, self-contained HTML page for errors (404, 500…): no script, no style, nothing to load,
 * so it renders under the strictest CSP and says nothing about the server's internals. Pages a
 * payer may meet say it in French and in English: nothing tells the server their language.
 */
// The message pages' look, the checkout's in a few lines: inline, allowed by its hash alone.
const MESSAGE_STYLE =
  'body{margin:0;padding:2rem 1rem;background:#f3f4f6;color:#1b1f23;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
  'main{box-sizing:border-box;max-width:30rem;margin:auto;padding:1.5rem;border-radius:16px;background:#fff;box-shadow:0 1px 3px rgb(0 0 0/.08)}' +
  'h1{margin:0 0 .5rem;font-size:1.25rem}p{margin:.5rem 0 0}' +
  '@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}main{background:#16191d}}';
const MESSAGE_STYLE_HASH = cspHash(MESSAGE_STYLE);

export function messagePage(status: number, ...messages: [PageMessage, ...PageMessage[]]): Response {
  const title = escapeHtml(messages.map((m) => m.title).join(' · '));
  const texts = messages.map((m) => `<p lang="${m.lang}">${escapeHtml(m.text)}</p>`).join('');
  const body = `<!doctype html>
<html lang="${messages[0].lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${title}</title><style>${MESSAGE_STYLE}</style></head>
<body><main><h1>${title}</h1>${texts}</main></body>
</html>
`;
  return new Response(body, {
    status,
    headers: {
      'Content-Type': HTML_TYPE,
      'Cache-Control': 'no-store',
      'Content-Security-Policy': `default-src 'none'; style-src ${MESSAGE_STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'Referrer-Policy': 'no-referrer',
    },
  });
}

/** What answers an address nobody serves: said in French and in English, as every page a payer may meet. */
export const notFoundPage = () =>
  messagePage(
    404,
    { lang: 'fr', title: 'Page introuvable', text: 'Il n’y a rien à cette adresse.' },
    { lang: 'en', title: 'Not found', text: 'There is nothing at this address.' },
  );

/** What answers a request whose handler failed: never a stack, never a detail of the server's. */
export const serverErrorPage = () =>
  messagePage(
    500,
    {
      lang: 'fr',
      title: 'Erreur du serveur',
      text: 'Un problème est survenu de notre côté. Réessayez dans un instant.',
    },
    { lang: 'en', title: 'Server error', text: 'Something went wrong on our side. Please try again.' },
  );
