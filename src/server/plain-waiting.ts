// The plain status page while an attempt awaits the payer (./plain-status.ts): the push — the number
// in full as this browser typed it (./plain-typed.ts), the time left, and after the wallet's wait the
// rescue the page's script offers (src/methods/momo/rescue.ts: the wallet's menu code, tap to dial,
// then a new request once this one has expired) — or the step the service asks for, by that step's
// own HTML renderer (src/methods/step-registry.ts), told the browser it is in (an app's browser,
// where a wallet's app link may open nothing) and the payment's own address to continue elsewhere.
import type { PaymentIntent } from '../api/types';
import type { Attempt } from '../checkout/screens';
import { formatDuration } from '../i18n';
import { fillText } from '../i18n/fill';
import { dialHref, RESCUE_AFTER_MS, rescueOf } from '../methods/momo/rescue';
import { stepEntry } from '../methods/step-registry';
import { maskLastDigits } from '../phone';
import type { FormTokens } from './form-token';
import { dialLink, esc, escWith, type Words } from './plain-pages';
import { amountOf, type Payment, walletOf } from './plain-read';
import { type Typed, typedFor } from './plain-typed';

/** Every this many seconds a pending page reloads itself. */
export const REFRESH_SECONDS = 3;

/** What the request for a page says of the payer's browser, beyond the payment. */
export interface Visit {
  /** The number this browser typed for the payment, if it kept it. */
  typed: Typed | null;
  userAgent: string;
  /** The payment's status page, in full: where the payer continues in another browser. */
  resume: string;
  /** The server's clock (the sandbox's in tests and `npm start`). */
  now: number;
  /** A relative's page (./plain-relative.ts): nothing of an attempt this browser did not start. */
  relative: boolean;
}

export interface Waiting {
  words: Words;
  payment: Payment;
  page: string;
  tokens: FormTokens;
  id: string;
  visit: Visit;
  refused: string | null;
}

export interface Rendered {
  heading: string;
  content: string;
  refresh?: number;
}

/** An attempt that awaits the payer: the push, the step the service asks for (its own renderer), or the operator. */
export function waiting(attempt: Attempt, context: Waiting, check: string): Rendered {
  const { words, payment, page, tokens, id, visit } = context;
  const { t, lang } = words;
  const { intent } = payment;
  const { step } = attempt;
  const paid = intent.payment_method?.momo;
  const wallet = walletOf(intent) ?? '';
  const amount = amountOf(lang, intent);
  const phone = phoneOf(intent, visit.typed);
  const entry = step.type === 'step' ? stepEntry(step.name) : undefined;
  if (step.type === 'step' && entry) {
    const { page: stepPage } = entry;
    const token = tokens.issue(id, intent.event.charges.length);
    return {
      heading: stepPage.heading(lang, wallet, fillText),
      content: stepPage.html({
        lang,
        detail: step.detail,
        wallet,
        amount,
        phone,
        esc,
        fillText,
        form: {
          action: `${page}/answer`,
          hidden: `<input type="hidden" name="token" value="${esc(token)}"><input type="hidden" name="lang" value="${lang}">`,
        },
        refused: context.refused,
        check,
        userAgent: visit.userAgent,
        resume: visit.resume,
      }),
      refresh: stepPage.refresh || undefined,
    };
  }
  const ussd = step.type === 'push' ? step.ussd : null;
  const body =
    step.type === 'wait'
      ? t('step.wait')
      : paid
        ? t('pending.body', { amount, phone, operator: wallet })
        : t('pending.bodyUnknown', { amount });
  // The push that never came: after the wallet's wait, its menu, and a new request once this one ends.
  const late = step.type === 'push' && visit.now - attempt.startedAt >= RESCUE_AFTER_MS;
  const rescue = late && paid ? rescueOf(paid.country, paid.operator_name, ussd) : null;
  const left = attempt.expiresAt === null ? 0 : attempt.expiresAt - visit.now;
  return {
    heading: t('pending.heading'),
    content:
      `<p role="status">${esc(body)}</p>` +
      (rescue
        ? rescueHtml(words, wallet, rescue.dial)
        : ussd
          ? `<p>${escWith(t('pending.ussd', { ussd: '\u0000' }), dialLink(ussd))}</p>`
          : '') +
      `<p>${esc(t('pending.waiting'))}</p>` +
      (left > 0 ? `<p class="small">${esc(t('pending.timeLeft', { time: formatDuration(left) }))}</p>` : '') +
      check +
      // A mistyped number (shown in full above, to be seen): a new request once this one has ended.
      (step.type === 'push' && paid ? `<p class="small">${esc(t('pending.resendLater'))}</p>` : ''),
    refresh: REFRESH_SECONDS,
  };
}

/**
 * The rescue as the page's script words it (src/methods/momo/screen-views.tsx, Rescue): the code as a
 * link to tap, isolated left to right (U+2066…U+2069) so "*126#" reads so in Arabic too; when a new
 * request can go, without a clock time — this server does not know the payer's time zone, and the
 * time left is said beside it.
 */
function rescueHtml({ t }: Words, wallet: string, dial: string | null): string {
  const how = dial
    ? `<p>${esc(t('rescue.dial', { wallet }))} <a href="${esc(dialHref(dial))}">${esc(t('rescue.dialLink', { ussd: `\u2066${dial}\u2069` }))}</a></p>`
    : `<p>${esc(t('rescue.menu', { wallet }))}</p>`;
  return `<div class="info rescue"><p><strong>${esc(t('rescue.title'))}</strong></p>${how}<p>${esc(t('rescue.resendLater'))}</p></div>`;
}

/**
 * The number paying: in full as this browser typed it for this attempt, else masked as the service's
 * read gives it; its spaces no-break, so that it stays on one line in its sentence (as on the page).
 */
const phoneOf = (intent: PaymentIntent, typed: Typed | null): string => {
  const paid = intent.payment_method?.momo;
  if (!paid) return '';
  const phone = typedFor(typed, intent) ?? maskLastDigits(paid.country, paid.operator_name, paid.msisdn_last4);
  return phone.replace(/ /g, '\u00a0');
};
