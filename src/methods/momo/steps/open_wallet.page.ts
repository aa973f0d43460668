// The wallet's-app step in the page without JavaScript (src/server/plain-status.ts): its launch
// address as a link where a page may open it (http(s)); any other, what to do in the app without a
// link — never the push, a prompt this wallet does not send. The same words as the step's script
// (./open_wallet.ts); the page reloads itself to learn the app's answer. In a chat or social app's
// browser (./in-app.ts, the step's own detection, from the User-Agent the server was sent), where the
// app link often opens nothing, what works there, as the step's script offers it
// (./open_wallet.in-app.ts): the launch address's QR code for the phone that has the wallet, the
// payment's own page to copy into the phone's browser (this page's address: it holds nothing
// secret), and the way out of the app's browser its system allows; the wallet's link last.
import { generate } from 'lean-qr/nano';
import type { StepPage, StepPageProps } from '../../steps';
import { fillerOf } from './fill';
import { chromeIntent, type InApp, inAppBrowser, leaves } from './in-app';
import { APP_MESSAGES, launchUrl, qrPath } from './open_wallet';
import { IN_APP_MESSAGES } from './open_wallet.in-app';

export const openWalletPage: StepPage = {
  heading: (lang, wallet, fillText) => fillerOf(fillText)(APP_MESSAGES, lang, 'heading', { wallet }),
  refresh: 6,
  html(props) {
    const { lang, detail, wallet, amount, esc, fillText, check, userAgent } = props;
    const fill = fillerOf(fillText);
    const launch = launchUrl(detail.url);
    const inApp = launch ? inAppBrowser(userAgent) : null;
    if (launch && inApp) return inAppHtml(props, launch, inApp) + check;
    return (
      (launch
        ? `<p>${esc(fill(APP_MESSAGES, lang, 'phone', { wallet, amount }))}</p><a class="btn" href="${esc(launch)}" rel="noreferrer">${esc(fill(APP_MESSAGES, lang, 'open', { wallet, amount }))}</a>`
        : `<p role="status">${esc(fill(APP_MESSAGES, lang, 'noLink', { wallet, amount }))}</p>`) + check
    );
  },
};

/** The QR code's side on the page, in CSS pixels: scannable from a second phone, inside 320 px. */
const QR_PX = 200;

function inAppHtml({ lang, wallet, esc, fillText, resume }: StepPageProps, launch: string, inApp: InApp): string {
  const fill = fillerOf(fillText);
  const values = { app: inApp.app, wallet };
  const code = generate(launch);
  const side = code.size + 8;
  const qr = `<svg width="${QR_PX}" height="${QR_PX}" viewBox="0 0 ${side} ${side}" role="img" aria-label="${esc(fill(APP_MESSAGES, lang, 'qr', { wallet }))}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path d="${qrPath(code)}" fill="#000"/></svg>`;
  const way = leaves(inApp);
  const intent = way === 'intent' && chromeIntent(launch);
  return (
    `<p>${esc(fill(IN_APP_MESSAGES, lang, 'inApp', values))}</p><p>${qr}</p>` +
    // No script to copy with: the address selectable whole, read-only, for the phone's own copy.
    `<label for="p-resume">${esc(fill(IN_APP_MESSAGES, lang, 'byHand'))}</label><textarea id="p-resume" readonly rows="3" dir="ltr">${esc(resume)}</textarea>` +
    (intent
      ? `<a class="btn" href="${esc(intent)}">${esc(fill(IN_APP_MESSAGES, lang, 'chrome', values))}</a>`
      : `<p>${esc(fill(IN_APP_MESSAGES, lang, way === 'menu-ios' ? 'menuIos' : 'menuAndroid', values))}</p>`) +
    `<p><a href="${esc(launch)}" rel="noreferrer">${esc(fill(IN_APP_MESSAGES, lang, 'tryHere', values))}</a></p>`
  );
}
