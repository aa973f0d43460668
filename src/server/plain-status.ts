// The plain payment's status page (./plain-payment.ts): the intent as the service holds it, shown
// from the same screen mapping as the page's script (src/checkout/status.ts, screenForIntent) — paid,
// awaiting the payer, failed, ended — with the step the service asks for rendered by that step's own
// HTML renderer (src/methods/step-registry.ts). A page that awaits the payer reloads itself, but
// while it awaits a code they type.
import type { ClientConfig } from '../api/http';
import type { PaymentIntent } from '../api/types';
import { safeReturnUrl } from '../checkout/return-url';
import type { Screen, Step } from '../checkout/screens';
import { screenForIntent } from '../checkout/status';
import { formatAmount, type Message } from '../i18n';
import { fillText } from '../i18n/fill';
import { stepEntry } from '../methods/step-registry';
import { findWallet, maskLastDigits } from '../phone';
import type { FormTokens } from './form-token';
import { redirect } from './responses';
import {
  dialLink,
  esc,
  escWith,
  header,
  type PlainLang,
  plainResponse,
  reasonKey,
  receiptRows,
  type Words,
  wordsOf,
} from './plain-pages';
import { dueOf, formHref, type Payment, readFailed, readPayment, statusHref } from './plain-read';

/** Every this many seconds a pending page reloads itself. */
export const REFRESH_SECONDS = 3;

/** What a status page shows beyond the intent: why the payer's last answer to a step was not taken. */
export interface Shown {
  refused?: string;
  status?: number;
}

export async function statusPage(
  config: ClientConfig,
  id: string,
  lang: PlainLang,
  tokens: FormTokens,
  shown: Shown = {},
): Promise<Response> {
  const words = wordsOf(lang);
  const page = `/pay/${id}`;
  let payment: Payment;
  try {
    payment = await readPayment(config, id);
  } catch (error) {
    return readFailed(error, words, statusHref(page, lang));
  }
  return statusOf(payment, id, words, tokens, shown);
}

/** The status page of a payment as read: the screen the page's script would show, in HTML. */
export function statusOf(payment: Payment, id: string, words: Words, tokens: FormTokens, shown: Shown = {}): Response {
  const { lang } = words;
  const page = `/pay/${id}`;
  const { intent } = payment;
  const screen = screenForIntent(intent);
  // Nothing to show but the form: payable, or failed before any attempt of this page's began.
  if (screen.name === 'form' || (screen.name === 'failed' && intent.event.charges.length === 0))
    return redirect(formHref(page, lang), 303);
  const { heading, content, refresh } = render(screen, { words, payment, page, tokens, id, shown });
  return plainResponse(shown.status ?? 200, {
    lang,
    title: heading,
    body: header(words, dueOf(payment), heading, screen.name === 'succeeded') + content,
    refresh,
  });
}

interface Context {
  words: Words;
  payment: Payment;
  page: string;
  tokens: FormTokens;
  id: string;
  shown: Shown;
}

interface Rendered {
  heading: string;
  content: string;
  refresh?: number;
}

/** A screen as the status page shows it. */
function render(screen: Screen, context: Context): Rendered {
  const { words, payment, page } = context;
  const { t, w, lang } = words;
  const { intent, session } = payment;
  const self = statusHref(page, lang);
  const check = `<a class="btn" href="${esc(self)}">${esc(w('checkNow'))}</a>`;
  // The payment's lasting receipt (./receipt-link.ts): its address outlives this page's.
  const keep = `<p class="small"><a href="${esc(`${page}/receipt?lang=${lang}`)}">${esc(w('receiptKeep'))}</a><br>${esc(w('receiptKeepHint'))}</p>`;
  switch (screen.name) {
    case 'succeeded': {
      const back = safeReturnUrl(session?.successUrl, session?.id);
      return {
        heading: t('succeeded.heading'),
        content:
          `<p role="status">${esc(t('succeeded.body', { amount: amountOf(words, intent) }))}</p>${receiptRows(words, intent, dueOf(payment).merchant)}${keep}` +
          (back ? `<a class="btn" href="${esc(back)}" rel="noreferrer">${esc(t('succeeded.returnNow'))}</a>` : ''),
      };
    }
    case 'pending':
    case 'unknown':
      return pending(screen.attempt.step, context, `<p class="small">${esc(w('refreshing'))}</p>${check}${keep}`);
    case 'failed':
      return {
        heading: t('failed.heading'),
        content: `<p role="alert">${esc(t({ key: reasonKey(screen.reason) } as Message))}</p><p>${esc(t('failed.noCharge'))}</p><a class="btn" href="${esc(formHref(page, lang))}">${esc(t('failed.retry'))}</a>`,
      };
    case 'error': {
      // A status this page does not know: checked again, never guessed.
      if (screen.recovery === 'check')
        return {
          heading: t('unknown.heading'),
          content: `<p role="status">${esc(t({ key: `error.${screen.error}` } as Message))}</p>${check}`,
          refresh: REFRESH_SECONDS * 2,
        };
      const cancel = safeReturnUrl(session?.cancelUrl, session?.id);
      return {
        heading: t('failed.heading'),
        content: `<p role="alert">${esc(t({ key: `error.${screen.error}` } as Message))}</p>${cancel ? `<a href="${esc(cancel)}" rel="noreferrer">${esc(t('form.cancel'))}</a>` : ''}`,
      };
    }
    default:
      // The mapping of an intent read shows no other screen.
      return { heading: t('unknown.heading'), content: check, refresh: REFRESH_SECONDS * 2 };
  }
}

/** An attempt that awaits the payer: the push, the step the service asks for (its own renderer), or the operator. */
function pending(step: Step, { words, payment, page, tokens, id, shown }: Context, check: string): Rendered {
  const { t, lang } = words;
  const { intent } = payment;
  const paid = intent.payment_method?.momo;
  const wallet = paid ? (findWallet(paid.country, paid.operator_name)?.label ?? paid.operator_name.toUpperCase()) : '';
  const amount = amountOf(words, intent);
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
        phone: phoneOf(intent),
        esc,
        fillText,
        form: {
          action: `${page}/answer`,
          hidden: `<input type="hidden" name="token" value="${esc(token)}"><input type="hidden" name="lang" value="${lang}">`,
        },
        refused: shown.refused ?? null,
        check,
      }),
      refresh: stepPage.refresh || undefined,
    };
  }
  const ussd = step.type === 'push' ? step.ussd : null;
  const body =
    step.type === 'wait'
      ? t('step.wait')
      : paid
        ? t('pending.body', { amount, phone: phoneOf(intent), operator: wallet })
        : t('pending.bodyUnknown', { amount });
  return {
    heading: t('pending.heading'),
    content: `<p role="status">${esc(body)}</p>${ussd ? `<p>${escWith(t('pending.ussd', { ussd: '\u0000' }), dialLink(ussd))}</p>` : ''}<p>${esc(t('pending.waiting'))}</p>${check}`,
    refresh: REFRESH_SECONDS,
  };
}

const amountOf = ({ lang }: Words, intent: PaymentIntent) => formatAmount(intent.amount, intent.currency, lang);
const phoneOf = (intent: PaymentIntent) => {
  const paid = intent.payment_method?.momo;
  return paid ? maskLastDigits(paid.country, paid.operator_name, paid.msisdn_last4) : '';
};
