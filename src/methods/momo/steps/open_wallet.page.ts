// The wallet's-app step in the page without JavaScript (src/server/plain-status.ts): its launch
// address as a link where a page may open it (http(s)); any other, what to do in the app without a
// link — never the push, a prompt this wallet does not send. The same words as the step's script
// (./open_wallet.ts); the page reloads itself to learn the app's answer.
import type { StepPage } from '../../steps';
import { fillerOf } from './fill';
import { APP_MESSAGES, launchUrl } from './open_wallet';

export const openWalletPage: StepPage = {
  heading: (lang, wallet, fillText) => fillerOf(fillText)(APP_MESSAGES, lang, 'heading', { wallet }),
  refresh: 6,
  html({ lang, detail, wallet, amount, esc, fillText, check }) {
    const fill = fillerOf(fillText);
    const launch = launchUrl(detail.url);
    return (
      (launch
        ? `<p>${esc(fill(APP_MESSAGES, lang, 'phone', { wallet, amount }))}</p><a class="btn" href="${esc(launch)}" rel="noreferrer">${esc(fill(APP_MESSAGES, lang, 'open', { wallet, amount }))}</a>`
        : `<p role="status">${esc(fill(APP_MESSAGES, lang, 'noLink', { wallet, amount }))}</p>`) + check
    );
  },
};
