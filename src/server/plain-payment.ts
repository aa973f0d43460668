// A payment without JavaScript (docs/integration.md, "A payment without JavaScript"): the hosted page's path,
// `/pay/<pi_…|cs_…>`, also answers
//   GET  ?plain=1            the form, made by this server (the page's <noscript> and its "never a
//                            dead form" message link to it),
//   POST                     the form: checked, then the confirm, then 303 to the status page,
//   GET  /status             the attempt's state, refreshing itself while it is pending,
//   POST /code               a one-time code, for the wallets that ask for one.
// The client secret is in the link's fragment, which never reaches a server; this one reads the
// intent from the service by the id in the path (`GET /v1/payment-intents/{id}` answers it without
// a token: an intent id is as confidential as its secret, docs/decisions.md) and puts the secret in
// the confirm's body only — never in an address, a log line or the HTML.
import { ApiError } from '../api/errors';
import type { ClientConfig } from '../api/http';
import { confirmIntentView, getSession, sendCodeView } from '../api/endpoints/checkout';
import { getIntent } from '../api/endpoints/intents';
import type { PaymentIntent, PublicSession } from '../api/types';
import { isBlocking, PAYER_REFUSALS, payerRules, validate } from '../checkout/validation';
import { safeReturnUrl } from '../checkout/return-url';
import { launchUrl } from '../checkout/status';
import { addCatalogue, formatAmount, LANGS, type Message, pickLang } from '../i18n';
import { TEXTS } from '../i18n/catalogues';
import { momo } from '../methods/momo/method';
import { APP_MESSAGES } from '../methods/momo/steps/app';
import { fill } from '../methods/momo/steps/fill';
import { detectWallet, findCountry, findWallet, maskLastDigits } from '../phone';
import type { SandboxBindings } from '../sandbox';
import { createFormTokens, type FormTokens } from './form-token';
import { redirect } from './responses';
import {
  type Due,
  defaultCountry,
  esc,
  type FormErrors,
  type PlainFormValues,
  formPage,
  header,
  type PlainLang,
  plainResponse,
  reasonKey,
  receiptRows,
  type Words,
  wordsOf,
} from './plain-pages';

for (const lang of LANGS) addCatalogue(lang, TEXTS[lang].messages);

/** A payment's page and its parts: `/pay/<id>`, `/pay/<id>/status`, `/pay/<id>/code`. */
export const PLAIN_PATH = /^\/pay\/((?:pi|cs)_[A-Za-z0-9]{1,64})(?:\/(status|code))?$/;
/** The most a form's body may weigh: a few short fields. */
const MAX_FORM_BYTES = 8 * 1024;

export interface PlainPaymentOptions {
  /**
   * How this server calls the service: its address and, for the in-process sandbox, its fetch
   * (given the payer's request's bindings, so the service's per-client limits see the payer).
   */
  api: (env: SandboxBindings | undefined) => ClientConfig;
  /** Origins a form may be posted from besides the request's own (the server's public address). */
  origins?: readonly string[];
  /** The form tokens' key and clock; default: a key made now, the system clock. */
  tokens?: FormTokens;
}

/**
 * How a server calls the service for the plain payment: the in-process sandbox (with the payer's
 * request's bindings, so its per-client limits see the payer, not this server), or the API at
 * `apiOrigin` when the page is told to use one.
 */
export function plainPaymentApi(
  sandbox: { fetch: (req: Request, env?: SandboxBindings) => Promise<Response> },
  apiOrigin?: string,
): PlainPaymentOptions['api'] {
  if (apiOrigin !== undefined) return () => ({ baseUrl: apiOrigin });
  // The address is never dialled: the sandbox answers in process.
  return (env) => ({ baseUrl: 'http://sandbox.invalid', fetch: (req) => sandbox.fetch(req, env) });
}

/** The plain payment's answers (for tests: without the hosted page around them). */
export function plainPaymentHandler({
  api,
  origins = [],
  tokens = createFormTokens(),
}: PlainPaymentOptions): (req: Request, env?: SandboxBindings) => Promise<Response> {
  return async (req, env) => {
    const url = new URL(req.url);
    const [, id = '', sub] = PLAIN_PATH.exec(url.pathname) ?? [];
    const config = api(env);
    const page = `/pay/${id}`;
    const method = req.method;
    if (sub === 'status' && (method === 'GET' || method === 'HEAD'))
      return statusPage(config, id, langOf(req, url.searchParams.get('lang')), tokens);
    if (!sub && (method === 'GET' || method === 'HEAD')) {
      const lang = langOf(req, url.searchParams.get('lang'));
      // Sent here by the hosted page whose script could not start (index.html's momoStuck).
      const stuck = url.searchParams.has('stuck') ? { notice: wordsOf(lang).w('stuck'), again: true } : {};
      return showForm(config, id, lang, tokens, stuck);
    }
    if (method !== 'POST' || (sub && sub !== 'code')) {
      return new Response('Method Not Allowed\n', {
        status: 405,
        headers: {
          Allow: sub === 'status' ? 'GET, HEAD' : 'GET, HEAD, POST',
          'Content-Type': 'text/plain; charset=utf-8',
        },
      });
    }
    // Where it comes from first: another site's post is not even read. (Its page's own form, posted
    // without a script, says null: see sameSite.)
    const form = sameSite(req, url, origins, sub) ? await readForm(req) : null;
    const words = wordsOf(langOf(req, form?.get('lang') ?? url.searchParams.get('lang')));
    if (!form || (form.has('token') && !ownOrigin(req, url, origins))) {
      return plainResponse(403, {
        lang: words.lang,
        title: words.t('error.heading'),
        body: `<h1>${esc(words.t('error.heading'))}</h1><p>${esc(words.w('refused'))}</p>`,
      });
    }
    return sub === 'code'
      ? postCode(config, id, page, form, words, tokens)
      : postForm(config, id, page, form, words, tokens);
  };
}

/** The page's language: the form's, `?lang=`, else Accept-Language (as the page's script picks it). */
function langOf(req: Request, asked: string | null): PlainLang {
  return pickLang(asked, (req.headers.get('accept-language') ?? '').split(','));
}

/**
 * Whether a post comes from a page of this server: a browser that says where a request comes from
 * (`Sec-Fetch-Site`, `Origin`) must say this server. One that says neither (an old browser, a proxy
 * browser's server) is let through: the form's token and the service's own checks still hold.
 * The hosted page's own form, posted without its script, comes from a page that sends no referrer,
 * so its browser says `Origin: null`: taken when `Sec-Fetch-Site` (which no page can set) says this
 * server, or, from a browser too old to send it, when it is not a code's form (and, below, carries
 * no token: such a post confirms nothing, it gets the plain form back, as a link to it would).
 */
function sameSite(req: Request, url: URL, origins: readonly string[], sub: string | undefined): boolean {
  // 'none': the payer's own doing (a form resent from the browser's history), never another site's.
  const site = req.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return false;
  return ownOrigin(req, url, origins) || (req.headers.get('origin') === 'null' && !sub);
}

/** Whether the post's Origin, if it says one, is this server's. */
function ownOrigin(req: Request, url: URL, origins: readonly string[]): boolean {
  const origin = req.headers.get('origin');
  if (origin === null) return true;
  // Sec-Fetch-Site checked first: a browser that sends it says whether the page is this server's.
  if (origin === 'null' && req.headers.get('sec-fetch-site') === 'same-origin') return true;
  return origin === url.origin || origins.some((allowed) => new URL(allowed).origin === origin);
}

/** The posted form, or null if it is not one or weighs more than a form of ours can (read no further). */
async function readForm(req: Request): Promise<URLSearchParams | null> {
  if (!(req.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded'))
    return null;
  if (!req.body) return new URLSearchParams();
  if (Number(req.headers.get('content-length') ?? 0) > MAX_FORM_BYTES) {
    await req.body.cancel();
    return null;
  }
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_FORM_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** What the page is for: the intent (its secret with it) and, for a session, the session. */
interface Payment {
  session: PublicSession | null;
  intent: PaymentIntent;
}

async function readPayment(config: ClientConfig, id: string): Promise<Payment> {
  const session = id.startsWith('cs_') ? await getSession(config, id) : null;
  const intent = await getIntent(config, session ? session.paymentIntentId : id);
  return { session, intent };
}

const dueOf = ({ session, intent }: Payment): Due => ({
  amount: intent.amount,
  currency: intent.currency,
  merchant: (session?.merchant ?? intent.merchant)?.name ?? null,
  test: intent.live_mode === 0,
  description: intent.description,
  items: session?.items ?? [],
});

/** A read that failed: a page that says so (and, for a passing trouble, to try again). */
function readFailed(error: unknown, { t, lang }: Words, again: string): Response {
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

const EMPTY: Omit<PlainFormValues, 'country'> = { phone: '', operator: '', firstName: '', lastName: '', email: '' };

/** The customer the merchant named on the session: the form starts with them. */
function prefilled(payment: Payment): PlainFormValues {
  const customer = payment.session?.customer;
  return {
    ...EMPTY,
    country: defaultCountry(payment.intent.currency),
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    email: customer?.email ?? '',
  };
}

const langHref = (page: string) => (lang: PlainLang) => `${page}?plain=1&lang=${lang}`;
const statusHref = (page: string, lang: PlainLang) => `${page}/status?lang=${lang}`;

async function showForm(
  config: ClientConfig,
  id: string,
  lang: PlainLang,
  tokens: FormTokens,
  shown: { values?: PlainFormValues; errors?: FormErrors; notice?: string; again?: boolean; status?: number } = {},
): Promise<Response> {
  const words = wordsOf(lang);
  const page = `/pay/${id}`;
  let payment: Payment;
  try {
    payment = await readPayment(config, id);
  } catch (error) {
    return readFailed(error, words, `${page}?plain=1&lang=${lang}`);
  }
  // Nothing to pay here any more (an attempt awaited or paid, a payment canceled): its state instead.
  if (payment.intent.status !== 'requires_payment_method') return redirect(statusHref(page, lang), 303);
  const token = tokens.issue(id, payment.intent.event.charges.length);
  return formPage(words, {
    action: page,
    token,
    due: dueOf(payment),
    values: shown.values ?? prefilled(payment),
    errors: shown.errors,
    notice: shown.notice,
    again: shown.again,
    status: shown.status,
    langHref: langHref(page),
  });
}

const field = (form: URLSearchParams, name: keyof PlainFormValues) => (form.get(name) ?? '').slice(0, 320);

async function postForm(
  config: ClientConfig,
  id: string,
  page: string,
  form: URLSearchParams,
  words: Words,
  tokens: FormTokens,
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
  // No token: the hosted page's own form, posted without its script, which showed no amount. The
  // plain form, with the amount and what was typed: the payer checks, then pays.
  if (token === null) return showForm(config, id, lang, tokens, { values, notice: words.w('check') });
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
    return readFailed(error, words, `${page}?plain=1&lang=${lang}`);
  }
  const { intent } = payment;
  // A form confirms at most once: shown before the attempt it would start, and that attempt has
  // started (this form, sent twice) or another has (another tab, another form), or the payment is
  // no longer payable: the status page says what became of it. Never a second confirm.
  if (intent.status !== 'requires_payment_method' || intent.event.charges.length !== check.attempts)
    return redirect(statusHref(page, lang), 303);
  if (!intent.client_secret)
    return readFailed(
      new ApiError('invalid_response', 'The intent came without its client secret'),
      words,
      `${page}?plain=1&lang=${lang}`,
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
  return redirect(statusHref(page, lang), 303);
}

async function postCode(
  config: ClientConfig,
  id: string,
  page: string,
  form: URLSearchParams,
  words: Words,
  tokens: FormTokens,
): Promise<Response> {
  const { lang } = words;
  const token = form.get('token') ?? '';
  const code = (form.get('code') ?? '').replace(/\s/g, '');
  const check = tokens.verify(id, token);
  let payment: Payment;
  try {
    payment = await readPayment(config, id);
  } catch (error) {
    return readFailed(error, words, statusHref(page, lang));
  }
  const { intent } = payment;
  const otp = intent.status === 'pending' ? intent.next_action?.enter_otp : undefined;
  // A code for an attempt that no longer asks for one (or an expired form): the status page.
  if (!otp || !check.ok || check.attempts !== intent.event.charges.length || !intent.client_secret || !intent.charge_id)
    return redirect(statusHref(page, lang), 303);
  if (!new RegExp(`^\\d{${otp.length}}$`).test(code))
    return statusPage(config, id, lang, tokens, {
      codeError: words.w('codeInvalid', { length: otp.length }),
      status: 400,
    });
  try {
    await sendCodeView(
      config,
      intent.intent_id,
      { client_secret: intent.client_secret, code },
      { idempotencyKey: tokens.idempotencyKey(token, `otp ${intent.charge_id} ${code}`) },
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 400 || error.status === 422)
      return statusPage(config, id, lang, tokens, { codeError: words.w('codeWrong'), status: 400 });
  }
  return redirect(statusHref(page, lang), 303);
}

/** Every this many seconds a pending page reloads itself. */
export const REFRESH_SECONDS = 3;

async function statusPage(
  config: ClientConfig,
  id: string,
  lang: PlainLang,
  tokens: FormTokens,
  shown: { codeError?: string; status?: number } = {},
): Promise<Response> {
  const words = wordsOf(lang);
  const { t, w } = words;
  const page = `/pay/${id}`;
  const self = statusHref(page, lang);
  let payment: Payment;
  try {
    payment = await readPayment(config, id);
  } catch (error) {
    return readFailed(error, words, self);
  }
  const { intent, session } = payment;
  const due = dueOf(payment);
  const retry = `<a class="btn" href="${esc(`${page}?plain=1&lang=${lang}`)}">${esc(t('failed.retry'))}</a>`;
  const respond = (heading: string, content: string, refresh?: number) =>
    plainResponse(shown.status ?? 200, {
      lang,
      title: heading,
      body: header(words, due, heading, intent.status === 'succeeded') + content,
      refresh,
    });

  switch (intent.status) {
    case 'succeeded': {
      const back = safeReturnUrl(session?.successUrl, session?.id);
      return respond(
        t('succeeded.heading'),
        `<p role="status">${esc(t('succeeded.body', { amount: receiptAmount(words, due) }))}</p>${receiptRows(words, intent, due.merchant)}` +
          (back ? `<a class="btn" href="${esc(back)}" rel="noreferrer">${esc(t('succeeded.returnNow'))}</a>` : ''),
      );
    }
    case 'pending': {
      const action = intent.next_action;
      const paid = intent.payment_method?.momo;
      const wallet = paid
        ? (findWallet(paid.country, paid.operator_name)?.label ?? paid.operator_name.toUpperCase())
        : '';
      const check = `<p class="small">${esc(w('refreshing'))}</p><a class="btn" href="${esc(self)}">${esc(w('checkNow'))}</a>`;
      if (action?.type === 'enter_otp' && action.enter_otp) {
        // No refresh here: it would take the code the payer is typing away.
        const { dial_code: dial, length } = action.enter_otp;
        const token = tokens.issue(id, intent.event.charges.length);
        const error = shown.codeError ? `<p class="err" id="e-code">${esc(shown.codeError)}</p>` : '';
        return respond(
          t('step.otp.heading'),
          `<p>${esc(dial ? w('codeHint', { dial }) : w('codeHintMenu'))}</p>` +
            `<form method="post" action="${esc(`${page}/code`)}" novalidate><input type="hidden" name="token" value="${esc(token)}"><input type="hidden" name="lang" value="${lang}">` +
            `<label for="p-code">${esc(w('code'))}</label><input id="p-code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="${length}" dir="ltr"${error ? ' aria-invalid="true" aria-describedby="e-code"' : ''}>${error}` +
            `<button type="submit">${esc(w('codeSend'))}</button></form><a href="${esc(self)}">${esc(w('checkNow'))}</a>`,
        );
      }
      // The wallet's app: its launch address where a page may open it (http(s)); any other, what to
      // do in the app without a link — never the push below, a prompt this wallet does not send.
      if (action?.type === 'open_wallet' && action.open_wallet) {
        const launch = launchUrl(action.open_wallet.url);
        const amount = receiptAmount(words, due);
        return respond(
          t('step.app.heading', { wallet }),
          (launch
            ? `<a class="btn" href="${esc(launch)}" rel="noreferrer">${esc(w('openWallet', { wallet }))}</a>`
            : `<p role="status">${esc(fill(APP_MESSAGES, lang, 'noLink', { wallet, amount }))}</p>`) + check,
          REFRESH_SECONDS * 2,
        );
      }
      const ussd = action?.approve_on_phone?.ussd_code;
      const body =
        action === null
          ? t('step.wait')
          : paid
            ? t('pending.body', { amount: receiptAmount(words, due), phone: receiptPhone(intent), operator: wallet })
            : t('pending.bodyUnknown', { amount: receiptAmount(words, due) });
      return respond(
        t('pending.heading'),
        `<p role="status">${esc(body)}</p>${ussd ? `<p>${esc(t('pending.ussd', { ussd }))}</p>` : ''}<p>${esc(t('pending.waiting'))}</p>${check}`,
        REFRESH_SECONDS,
      );
    }
    case 'requires_payment_method': {
      const failure = intent.last_payment_error;
      if (!failure || intent.event.charges.length === 0) return redirect(`${page}?plain=1&lang=${lang}`, 303);
      return respond(
        t('failed.heading'),
        `<p role="alert">${esc(t({ key: reasonKey(failure.code) } as Message))}</p><p>${esc(t('failed.noCharge'))}</p>${retry}`,
      );
    }
    case 'canceled': {
      const key =
        intent.cancellation_reason === 'expired'
          ? 'error.expired'
          : intent.cancellation_reason === 'too_many_attempts'
            ? 'error.tooManyAttempts'
            : 'error.canceled';
      const cancel = safeReturnUrl(session?.cancelUrl, session?.id);
      return respond(
        t('failed.heading'),
        `<p role="alert">${esc(t(key))}</p>${cancel ? `<a href="${esc(cancel)}" rel="noreferrer">${esc(t('form.cancel'))}</a>` : ''}`,
      );
    }
    default:
      return respond(
        t('unknown.heading'),
        `<p role="status">${esc(t('error.unknownStatus'))}</p><a class="btn" href="${esc(self)}">${esc(w('checkNow'))}</a>`,
        REFRESH_SECONDS * 2,
      );
  }
}

const receiptAmount = ({ lang }: Words, due: Due) => formatAmount(due.amount, due.currency, lang);
const receiptPhone = (intent: PaymentIntent) => {
  const paid = intent.payment_method?.momo;
  return paid ? maskLastDigits(paid.country, paid.operator_name, paid.msisdn_last4) : '';
};
