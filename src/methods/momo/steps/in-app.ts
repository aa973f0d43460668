// Which chat or social app's own browser shows the page, from its user agent: where a wallet's app
// link often opens nothing (BranchMetrics/android-branch-deep-linking#1328, react-native-branch#132),
// so the wallet's-app step offers what works there instead (./open_wallet.in-app.ts). The markers
// each app appends, as collected with real user agents by shalanah/inapp-spy (src/regexAppName.ts,
// its tests src/tests/mobile.ts) and ua-parser-js (faisalman/ua-parser-js#841, WhatsApp):
// - WhatsApp: `[WA4A/<version>;]` on Android, `[WAiOS/<version>]` on iOS (since 2025; before, no marker);
// - Instagram: `Instagram <version>` (Android and iOS);
// - Messenger: `FBAN/MessengerForiOS` (or `MessengerLiteForiOS`) on iOS, `FB_IAB/MESSENGER` on Android;
// - Facebook: `FBAN/FBIOS` or `MetaIAB Facebook` on iOS, `FB_IAB/FB4A` on Android, `FBAV/` on both.
// Server code (the page without JavaScript) and the step's script share it; the hosted page's
// first load takes `IN_APP` alone (a regular expression, tens of bytes: src/hosted/location.ts).

export type InAppName = 'WhatsApp' | 'Instagram' | 'Messenger' | 'Facebook';

export interface InApp {
  /** The app, as it names itself to the payer. */
  app: InAppName;
  /** What the phone's system allows to leave the app's browser (see `leaves`). */
  os: 'android' | 'ios' | 'other';
}

/**
 * The one list of the markers above: a user agent it matches is an app's browser, one it does not is
 * a browser of its own (or one this list does not know). Messenger's markers are among Facebook's.
 * Short and alone, because the hosted page's first load carries it (src/hosted/location.ts: such a
 * page keeps its secret in its address), where 50 bytes were left: no `\b`, and its alternatives in
 * the order that brotli packed smallest there (measured: 51 B more than without it; the same
 * alternatives in other orders, 54 to 125 B more).
 */
export const IN_APP = /Instagram |WA(iOS|4A)\/|FB(AN|AV|_IAB)\/|MetaIAB Facebook/;

// Which app, among those IN_APP recognises: Instagram and Messenger before Facebook, whose markers
// they share; what none of these names is Facebook.
const NAMES: ReadonlyArray<readonly [InAppName, RegExp]> = [
  ['WhatsApp', /WA(?:4A|iOS)\//],
  ['Instagram', /Instagram /],
  ['Messenger', /FBAN\/Messenger|FB_IAB\/MESSENGER/],
];

/** The app whose browser shows the page, or null in a browser of its own (or one IN_APP does not know). */
export function inAppBrowser(userAgent: string): InApp | null {
  if (!IN_APP.test(userAgent)) return null;
  const named = NAMES.find(([, marker]) => marker.test(userAgent));
  const os = /Android/.test(userAgent) ? 'android' : /iPhone|iPad|iPod/.test(userAgent) ? 'ios' : 'other';
  return { app: named ? named[0] : 'Facebook', os };
}

/**
 * How the payer can leave this app's browser for the phone's own:
 * - 'intent': an Android intent link that opens an address in Chrome, documented by Chrome
 *   (developer.chrome.com/docs/android/intents), offered in WhatsApp's browser, whose refusal no
 *   source reports (unverified on a device: the other ways stay beside it);
 * - 'menu-android': Meta's apps (Facebook, Instagram, Messenger) have refused that link since
 *   October 2024 (shalanah/inapp-debugger#11: "issues in Instagram, Facebook App, Threads, and
 *   Messenger but it works in Telegram", Android 14, 2024-10-30): their menu ⋮ → open in the browser;
 * - 'menu-ios': no page can open Safari on iOS: the app's menu ⋯ → open in Safari.
 */
export function leaves(inApp: InApp): 'intent' | 'menu-android' | 'menu-ios' {
  if (inApp.os === 'ios') return 'menu-ios';
  return inApp.app === 'WhatsApp' && inApp.os === 'android' ? 'intent' : 'menu-android';
}

/**
 * The Android intent link that opens `url` (http(s), without a fragment) in Chrome; null for any
 * other address (a fragment would be taken for the intent's own).
 */
export function chromeIntent(url: string): string | null {
  const match = /^(https?):\/\/([^#\s]+)$/.exec(url);
  return match ? `intent://${match[2]}#Intent;scheme=${match[1]};package=com.android.chrome;end` : null;
}

/**
 * The payment's own link, for the payer to open it in another browser: the hosted page's address
 * (this page's, so a checkout session keeps its way back to the shop) with the secret in its
 * fragment, as the merchant's link carried it. A fragment never reaches a server, its log or a
 * Referer; the link is the payer's own capability to this payment, as the one they opened
 * (docs/decisions.md, "In-app browsers"). The secret is the one the page kept when it took it out
 * of its address (src/hosted/location.ts, `takeSecret`: this tab's sessionStorage under
 * `momo-secret:<path>`, or the fragment itself where storage is blocked); read here rather than
 * lent by the model, so neither the first load nor widget.js grows. Null where the page has none:
 * the widget on a merchant's page, whose secret is the merchant's.
 */
export function resumeLink(
  where: Pick<Location, 'origin' | 'pathname' | 'search' | 'hash'>,
  storage: () => Pick<Storage, 'getItem'>,
): string | null {
  if (!/\/pay\/[^/]+$/.test(where.pathname)) return null;
  let secret = where.hash.replace(/^#/, '');
  if (!secret)
    try {
      secret = encodeURIComponent(storage().getItem(`momo-secret:${where.pathname}`) || '');
    } catch {
      // Storage blocked: the fragment would have stayed in the address.
    }
  return secret ? `${where.origin}${where.pathname}${where.search}#${secret}` : null;
}
