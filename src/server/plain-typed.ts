// The number a payer typed in the plain form, kept by their own browser for the pages after it
// (issue 30: "the payer sees the number they typed on their own screen"; docs/decisions.md, "What
// the waiting screen and the receipt say"). The page's script keeps it in memory; these pages are
// made anew at every refresh from a read of the service, which knows the number's last digits only,
// so the browser that typed it carries it back: a cookie for this payment's pages alone (its path),
// never sent to another site (SameSite=Strict), out of reach of any script (HttpOnly), `Secure` where
// the page is https (./plain-cookie.ts), gone within the hour — never in an address, a log line
// (src/server/access-log.ts writes no header) or the service.
// It is shown only for the attempt it started, and only while the service's last digits agree: a
// number typed in another tab or on another device is shown masked, as before.
import type { PaymentIntent } from '../api/types';
import { findCountry, findWallet, formatAsTyped } from '../phone';
import { paymentCookie } from './plain-cookie';

const COOKIE = 'momo_typed';
/** Longer than any approval window (MTN's five minutes, a one-time code's ten), short enough to be gone the same day. */
const TYPED_MAX_AGE_S = 60 * 60;

/** The number as typed, for the attempt the form started (`attempts`: the attempts the intent has with it). */
export interface Typed {
  attempts: number;
  country: string;
  operator: string;
  phone: string;
}

/** The Set-Cookie header that keeps `typed` for the pages of `/pay/<id>` (`secure`: the page is https, ./plain-cookie.ts). */
export function typedCookie(id: string, typed: Typed, secure: boolean): string {
  const value = encodeURIComponent([typed.attempts, typed.country, typed.operator, typed.phone].join('|'));
  return paymentCookie({ name: COOKIE, value, id, maxAgeS: TYPED_MAX_AGE_S, sameSite: 'Strict', secure });
}

/** What the request's cookie says was typed, if it reads whole (a phone's digits, a known wallet). */
export function readTyped(req: Request): Typed | null {
  const pair = (req.headers.get('cookie') ?? '').split(/;\s*/).find((c) => c.startsWith(`${COOKIE}=`));
  if (!pair) return null;
  let fields: string[];
  try {
    fields = decodeURIComponent(pair.slice(COOKIE.length + 1)).split('|');
  } catch {
    return null;
  }
  const [attempts = '', country = '', operator = '', phone = ''] = fields;
  if (fields.length !== 4 || !/^\d{1,3}$/.test(attempts) || !/^\+?[\d ]{4,24}$/.test(phone)) return null;
  if (!findCountry(country) || !findWallet(country, operator)) return null;
  return { attempts: Number(attempts), country, operator, phone };
}

/**
 * The number to show for the intent's latest attempt, formatted as the form formats what is typed:
 * the typed one when it started that attempt (same wallet, same last digits), else null.
 */
export function typedFor(typed: Typed | null, intent: PaymentIntent): string | null {
  const paid = intent.payment_method?.momo;
  if (!typed || !paid || typed.attempts !== intent.event.charges.length) return null;
  if (typed.country !== paid.country || typed.operator !== paid.operator_name) return null;
  return typed.phone.replace(/\D/g, '').endsWith(paid.msisdn_last4) ? formatAsTyped(typed.country, typed.phone) : null;
}
