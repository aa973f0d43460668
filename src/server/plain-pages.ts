// The HTML of a payment without JavaScript (docs/integration.md, "A payment without JavaScript"): the form and
// the parts of the status page, made by the server for one page id, in every language of the table
// (src/i18n/languages.ts). Only what the payer sees goes in: never the client secret (the server
// reads it from the service and sends it in the confirm's body only). The page's frame is
// ./plain-html.ts, its words ./plain-words.ts; both are re-exported here for ./plain-payment.ts.
import type { FieldError } from '../checkout/validation';
import { countryName, formatAmount, formatDate, type Lang, LANGUAGES, type MessageKey } from '../i18n';
import { en } from '../i18n/en';
import { COUNTRIES, findCountry, findWallet, maskLastDigits } from '../phone';
import { esc, plainResponse } from './plain-html';
import type { Words } from './plain-words';

export { dialLink, esc, escWith, plainHeaders, plainResponse } from './plain-html';
export { type PlainLang, type PlainWord, type Words, wordsOf } from './plain-words';

/** What the pages show of the payment: amount, payee, what is bought. */
export interface Due {
  amount: number;
  currency: string;
  merchant: string | null;
  test: boolean;
  description: string | null;
  items: readonly { productName: string; quantity: number; price: number }[];
}

export function header({ t, w, lang }: Words, due: Due, heading: string, paid = false): string {
  const test = due.test ? ` <span class="test">${esc(t('page.test'))}</span>` : '';
  const payee = due.merchant ? ` ${w('to')} <bdi>${esc(due.merchant)}</bdi>` : '';
  const items = due.items.length
    ? `<p class="small">${esc(t('summary.items'))}</p><ul class="small">${due.items.map((item) => `<li><bdi>${esc(item.productName)}</bdi> — ${esc(t('summary.quantity', { quantity: item.quantity, price: formatAmount(item.price, due.currency, lang) }))}</li>`).join('')}</ul>`
    : '';
  const description = due.description ? `<p class="small"><bdi>${esc(due.description)}</bdi></p>` : '';
  return `<p class="small">${esc(t('page.title'))}${test}</p><h1>${esc(heading)}</h1>${
    paid ? `<p>${esc(t('summary.paid'))}${esc(w('colon'))}<strong class="amount">` : '<p><strong class="amount">'
  }${esc(formatAmount(due.amount, due.currency, lang))}</strong>${paid ? '' : ` ${w('due')}${payee}`}</p>${description}${items}`;
}

export interface PlainFormValues {
  country: string;
  phone: string;
  operator: string;
  firstName: string;
  lastName: string;
  email: string;
}
export type FormErrors = Partial<Record<keyof PlainFormValues, FieldError>>;

/** The form: posted to the page's own path, one token per form. */
export function formPage(
  words: Words,
  {
    action,
    token,
    due,
    values,
    errors = {},
    notice,
    check = false,
    again,
    status = 200,
    langHref,
    health,
  }: {
    action: string;
    token: string;
    due: Due;
    values: PlainFormValues;
    errors?: FormErrors;
    notice?: string;
    /** The notice asks the payer to check the form, nothing being wrong: said calmly, not as an alert. */
    check?: boolean;
    /**
     * The page with its script tried again, offered after the notice: a form that gets this address
     * with its query alone changed, so that its fragment goes along — where the tab has no storage,
     * the secret is there (index.html's momoStuck), and a link would drop it.
     */
    again?: boolean;
    status?: number;
    /** This form's address in another language. */
    langHref: (lang: Lang) => string;
    /** What is said of the wallets not up (./plain-health.ts), above their choice, which it describes. */
    health?: { html: string; ids: readonly string[] };
  },
): Response {
  const { t, w, lang } = words;
  const message = (name: keyof PlainFormValues) => {
    const error = errors[name];
    return error ? `<p class="err" id="e-${name}">${esc(t(error))}</p>` : '';
  };
  /** A field's error (not a warning) marks it invalid and describes it, with what else describes it (`also`). */
  const invalid = (name: keyof PlainFormValues, also: readonly string[] = []) => {
    const error = errors[name];
    const bad = !!error && !error.warning;
    const ids = bad ? [`e-${name}`, ...also] : also;
    return (bad ? ' aria-invalid="true"' : '') + (ids.length ? ` aria-describedby="${ids.join(' ')}"` : '');
  };
  const text = (name: keyof PlainFormValues, label: string, attributes: string) =>
    `<label for="p-${name}">${esc(label)}</label><input id="p-${name}" name="${name}" value="${esc(values[name])}" ${attributes}${invalid(name)}>${message(name)}`;
  const countries = formCountries(due.currency);
  const option = (value: string, label: string, selected: boolean) =>
    `<option value="${esc(value)}"${selected ? ' selected' : ''}>${esc(label)}</option>`;
  const countryOptions = countries
    .map((c) => option(c.code, countryName(c.code, lang), c.code === values.country))
    .join('');
  // Without a script the wallets cannot follow the country: every country's, grouped; the server checks the pair.
  const walletOptions =
    option('', w('autoDetect'), !values.operator) +
    countries
      .map(
        (c) =>
          `<optgroup label="${esc(countryName(c.code, lang))}">${c.wallets.map((wallet) => option(`${c.code}:${wallet.name}`, wallet.label, values.operator === `${c.code}:${wallet.name}`)).join('')}</optgroup>`,
      )
      .join('');
  const body =
    header(words, due, t('form.heading')) +
    (notice
      ? check
        ? `<p class="info" role="status">${esc(notice)}</p>`
        : `<p class="notice" role="alert">${esc(notice)}</p>`
      : '') +
    (again
      ? `<form method="get"><input type="hidden" name="lang" value="${lang}"><button class="link">${esc(w('again'))}</button></form>`
      : '') +
    `<form method="post" action="${esc(action)}" novalidate>` +
    `<input type="hidden" name="token" value="${esc(token)}"><input type="hidden" name="lang" value="${lang}">` +
    `<label for="p-country">${esc(t('form.country'))}</label><select id="p-country" name="country">${countryOptions}</select>` +
    text('phone', t('form.phone'), 'type="tel" inputmode="tel" autocomplete="tel-national"') +
    `<p class="small">${esc(t('form.phoneHint'))}</p>` +
    `${health?.html ?? ''}<label for="p-operator">${esc(t('form.operator'))}</label>` +
    `<select id="p-operator" name="operator"${invalid('operator', health?.ids)}>${walletOptions}</select>${message('operator')}` +
    text('firstName', t('form.firstName'), 'autocomplete="given-name" autocapitalize="words"') +
    text('lastName', t('form.lastName'), 'autocomplete="family-name" autocapitalize="words"') +
    text('email', t('form.email'), 'type="email" inputmode="email" autocomplete="email" spellcheck="false"') +
    `<button type="submit">${esc(t('form.pay', { amount: formatAmount(due.amount, due.currency, lang) }))}</button>` +
    `<p class="small">${esc(t('form.secure'))}</p></form>` +
    `<p class="small">${LANGUAGES.filter((other) => other.code !== lang)
      .map((other) => `<a href="${esc(langHref(other.code))}" lang="${other.code}">${other.name}</a>`)
      .join(' · ')}</p>`;
  return plainResponse(status, { lang, title: t('page.title'), body });
}

/** The countries the form offers: those with wallets that pay in `currency`. */
export const formCountries = (currency: string) => COUNTRIES.filter((c) => c.wallets.length && c.currency === currency);

/** The latest attempt as a receipt's rows, from the intent read. */
export function receiptRows({ t, lang }: Words, intent: PaidIntent, merchant: string | null): string {
  const paid = intent.payment_method?.momo;
  const rows: [string, string][] = [[t('succeeded.amount'), formatAmount(intent.amount, intent.currency, lang)]];
  if (merchant) rows.push([t('succeeded.payee'), merchant]);
  if (paid) {
    rows.push([
      t('succeeded.operator'),
      findWallet(paid.country, paid.operator_name)?.label ?? paid.operator_name.toUpperCase(),
    ]);
    rows.push([t('succeeded.phone'), maskLastDigits(paid.country, paid.operator_name, paid.msisdn_last4)]);
  }
  // The short reference a person reads out where the service gives one (an extension, as on the
  // page: src/components/Receipt.tsx), else the charge id in full — never a part of it.
  const reference = intent.reference || intent.charge_id;
  if (reference) rows.push([t('succeeded.reference'), reference]);
  rows.push([t('succeeded.date'), formatDate(intent.updated_at, lang)]);
  return `<table>${rows.map(([label, value]) => `<tr><th scope="row">${esc(label)}</th><td><bdi>${esc(value)}</bdi></td></tr>`).join('')}</table>`;
}

export interface PaidIntent {
  amount: number;
  currency: string;
  charge_id: string | null;
  /** Extension: the payment's short reference ("K7M-4Q2"); absent from a bare service. */
  reference?: string | undefined;
  updated_at: string;
  payment_method: { momo?: { country: string; operator_name: string; msisdn_last4: string } | undefined } | null;
}

/** The message of a failure's reason, as the page words it (an unknown one: the operator refused). */
export const reasonKey = (code: string | undefined): MessageKey =>
  code && Object.hasOwn(en, `reason.${code}`) ? (`reason.${code}` as MessageKey) : 'reason.other';

/** A country code the form starts with: one that pays in `currency`, Congo's if it can. */
export function defaultCountry(currency: string): string {
  const first = COUNTRIES.find((c) => c.wallets.length && c.currency === currency);
  return findCountry('cg')?.currency === currency ? 'cg' : (first?.code ?? 'cg');
}
