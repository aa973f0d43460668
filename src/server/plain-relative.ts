// A payment handed on to someone else (docs/decisions.md, "Someone else pays"): the relative's page,
// `/pay/<id>?relative`, shows nothing of an attempt it did not start. Without JavaScript its
// <noscript> refresh goes to `?plain=1`, which drops the address's query; so the page's answer
// leaves a cookie for this payment's pages alone (its path), which the plain pages read — out of
// reach of any script, `Secure` where the page is https (./plain-cookie.ts), gone within the day.
import { paymentCookie } from './plain-cookie';
import type { Payment } from './plain-read';
import { type Typed, typedFor } from './plain-typed';

const COOKIE = 'momo_relative';
const RELATIVE_MAX_AGE_S = 24 * 60 * 60;

/** The Set-Cookie header that marks this browser's pages of `/pay/<id>` as a relative's (`secure`: the page is https). */
export const relativeCookie = (id: string, secure: boolean): string =>
  paymentCookie({ name: COOKIE, value: '1', id, maxAgeS: RELATIVE_MAX_AGE_S, sameSite: 'Lax', secure });

/** Whether the request comes from a relative's page: its address says so, or the cookie it left. */
export const isRelative = (req: Request): boolean =>
  new URL(req.url).searchParams.has('relative') ||
  (req.headers.get('cookie') ?? '').split(/;\s*/).includes(`${COOKIE}=1`);

/**
 * The payment as a relative's page shows it: of an attempt this browser did not start (the number
 * it typed does not name it), neither the number paid from nor why it failed — as the page's script
 * reads it (src/checkout/outcome.ts).
 */
export function asRelativeSees(payment: Payment, typed: Typed | null): Payment {
  if (typedFor(typed, payment.intent) !== null) return payment;
  return { ...payment, intent: { ...payment.intent, payment_method: null, last_payment_error: null } };
}
