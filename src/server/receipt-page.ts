// A lasting receipt link's page (`/receipt/<token>`, ./apps/receipt.ts): what a payer keeps of a
// payment after its tab is closed — who was paid, how much, with which wallet, its short reference,
// when, and its state — made by the server, without a script (a plain page's frame, ./plain-html.ts),
// in the payer's language. Nothing of the payer (number, name, e-mail, why their wallet refused): the
// link may be forwarded. "Paid to" only once paid (before, the payee); a way on in every state: the
// merchant's contact where the service gives one, and, not paid, the merchant's payment link again.
// While the payment is pending it says that pending is not failed, and how long the wallet may take,
// with "check now" and, at the payer's choice, a page that reloads itself slowly (`?follow=1`, with
// its "stop": a page that reloads by itself unasked moves a screen reader's place every time, WCAG
// 2.2.1 and 2.2.2). Printed, only the receipt is on paper.
import type { ClientConfig } from '../api/http';
import type { PaymentIntent } from '../api/types';
import { DEFAULT_APPROVAL_WINDOW_MS } from '../checkout/constants';
import type { Screen } from '../checkout/screens';
import { screenForIntent } from '../checkout/status';
import { formatAmount, formatDate, LANGUAGES, languageOf, type Message } from '../i18n';
import { cspHash } from './security';
import { esc, type PlainLang, plainResponse, type Words, wordsOf } from './plain-pages';
import { ApiError } from '../api/errors';
import { dueOf, type Payment, readFailed, readPayment, walletOf } from './plain-read';

/** How often a pending receipt reloads itself: a payer may leave it open; the wallet takes minutes. */
const RECEIPT_REFRESH_SECONDS = 30;

/** The page's own print rules, beside the plain pages' stylesheet: paper gets the receipt alone. */
const PRINT_STYLE =
  '@media print{body{background:#fff;color:#000;padding:0}main{max-width:none;padding:0}.btn,.langs{display:none}}';

/** How the page is asked for: the token in its address, its language, whether it reloads itself. */
export interface ReceiptAddress {
  token: string;
  lang: PlainLang;
  follow: boolean;
}

/** The receipt page of `id` (a page id opened from a token). */
export async function receiptPage(config: ClientConfig, id: string, address: ReceiptAddress): Promise<Response> {
  const { lang } = address;
  const words = wordsOf(lang);
  let payment: Payment;
  try {
    payment = await readPayment(config, id);
  } catch (error) {
    // Not found: the same 404 as a token that opens nothing (the page tells no one whether a
    // payment exists); a passing trouble: try again.
    if (error instanceof ApiError && error.status === 404) return receiptNotFound(lang);
    return receiptHeaders(await readFailed(error, words, selfHref(address)));
  }
  return receiptOf(payment, address);
}

/** A token that opens nothing (altered, truncated, or of a retired key): a true 404, in the payer's language. */
export function receiptNotFound(lang: PlainLang): Promise<Response> {
  const { w } = wordsOf(lang);
  return receiptHeaders(
    plainResponse(404, {
      lang,
      title: w('receiptNotFoundHeading'),
      body: `<h1>${esc(w('receiptNotFoundHeading'))}</h1><p>${esc(w('receiptNotFound'))}</p>`,
    }),
  );
}

/** The page of a payment as read: its state's heading and words, then the receipt's rows. */
export function receiptOf(payment: Payment, address: ReceiptAddress): Promise<Response> {
  const words = wordsOf(address.lang);
  const { t, w, lang } = words;
  const { intent } = payment;
  // The session's merchant, else the intent's (as the plain pages take it: ./plain-read.ts).
  const merchant = payment.session?.merchant ?? intent.merchant ?? null;
  const screen = screenForIntent(intent);
  const due = dueOf(payment);
  const { heading, state, content, refresh } = stateOf(screen, intent, words);
  const test = due.test ? ` <span class="test">${esc(t('page.test'))}</span>` : '';
  const langs = LANGUAGES.filter((other) => other.code !== lang)
    .map(
      (other) => `<a href="${esc(selfHref({ ...address, lang: other.code }))}" lang="${other.code}">${other.name}</a>`,
    )
    .join(' · ');
  const body =
    `<p class="small">${esc(w('receiptTitle'))}${test}</p><h1>${esc(heading)}</h1>${content}` +
    rows(words, intent, due.merchant, state, screen) +
    (refresh ? following(words, address) : '') +
    contactOf(words, merchant) +
    `<p class="small langs">${langs}</p>`;
  const reloads = refresh && address.follow ? RECEIPT_REFRESH_SECONDS : undefined;
  return receiptHeaders(
    plainResponse(200, { lang, title: `${w('receiptTitle')} — ${heading}`, body, refresh: reloads }),
  );
}

/** While the outcome is not known: "check now", and the page that reloads itself, or the way to stop it. */
function following({ w }: Words, address: ReceiptAddress): string {
  const check = `<a class="btn" href="${esc(selfHref(address))}">${esc(w('checkNow'))}</a>`;
  const other = selfHref({ ...address, follow: !address.follow });
  return address.follow
    ? `<p class="small">${esc(w('refreshing'))} <a href="${esc(other)}">${esc(w('receiptStopFollow'))}</a></p>${check}`
    : `${check}<p class="small"><a href="${esc(other)}">${esc(w('receiptFollow', { seconds: RECEIPT_REFRESH_SECONDS }))}</a></p>`;
}

interface State {
  heading: string;
  /** The state in a word, for the receipt's "Status" row. */
  state: string;
  content: string;
  /** Whether the outcome is still to come (the page offers to look again). */
  refresh?: boolean;
}

function stateOf(screen: Screen, intent: PaymentIntent, words: Words): State {
  const { t, w, lang } = words;
  // Not paid, and still payable (an attempt failed, or none was made): the way to pay is the
  // merchant's link again (this one cannot take a payment). Not after an end for good (expired,
  // canceled, too many attempts), whose own words say what to do.
  const wayOn = ` ${esc(w('receiptTryAgain'))}`;
  switch (screen.name) {
    case 'succeeded':
      return { heading: t('succeeded.heading'), state: w('receiptPaid'), content: '' };
    case 'pending':
    case 'unknown': {
      const { startedAt, expiresAt } = screen.attempt;
      // The wallet's window as the service gave it, else MTN MoMo's five minutes (the shortest a service gives).
      const windowMs =
        expiresAt && startedAt && expiresAt > startedAt ? expiresAt - startedAt : DEFAULT_APPROVAL_WINDOW_MS;
      const note = w('receiptPendingNote', {
        wallet: walletOf(intent) ?? w('receiptYourWallet'),
        duration: minutesIn(lang, Math.ceil(windowMs / 60_000)),
      });
      return {
        heading: w('receiptPendingHeading'),
        state: w('receiptPending'),
        content: `<p class="info" role="status">${esc(note)}</p>`,
        refresh: true,
      };
    }
    case 'failed':
      // Not why the attempt failed: that is the payer's (no funds, declined on their phone), and
      // the link gets forwarded — a relative the payment was handed on to may hold one too.
      return {
        heading: t('failed.heading'),
        state: w('receiptNotPaid'),
        content: `<p>${esc(t('failed.noCharge'))}${wayOn}</p>`,
      };
    case 'error':
      // A status the checkout does not know: never called paid or failed; looked at again.
      if (screen.recovery === 'check')
        return {
          heading: t('unknown.heading'),
          state: w('receiptPending'),
          content: `<p role="status">${esc(t('error.unknownStatus'))}</p>`,
          refresh: true,
        };
      return {
        heading: t('failed.heading'),
        state: w('receiptNotPaid'),
        content: `<p>${esc(t({ key: `error.${screen.error}` } as Message))}</p>`,
      };
    default:
      // No attempt yet (the link kept before paying, or after a failure that left it payable).
      return {
        heading: w('receiptTitle'),
        state: w('receiptNotPaid'),
        content: `<p>${esc(w('receiptNoAttempt'))}${wayOn}</p>`,
      };
  }
}

/** The receipt's rows: payee, amount, wallet, reference, date, state — nothing of the payer. */
function rows(
  { t, w, lang }: Words,
  intent: PaymentIntent,
  merchant: string | null,
  state: string,
  screen: Screen,
): string {
  const list: [string, string | null | undefined][] = [
    // "Paid to" would say a payment not (yet) made was: before, only whom it is for.
    [screen.name === 'succeeded' ? t('succeeded.payee') : w('receiptPayee'), merchant],
    [t('succeeded.amount'), formatAmount(intent.amount, intent.currency, lang)],
    // "Paid with" once paid; before, the wallet asked ("Mobile money operator"), as the form names it.
    [t(screen.name === 'succeeded' ? 'succeeded.operator' : 'form.operator'), walletOf(intent)],
    // The short reference a person reads out where the service gives one (an extension), else the charge id in full.
    [t('succeeded.reference'), intent.reference || intent.charge_id],
    [t('succeeded.date'), formatDate(screen.name === 'succeeded' ? screen.receipt.date : intent.updated_at, lang)],
    [w('receiptStatus'), state],
  ];
  return `<table>${list
    .flatMap(([label, value]) =>
      value ? [`<tr><th scope="row">${esc(label)}</th><td><bdi>${esc(value)}</bdi></td></tr>`] : [],
    )
    .join('')}</table>`;
}

/**
 * "1 minute", "5 minutes", "دقيقتان": a number of minutes as `lang` counts them (CLDR's plural forms,
 * through Intl: Arabic alone has six), never "1 minutes".
 */
const minutesIn = (lang: PlainLang, minutes: number): string =>
  new Intl.NumberFormat(languageOf(lang).locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' })
    .format(minutes)
    // The number and its word on one line (a "1" left at a line's end reads as a line of its own).
    .replace(/ /g, '\u00a0');

type Merchant = NonNullable<PaymentIntent['merchant']>;

/** Whom to ask, where the service gives the merchant's contacts: a phone to call, an address to write to. */
function contactOf({ w }: Words, merchant: Merchant | null): string {
  if (!merchant) return '';
  const { name, support_phone: phone, support_email: email } = merchant;
  const links = [
    phone ? `<a href="tel:${esc(phone)}"><bdi>${esc(phone)}</bdi></a>` : '',
    email ? `<a href="mailto:${esc(email)}"><bdi>${esc(email)}</bdi></a>` : '',
  ].filter(Boolean);
  // One a line: an address cut at its hyphen reads as two, the more so among right-to-left words.
  return links.length
    ? `<p class="small">${esc(w('receiptContact', { merchant: name }))}<br>${links.join('<br>')}</p>`
    : '';
}

const selfHref = ({ token, lang, follow }: ReceiptAddress) =>
  `/receipt/${token}?lang=${lang}${follow ? '&follow=1' : ''}`;

const PRINT_HASH = cspHash(PRINT_STYLE);

/**
 * A plain page made a receipt's: its print rules added (allowed by their hash), no Referer to any
 * link it has (its address is the receipt), kept out of search engines, never stored.
 */
async function receiptHeaders(page: Response): Promise<Response> {
  const html = (await page.text()).replace('</style>', `</style><style>${PRINT_STYLE}</style>`);
  const headers = new Headers(page.headers);
  headers.set(
    'Content-Security-Policy',
    (headers.get('Content-Security-Policy') ?? '').replace('style-src ', `style-src ${PRINT_HASH} `),
  );
  headers.set('Referrer-Policy', 'no-referrer');
  headers.set('X-Robots-Tag', 'noindex, nofollow');
  headers.set('Cache-Control', 'no-store');
  return new Response(html, { status: page.status, headers });
}
