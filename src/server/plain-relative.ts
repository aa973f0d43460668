// A payment handed on to someone else (docs/decisions.md, "Someone else pays"): the relative's page,
// `/pay/<id>?relative`, shows nothing of an attempt it did not start. Without JavaScript its
// <noscript> refresh goes to `?plain=1`, which drops the address's query; so the page's answer
// leaves a cookie for this payment's pages alone (its path), which the plain pages read — out of
// reach of any script, `Secure` where the page is https (./plain-cookie.ts), gone within the day.
import type { PaymentIntent } from '../api/types';
import { paymentCookie } from './plain-cookie';
import { esc, type Words } from './plain-pages';
import { amountOf, type Payment } from './plain-read';
import { typedFor } from './plain-typed';
import { REFRESH_SECONDS, type Rendered, type Visit } from './plain-waiting';

const COOKIE = 'momo_relative';
const RELATIVE_MAX_AGE_S = 24 * 60 * 60;

/** The Set-Cookie header that marks this browser's pages of `/pay/<id>` as a relative's (`secure`: the page is https). */
export const relativeCookie = (id: string, secure: boolean): string =>
  paymentCookie({ name: COOKIE, value: '1', id, maxAgeS: RELATIVE_MAX_AGE_S, sameSite: 'Lax', secure });

/** Whether the request comes from a relative's page: its address says so, or the cookie it left. */
export const isRelative = (req: Request): boolean =>
  new URL(req.url).searchParams.has('relative') ||
  (req.headers.get('cookie') ?? '').split(/;\s*/).includes(`${COOKIE}=1`);

/** Whether a relative's page shows `intent`'s attempt as another phone's: the number this browser typed does not name it. */
export const isTheirs = (visit: Visit, intent: PaymentIntent): boolean =>
  visit.relative && typedFor(visit.typed, intent) === null;

/**
 * The payment as a relative's page shows an attempt it did not start (isTheirs): neither the number
 * paid from, nor the step it asks for (the payer's one-time code), nor why it failed — as the page's
 * script reads it (src/checkout/outcome.ts).
 */
export function asRelativeSees(payment: Payment): Payment {
  return {
    ...payment,
    intent: { ...payment.intent, payment_method: null, last_payment_error: null, next_action: null },
  };
}

/**
 * The attempt under way on another phone (the screen `elsewhere` of the page's script,
 * src/components/Elsewhere.tsx): said, with nothing of it, the page reloading itself until it is
 * paid (the receipt) or has ended (the form again, ./plain-status.ts).
 */
export function elsewhere({ t, w, lang }: Words, intent: PaymentIntent, check: string): Rendered {
  return {
    heading: t('elsewhere.heading'),
    content:
      `<p role="status">${esc(t('elsewhere.body', { amount: amountOf(lang, intent) }))}</p>` +
      `<p>${esc(t('elsewhere.waiting'))}</p><p class="small">${esc(w('refreshing'))}</p>${check}`,
    refresh: REFRESH_SECONDS,
  };
}
