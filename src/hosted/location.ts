// What the hosted page learns from its own address: /pay/<pi_… or cs_…>?lang=fr#<client secret>.
// The secret lives in the fragment, which browsers never send to any server; once read, it leaves
// the address bar and the tab's history (see `takeSecret`), except in an app's browser.
import { IN_APP } from '../methods/momo/steps/in-app';

export interface PageAddress {
  intentId?: string;
  sessionId?: string;
  clientSecret: string;
  lang: string | null;
  /** A link another payer handed on (`?relative`, docs/decisions.md "Someone else pays"). */
  relative: boolean;
}

export function readAddress(location: Pick<Location, 'pathname' | 'search' | 'hash'>): PageAddress {
  const id = decodeSafely(location.pathname.split('/').filter(Boolean).pop() || '');
  const query = new URLSearchParams(location.search);
  const lang = query.get('lang');
  const relative = query.has('relative');
  const clientSecret = decodeSafely(location.hash.replace(/^#/, ''));
  if (id.startsWith('cs_')) return { sessionId: id, clientSecret, lang, relative };
  return { intentId: id, clientSecret, lang, relative };
}

/**
 * The secret of this page, taken out of the address: kept in this tab's sessionStorage (so a
 * reload still pays) and replaced in the history entry by the address without its fragment (so
 * Back, the history list or a copied address on a shared phone carry no secret). Without a
 * fragment, the tab's kept secret, if any. Without storage, the fragment stays: a reload must
 * still find the secret. In an app's browser (WhatsApp's, Facebook's…: `userAgent` has a marker of
 * IN_APP) the fragment stays too: the app's "open in the browser", or a second tab, takes the
 * address without this tab's storage, and must still resume this payment rather than end on "link
 * incomplete" (docs/decisions.md, "In-app browsers"; that history is the app's own).
 */
export function takeSecret(
  address: PageAddress,
  location: Location,
  history: History,
  storage: () => Storage,
  userAgent: string,
): string {
  const key = secretKey(location.pathname);
  try {
    if (!address.clientSecret) return storage().getItem(key) || '';
    storage().setItem(key, address.clientSecret);
    if (!IN_APP.test(userAgent)) history.replaceState(history.state, '', location.pathname + location.search);
  } catch {
    // Storage blocked or full: keep the fragment.
  }
  return address.clientSecret;
}

/** Forgets this tab's secret (the payer left for the merchant's cancelUrl: Back starts nothing). */
export function forgetSecret(location: Location, storage: () => Storage): void {
  try {
    storage().removeItem(secretKey(location.pathname));
  } catch {
    // Nothing was kept.
  }
}

/**
 * Marks this history entry as a payment the payer left for the merchant's cancelUrl, its address
 * without a secret. In the entry's state, not in storage: Back finds it where storage is blocked
 * too, and a new visit of the same address (a new entry) does not.
 */
export function markLeft(location: Location, history: History): void {
  history.replaceState({ ...history.state, momoLeft: 1 }, '', location.pathname + location.search);
}

/** Whether this history entry is a payment the payer left (markLeft). */
export const wasLeft = (history: History): boolean => !!(history.state && history.state.momoLeft);

// Named by the page's path (its intent or session id), never by the secret.
const secretKey = (pathname: string) => `momo-secret:${pathname}`;

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}
