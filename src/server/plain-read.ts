// What the plain payment's pages read of a payment (./plain-payment.ts): the intent and, for a
// session, the session — read from the service by the id in the path — and a page for a read that
// failed.
import { ApiError } from '../api/errors';
import type { ClientConfig } from '../api/http';
import { getSession } from '../api/endpoints/checkout';
import { getIntent } from '../api/endpoints/intents';
import type { PaymentIntent, PublicSession } from '../api/types';
import { formatAmount, type Lang } from '../i18n';
import { findWallet } from '../phone';
import { type Due, esc, type PlainLang, plainResponse, type Words } from './plain-pages';

/** What the page is for: the intent (its secret with it) and, for a session, the session. */
export interface Payment {
  session: PublicSession | null;
  intent: PaymentIntent;
}

export async function readPayment(config: ClientConfig, id: string): Promise<Payment> {
  const session = id.startsWith('cs_') ? await getSession(config, id) : null;
  const intent = await getIntent(config, session ? session.paymentIntentId : id);
  return { session, intent };
}

/** The wallet of the latest attempt, as payers know it ("MTN MoMo"); null when the service does not say. */
export function walletOf(intent: PaymentIntent): string | null {
  const paid = intent.payment_method?.momo;
  return paid ? (findWallet(paid.country, paid.operator_name)?.label ?? paid.operator_name.toUpperCase()) : null;
}

/** The amount of the payment, as payers read it. */
export const amountOf = (lang: Lang, intent: PaymentIntent): string =>
  formatAmount(intent.amount, intent.currency, lang);

export const dueOf = ({ session, intent }: Payment): Due => ({
  amount: intent.amount,
  currency: intent.currency,
  merchant: (session?.merchant ?? intent.merchant)?.name ?? null,
  test: intent.live_mode === 0,
  description: intent.description,
  items: session?.items ?? [],
});

/** A read that failed: a page that says so (and, for a passing trouble, to try again). */
export function readFailed(error: unknown, { t, lang }: Words, again: string): Response {
  const notFound = error instanceof ApiError && error.status === 404;
  const text = t(
    notFound
      ? 'error.notFound'
      : error instanceof ApiError && error.kind === 'invalid_response'
        ? 'error.invalidResponse'
        : 'error.server',
  );
  const retry = notFound ? '' : `<a class="btn" href="${esc(again)}">${esc(t('error.retry'))}</a>`;
  if (!(error instanceof ApiError)) throw error;
  return plainResponse(notFound ? 404 : 502, {
    lang,
    title: t('error.heading'),
    body: `<h1>${esc(t('error.heading'))}</h1><p>${esc(text)}</p>${retry}`,
  });
}

/** The payment's pages: its form, and its status page. */
export const formHref = (page: string, lang: PlainLang) => `${page}?plain=1&lang=${lang}`;
export const statusHref = (page: string, lang: PlainLang) => `${page}/status?lang=${lang}`;
