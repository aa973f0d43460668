// The plain payment's status page (./plain-payment.ts): the intent as the service holds it, shown
// from the same screen mapping as the page's script (src/checkout/status.ts, screenForIntent) — paid,
// awaiting the payer, failed, ended — with the step the service asks for rendered by that step's own
// HTML renderer (src/methods/step-registry.ts) in ./plain-waiting.ts. A page that awaits the payer
// reloads itself, but while it awaits a code they type.
import type { ClientConfig } from '../api/http';
import { safeReturnUrl } from '../checkout/return-url';
import type { Screen } from '../checkout/screens';
import { screenForIntent } from '../checkout/status';
import type { Message } from '../i18n';
import type { FormTokens } from './form-token';
import { redirect } from './responses';
import { esc, header, type PlainLang, plainResponse, reasonKey, receiptRows, type Words, wordsOf } from './plain-pages';
import { amountOf, dueOf, formHref, type Payment, readFailed, readPayment, statusHref } from './plain-read';
import { asRelativeSees, elsewhere, isTheirs } from './plain-relative';
import { typedFor } from './plain-typed';
import { REFRESH_SECONDS, type Rendered, type Visit, waiting } from './plain-waiting';

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
  visit: Visit,
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
  return statusOf(payment, id, words, tokens, visit, shown);
}

/** The status page of a payment as read: the screen the page's script would show, in HTML. */
export function statusOf(
  read: Payment,
  id: string,
  words: Words,
  tokens: FormTokens,
  visit: Visit,
  shown: Shown = {},
): Response {
  const { lang } = words;
  const page = `/pay/${id}`;
  const theirs = isTheirs(visit, read.intent);
  const payment = theirs ? asRelativeSees(read) : read;
  const { intent } = payment;
  const screen = screenForIntent(intent);
  // Nothing to show but the form: payable, or failed before any attempt of this page's began.
  if (screen.name === 'form' || (screen.name === 'failed' && intent.event.charges.length === 0))
    return redirect(formHref(page, lang), 303);
  const context = { words, payment, page, tokens, id, visit, refused: shown.refused ?? null };
  const { heading, content, refresh } =
    theirs && screen.name === 'pending' ? elsewhere(words, intent, checkLink(words, page)) : render(screen, context);
  return plainResponse(shown.status ?? 200, {
    lang,
    title: heading,
    body: header(words, dueOf(payment), heading, screen.name === 'succeeded') + content,
    refresh,
  });
}

/** "Check now": the status page again. */
const checkLink = ({ w, lang }: Words, page: string) =>
  `<a class="btn" href="${esc(statusHref(page, lang))}">${esc(w('checkNow'))}</a>`;

/** A screen as the status page shows it. */
function render(screen: Screen, context: Parameters<typeof waiting>[1]): Rendered {
  const { words, payment, page, visit } = context;
  const { t, w, lang } = words;
  const { intent, session } = payment;
  const check = checkLink(words, page);
  // The payment's lasting receipt (./receipt-link.ts): its address outlives this page's.
  const keep = `<p class="small"><a href="${esc(`${page}/receipt?lang=${lang}`)}">${esc(w('receiptKeep'))}</a><br>${esc(w('receiptKeepHint'))}</p>`;
  switch (screen.name) {
    case 'succeeded': {
      const back = safeReturnUrl(session?.successUrl, session?.id);
      return {
        heading: t('succeeded.heading'),
        content:
          `<p role="status">${esc(t('succeeded.body', { amount: amountOf(words.lang, intent) }))}</p>${receiptRows(words, intent, dueOf(payment).merchant)}${keep}` +
          (back ? `<a class="btn" href="${esc(back)}" rel="noreferrer">${esc(t('succeeded.returnNow'))}</a>` : ''),
      };
    }
    case 'pending':
    case 'unknown':
      return waiting(screen.attempt, context, `<p class="small">${esc(w('refreshing'))}</p>${check}${keep}`);
    case 'failed': {
      // A new request, clean: the form again, with the number this browser typed (./plain-form.ts), named
      // (no-break spaces: on one line in its button, as on the page).
      const typed = typedFor(visit.typed, intent);
      return {
        heading: t('failed.heading'),
        content: `<p role="alert">${esc(t({ key: reasonKey(screen.reason) } as Message))}</p><p>${esc(t('failed.noCharge'))}</p><a class="btn" href="${esc(formHref(page, lang))}">${esc(typed ? t('failed.resend', { phone: typed.replace(/ /g, '\u00a0') }) : t('failed.retry'))}</a>`,
      };
    }
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
