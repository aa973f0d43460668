// A payment link's pages for the payer, without a script (./apps/payment-links.ts serves them): the
// link with its Pay button — and, for an amount the payer chooses, the amount first, checked within
// the link's bounds — the page of a link that takes no more payments, with a way on, and the
// printable QR code for a market stall. Every word in the payer's language (`<lang>Plain`).
import type { PublicPaymentLink } from '../api/types';
import { addCatalogue, formatAmount, formatDate, type Lang, LANGS, LANGUAGES } from '../i18n';
import { TEXTS } from '../i18n/catalogues';
import { linkResponse, type Preview } from './link-html';
import { qrSvg } from './link-qr';
import { esc } from './plain-html';
import type { Words } from './plain-words';

// Every language's words at hand on the server (French alone is built in for the page).
for (const lang of LANGS) addCatalogue(lang, TEXTS[lang].messages);

/** The amount as payers read it: fixed, or the bounds they choose within. */
export function amountText(link: PublicPaymentLink, lang: Lang): string {
  if (link.amount !== null) return formatAmount(link.amount, link.currency, lang);
  return `${formatAmount(link.amountMin ?? 0, link.currency, lang)} – ${formatAmount(link.amountMax ?? 0, link.currency, lang)}`;
}

const headingOf = ({ w }: Words, link: PublicPaymentLink) =>
  link.merchant ? w('linkHeading', { merchant: link.merchant.name }) : w('linkNoName');

/** The tags a chat's preview reads: the merchant and the amount, what is sold, the QR image. */
export function previewOf(words: Words, link: PublicPaymentLink, pageUrl: string, side: number): Preview {
  const amount = amountText(link, words.lang);
  return {
    title: link.merchant ? `${link.merchant.name} — ${amount}` : amount,
    description: link.description,
    url: pageUrl,
    image: { url: `${pageUrl}/preview.png`, side, alt: words.w('linkQrAlt') },
  };
}

const languages = (lang: Lang, hrefOf: (lang: Lang) => string) =>
  `<p class="small noprint">${LANGUAGES.filter((other) => other.code !== lang)
    .map((other) => `<a href="${esc(hrefOf(other.code))}" lang="${other.code}">${other.name}</a>`)
    .join(' · ')}</p>`;

export interface LinkPageOptions {
  /** The link's public address (its page), absolute. */
  pageUrl: string;
  previewSide: number;
  /** The amount the payer typed, sent back with its error. */
  typed?: string;
  error?: boolean;
}

/** The link: what is sold and to whom, then Pay — or, for a chosen amount, the amount and Continue. */
export function linkPage(words: Words, link: PublicPaymentLink, options: LinkPageOptions): Response {
  const { t, w, lang } = words;
  const { pageUrl, typed = '', error = false } = options;
  const head = `<p class="small">${esc(t('page.title'))}</p><h1>${esc(headingOf(words, link))}</h1><p><bdi>${esc(link.description)}</bdi></p>`;
  let form: string;
  if (link.amount !== null) {
    const amount = formatAmount(link.amount, link.currency, lang);
    form =
      `<p class="amount">${esc(amount)}</p><form method="post" action="${esc(pageUrl)}?lang=${lang}">` +
      `<button type="submit">${esc(t('form.pay', { amount }))}</button></form>`;
  } else {
    const bounds = {
      min: formatAmount(link.amountMin ?? 0, link.currency, lang),
      max: formatAmount(link.amountMax ?? 0, link.currency, lang),
    };
    const invalid = error ? ' aria-invalid="true" aria-describedby="e-amount"' : '';
    form =
      `<form method="post" action="${esc(pageUrl)}?lang=${lang}" novalidate>` +
      `<label for="p-amount">${esc(w('linkAmountLabel', bounds))}</label>` +
      `<input id="p-amount" name="amount" inputmode="numeric" autocomplete="off" value="${esc(typed)}" required${invalid}>` +
      (error ? `<p class="err" id="e-amount" role="alert">${esc(w('linkAmountError', bounds))}</p>` : '') +
      `<button type="submit">${esc(w('linkContinue'))}</button></form>`;
  }
  return linkResponse(error ? 400 : 200, {
    lang,
    title: headingOf(words, link),
    body: `${head}${form}${languages(lang, (other) => `${pageUrl}?lang=${other}`)}`,
    preview: previewOf(words, link, pageUrl, options.previewSide),
  });
}

/** A link that takes no more payments: why, and a way on (the seller's contacts, or asking for a new link). */
export function closedPage(words: Words, link: PublicPaymentLink, pageUrl: string, previewSide: number): Response {
  const { w, lang } = words;
  const why =
    link.status === 'expired' && link.expiresAt
      ? w('linkExpired', { date: formatDate(link.expiresAt, lang) })
      : link.status === 'full'
        ? w('linkFull')
        : w('linkInactive');
  const contacts = [
    link.merchant?.support_phone
      ? `<a href="tel:${esc(link.merchant.support_phone)}"><bdi>${esc(link.merchant.support_phone)}</bdi></a>`
      : '',
    link.merchant?.support_email
      ? `<a href="mailto:${esc(link.merchant.support_email)}"><bdi>${esc(link.merchant.support_email)}</bdi></a>`
      : '',
  ].filter(Boolean);
  const wayOn = contacts.length
    ? `<p>${esc(w('linkContact'))}</p><p>${contacts.join('<br>')}</p>`
    : `<p>${esc(w('linkAskNew'))}</p>`;
  const merchant = link.merchant
    ? `<p class="small"><bdi>${esc(link.merchant.name)}</bdi> · <bdi>${esc(link.description)}</bdi></p>`
    : '';
  return linkResponse(410, {
    lang,
    title: w('linkClosed'),
    body: `${merchant}<h1>${esc(w('linkClosed'))}</h1><p>${esc(why)}</p>${wayOn}${languages(lang, (other) => `${pageUrl}?lang=${other}`)}`,
    preview: previewOf(words, link, pageUrl, previewSide),
  });
}

/** No link of that id: said plainly, with what to do. */
export function missingPage({ w, lang }: Words): Response {
  return linkResponse(404, {
    lang,
    title: w('linkNoName'),
    body: `<h1>${esc(w('linkNoName'))}</h1><p>${esc(w('linkNotFound'))}</p>`,
  });
}

/** The printable QR code: the merchant, the amount, the code big, the address under it. */
export function qrPage(words: Words, link: PublicPaymentLink, pageUrl: string): Response {
  const { w, lang } = words;
  const amount =
    link.amount !== null
      ? formatAmount(link.amount, link.currency, lang)
      : w('linkChoose', {
          min: formatAmount(link.amountMin ?? 0, link.currency, lang),
          max: formatAmount(link.amountMax ?? 0, link.currency, lang),
        });
  const body =
    `<h1>${esc(headingOf(words, link))}</h1><p class="amount">${esc(amount)}</p><p class="small"><bdi>${esc(link.description)}</bdi></p>` +
    qrSvg(pageUrl, esc(w('linkQrAlt'))) +
    `<p><strong>${esc(w('linkScan'))}</strong></p><p class="url">${esc(pageUrl)}</p>` +
    `<p class="small noprint">${esc(w('linkPrint'))}</p>${languages(lang, (other) => `${pageUrl}/qr?lang=${other}`)}`;
  return linkResponse(200, { lang, title: headingOf(words, link), body });
}
