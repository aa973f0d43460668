// The plain payment's form (./plain-payment.ts): shown with what the service says is due, then
// posted — checked as the page's script checks it, confirmed at most once (its token, ./form-token.ts,
// names the attempts it was shown before), and the payer sent to the status page (./plain-status.ts).
import { ApiError } from '../api/errors';
import type { ClientConfig } from '../api/http';
import { confirmIntentView } from '../api/endpoints/checkout';
import { isBlocking, PAYER_REFUSALS, payerRules, validate } from '../checkout/validation';
import { momo } from '../methods/momo/method';
import { detectWallet, findCountry, findWallet, formatAsTyped } from '../phone';
import type { FormTokens } from './form-token';
import { redirect } from './responses';
import {
  defaultCountry,
  type FormErrors,
  formCountries,
  formPage,
  type PlainFormValues,
  type PlainLang,
  type Words,
  wordsOf,
} from './plain-pages';
import { dueOf, formHref, type Payment, readFailed, readPayment, statusHref } from './plain-read';
import { downFromNumber, healthNotices } from './plain-health';
import { type Typed, typedCookie } from './plain-typed';

const EMPTY: Omit<PlainFormValues, 'country'> = { phone: '', operator: '', firstName: '', lastName: '', email: '' };

/**
 * The customer the merchant named on the session: the form starts with them; and after an attempt
 * of this browser's that failed, with the number it typed for it (./plain-typed.ts): a new request,
 * to the same number or, corrected, to another.
 */
function prefilled(payment: Payment, typed: Typed | null): PlainFormValues {
  const customer = payment.session?.customer;
  const charges = payment.intent.event.charges.length;
  const again = typed && charges > 0 && typed.attempts === charges ? typed : null;
  return {
    ...EMPTY,
    ...(again ? { phone: again.phone, operator: `${again.country}:${again.operator}` } : {}),
    country: again?.country ?? defaultCountry(payment.intent.currency),
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    email: customer?.email ?? '',
  };
}

const langHref = (page: string) => (lang: PlainLang) => formHref(page, lang);

export async function showForm(
  config: ClientConfig,
  id: string,
  lang: PlainLang,
  tokens: FormTokens,
  shown: {
    values?: PlainFormValues;
    errors?: FormErrors;
    notice?: string;
    check?: boolean;
    again?: boolean;
    status?: number;
    /** The number this browser typed for the payment's last attempt, if it kept it. */
    typed?: Typed | null;
  } = {},
): Promise<Response> {
  const words = wordsOf(lang);
  const page = `/pay/${id}`;
  let payment: Payment;
  try {
    payment = await readPayment(config, id);
  } catch (error) {
    return readFailed(error, words, formHref(page, lang));
  }
  // Nothing to pay here any more (an attempt awaited or paid, a payment canceled): its state instead.
  if (payment.intent.status !== 'requires_payment_method') return redirect(statusHref(page, lang), 303);
  const token = tokens.issue(id, payment.intent.event.charges.length);
  return formPage(words, {
    action: page,
    token,
    due: dueOf(payment),
    values: shown.values ?? prefilled(payment, shown.typed ?? null),
    errors: shown.errors,
    notice: shown.notice,
    check: shown.check,
    again: shown.again,
    status: shown.status,
    langHref: langHref(page),
    health: healthNotices(words, formCountries(payment.intent.currency), payment.intent.availability),
  });
}

const field = (form: URLSearchParams, name: keyof PlainFormValues) => (form.get(name) ?? '').slice(0, 320);

export async function postForm(
  config: ClientConfig,
  id: string,
  page: string,
  form: URLSearchParams,
  words: Words,
  tokens: FormTokens,
  /** Whether the payer's page is https: its cookie's `Secure` (./plain-cookie.ts). */
  secure: boolean,
): Promise<Response> {
  const { lang } = words;
  const values: PlainFormValues = {
    country: field(form, 'country'),
    phone: field(form, 'phone'),
    operator: field(form, 'operator'),
    firstName: field(form, 'firstName'),
    lastName: field(form, 'lastName'),
    email: field(form, 'email'),
  };
  // The wallet: the one chosen (a country's, as `cc:wallet`; the script's form, posted as it is,
  // names the chosen country's alone), else the number's.
  const country = findCountry(values.country)?.code ?? '';
  const [walletCountry = '', walletName = ''] = values.operator.includes(':')
    ? values.operator.split(':')
    : [country, values.operator];
  if (walletName) values.operator = `${walletCountry}:${walletName}`;
  const token = form.get('token');
  const check = tokens.verify(id, token ?? '');
  // No token: the hosted page's own form, posted without its script by an engine that did not
  // follow its <noscript> refresh to the plain form (index.html): it showed no amount and is the
  // same for every payment. The plain form, with the amount and what was typed: the payer checks,
  // then pays — asked calmly, nothing is wrong.
  if (token === null) return showForm(config, id, lang, tokens, { values, notice: words.w('check'), check: true });
  if (!check.ok) return showForm(config, id, lang, tokens, { values, notice: words.w('expired'), status: 400 });
  let operator = walletName;
  if (!values.operator) operator = detectWallet(country, values.phone) ?? '';
  else if (walletCountry !== country || !findWallet(country, walletName)) operator = '';
  const momoValues = { country, phone: values.phone, operator };
  const errors: FormErrors = { ...validate(momo.rules, momoValues), ...validate(payerRules, values) };
  // Said at the top too: a page that comes back whole opens there.
  if (isBlocking(errors))
    return showForm(config, id, lang, tokens, { values, errors, notice: words.t('form.fixErrors'), status: 400 });
  const data = momo.data(momoValues);
  if (!data)
    return showForm(config, id, lang, tokens, {
      values,
      errors: { phone: { key: 'error.phone.invalid', params: { country } } },
      status: 400,
    });

  let payment: Payment;
  try {
    payment = await readPayment(config, id);
  } catch (error) {
    return readFailed(error, words, formHref(page, lang));
  }
  const { intent } = payment;
  // A form confirms at most once: shown before the attempt it would start, and that attempt has
  // started (this form, sent twice) or another has (another tab, another form), or the payment is
  // no longer payable: the status page says what became of it. Never a second confirm.
  if (intent.status !== 'requires_payment_method' || intent.event.charges.length !== check.attempts)
    return redirect(statusHref(page, lang), 303);
  // "From my number" names a wallet said to be down: the page's script would not choose it for the
  // payer, so neither does this form. Nothing is sent: the form again, the payer to choose.
  const down =
    !values.operator && downFromNumber(words, formCountries(intent.currency), intent.availability, country, operator);
  if (down)
    return showForm(config, id, lang, tokens, {
      values,
      errors: { operator: { key: 'error.operator.empty' } },
      notice: down,
      status: 400,
    });
  if (!intent.client_secret)
    return readFailed(
      new ApiError('invalid_response', 'The intent came without its client secret'),
      words,
      formHref(page, lang),
    );

  try {
    await confirmIntentView(
      config,
      intent.intent_id,
      {
        client_secret: intent.client_secret,
        first_name: values.firstName.trim(),
        last_name: values.lastName.trim(),
        receipt_email: values.email.trim(),
        payment_method_data: data,
      },
      { idempotencyKey: tokens.idempotencyKey(token, 'confirm') },
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Refused for a field: the form again, the field said. Nothing was started.
    if (error.status === 400 && error.field) {
      const refusal = PAYER_REFUSALS[error.field] ?? momo.refusal(error.field, momoValues);
      if (refusal)
        return showForm(config, id, lang, tokens, { values, errors: { [refusal[0]]: refusal[1] }, status: 400 });
    }
    if (error.status === 429) {
      return showForm(config, id, lang, tokens, {
        values,
        notice: words.t('error.rateLimited', { seconds: error.retryAfter ?? 60 }),
        status: 429,
      });
    }
    // Anything else (an attempt in progress, a payment ended, an answer lost on the way): the
    // status page reads what the service holds. Never sent again.
  }
  const sent = redirect(statusHref(page, lang), 303);
  // The number as typed, for this browser's pages of the attempt (shown only if that attempt is the intent's latest).
  sent.headers.append(
    'Set-Cookie',
    typedCookie(
      id,
      { attempts: check.attempts + 1, country, operator, phone: formatAsTyped(country, values.phone) },
      secure,
    ),
  );
  return sent;
}
