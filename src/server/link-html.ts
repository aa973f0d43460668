// The frame of a payment link's pages (./link-pages.ts): the plain pages' look (no script at all,
// ./plain-html.ts), a print stylesheet for the QR page, and the tags a chat's link preview reads
// (Open Graph, Twitter card), each escaped as every text of these pages.
import { dirOf, type Lang, languageOf } from '../i18n';
import { esc, plainHeaders } from './plain-html';
import { cspHash } from './security';

const STYLE =
  'body{margin:0;padding:1rem .75rem;background:#f3f4f6;color:#1b1f23;font:1rem/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
  'main{box-sizing:border-box;max-width:30rem;margin:auto;padding:1rem;border-radius:12px;background:#fff}' +
  'h1{margin:0 0 .5rem;font-size:1.25rem;overflow-wrap:anywhere}p{margin:.5rem 0}label{display:block;margin:.75rem 0 .2rem;font-weight:600}' +
  'input{box-sizing:border-box;width:100%;min-height:44px;padding:.4rem;border:1px solid #8a9099;border-radius:6px;font:inherit;background:#fff;color:inherit}' +
  'button{display:block;box-sizing:border-box;width:100%;min-height:48px;margin:1rem 0 .5rem;padding:.6rem;border:0;border-radius:8px;background:#0b6b3a;color:#fff;font:inherit;font-weight:700}' +
  'a{color:#0b5cad}.err{color:#b3261e;margin:.2rem 0}.amount{font-size:1.4rem;font-weight:700}.small{font-size:.875rem;color:#4b5563}' +
  '.test{padding:0 .3rem;border-radius:4px;background:#ffd54f;color:#000;font-size:.8rem;font-weight:700}' +
  '.qr{display:block;width:100%;max-width:22rem;height:auto;margin:1rem auto}.url{overflow-wrap:anywhere;font-family:ui-monospace,monospace;font-size:.9rem}' +
  '@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}main,input{background:#16191d}.small{color:#a8b0ba}a{color:#79b8ff}.err{color:#ffb4ab}}' +
  '@media print{body{padding:0;background:#fff;color:#000}main{max-width:none;padding:0}.noprint{display:none}' +
  'h1{font-size:28pt;text-align:center}.amount{font-size:24pt;text-align:center}.qr{width:13cm;max-width:none}.url,.small{text-align:center;color:#000}}';
const STYLE_HASH = cspHash(STYLE);

/** What a chat's link preview shows: title, description, image (absolute), the page's own address. */
export interface Preview {
  title: string;
  description: string;
  url: string;
  image: { url: string; side: number; alt: string };
}

function previewTags(preview: Preview, lang: Lang): string {
  const meta = (attribute: 'property' | 'name', key: string, value: string | number) =>
    `<meta ${attribute}="${key}" content="${esc(value)}">`;
  return [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    meta('property', 'og:locale', languageOf(lang).locale.split('-').slice(0, 2).join('_')),
    meta('property', 'og:image', preview.image.url),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', preview.image.side),
    meta('property', 'og:image:height', preview.image.side),
    meta('property', 'og:image:alt', preview.image.alt),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', preview.image.url),
    meta('name', 'description', preview.description),
  ].join('');
}

export function linkResponse(
  status: number,
  { lang, title, body, preview }: { lang: Lang; title: string; body: string; preview?: Preview },
): Response {
  const html = `<!doctype html>
<html lang="${lang}"${dirOf(lang) === 'rtl' ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="color-scheme" content="light dark"><title>${esc(title)}</title>${
    preview ? previewTags(preview, lang) : ''
  }<style>${STYLE}</style></head>
<body><main>${body}</main></body></html>
`;
  const headers = plainHeaders();
  headers['Content-Security-Policy'] =
    headers['Content-Security-Policy']?.replace(/style-src [^;]+/, `style-src ${STYLE_HASH}`) ?? '';
  return new Response(html, { status, headers });
}
