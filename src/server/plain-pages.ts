// The HTML of a payment without JavaScript (docs/integration.md, "A payment without JavaScript"): the form and
// the status page, made by the server for one page id. No script anywhere; one inline stylesheet,
// allowed by its hash; in every language the checkout speaks (French, English, Arabic right to
// left, Spanish, Portuguese). Only what the payer sees goes in: never the client secret (the
// server reads it from the service and sends it in the confirm's body only).
import { COUNTRIES, findCountry, findWallet, maskLastDigits } from '../phone';
import {
  countryName,
  dirOf,
  formatAmount,
  formatDate,
  LANG_NAMES,
  LANGS,
  type Lang,
  type MessageKey,
  plainText,
  translator,
} from '../i18n';
import type { FieldError } from '../checkout/validation';
import { en } from '../i18n/en';
import { HTML_TYPE } from './responses';
import { cspHash, PERMISSIONS_POLICY } from './security';

/** The plain pages speak every language the checkout does. */
export type PlainLang = Lang;

/** The plain pages' own words (the catalogues are the script's: these stay out of its bytes). */
const WORDS = {
  fr: {
    due: 'à payer',
    to: 'à',
    expired:
      'Ce formulaire a expiré ou n’est plus valable. Vérifiez vos informations et appuyez de nouveau sur Payer : rien n’a été envoyé.',
    check: 'Vérifiez le montant et vos informations, puis appuyez sur Payer : rien n’a encore été envoyé.',
    stuck: 'La page de paiement n’a pas pu s’ouvrir dans ce navigateur : payez avec ce formulaire simple.',
    again: 'Réessayer la page de paiement complète',
    autoDetect: 'D’après mon numéro',
    refreshing: 'Cette page se met à jour toute seule.',
    checkNow: 'Vérifier maintenant',
    code: 'Code de paiement',
    codeHint: 'Composez {dial} sur votre téléphone pour obtenir le code, puis saisissez-le ici.',
    codeHintMenu: 'Obtenez le code dans le menu de votre portefeuille, puis saisissez-le ici.',
    codeSend: 'Envoyer le code',
    codeInvalid: 'Saisissez les {length} chiffres du code.',
    codeWrong: 'Ce code n’a pas été accepté. Vérifiez-le ou obtenez-en un autre.',
    openWallet: 'Ouvrir {wallet} et payer',
    back: 'Retour au formulaire',
    refused:
      'Ce formulaire n’a pas été envoyé depuis cette page de paiement : rien n’a été payé. Rouvrez le lien de paiement.',
  },
  en: {
    due: 'to pay',
    to: 'to',
    expired: 'This form has expired or is no longer valid. Check your details and press Pay again: nothing was sent.',
    check: 'Check the amount and your details, then press Pay: nothing has been sent yet.',
    stuck: 'The payment page could not open in this browser: pay with this simple form.',
    again: 'Try the full payment page again',
    autoDetect: 'From my number',
    refreshing: 'This page updates itself.',
    checkNow: 'Check now',
    code: 'Payment code',
    codeHint: 'Dial {dial} on your phone to get the code, then type it here.',
    codeHintMenu: 'Get the code from your wallet’s menu, then type it here.',
    codeSend: 'Send the code',
    codeInvalid: 'Type the {length} digits of the code.',
    codeWrong: 'This code was not accepted. Check it or get another one.',
    openWallet: 'Open {wallet} and pay',
    back: 'Back to the form',
    refused: 'This form was not sent from this payment page: nothing was paid. Open the payment link again.',
  },
  ar: {
    due: 'للدفع',
    to: 'إلى',
    expired: 'انتهت صلاحية هذا النموذج أو لم يعد صالحًا. تحقّق من بياناتك واضغط على ادفع مرة أخرى: لم يُرسَل شيء.',
    check: 'تحقّق من المبلغ ومن بياناتك، ثم اضغط على ادفع: لم يُرسَل شيء بعد.',
    stuck: 'تعذّر فتح صفحة الدفع في هذا المتصفح: ادفع بهذا النموذج البسيط.',
    again: 'أعد محاولة فتح صفحة الدفع الكاملة',
    autoDetect: 'حسب رقمي',
    refreshing: 'تتحدّث هذه الصفحة تلقائيًا.',
    checkNow: 'تحقّق الآن',
    code: 'رمز الدفع',
    codeHint: 'اطلب {dial} من هاتفك للحصول على الرمز، ثم أدخله هنا.',
    codeHintMenu: 'احصل على الرمز من قائمة محفظتك، ثم أدخله هنا.',
    codeSend: 'أرسل الرمز',
    codeInvalid: 'أدخل أرقام الرمز الـ {length}.',
    codeWrong: 'لم يُقبل هذا الرمز. تحقّق منه أو احصل على رمز آخر.',
    openWallet: 'افتح {wallet} وادفع',
    back: 'العودة إلى النموذج',
    refused: 'لم يُرسَل هذا النموذج من صفحة الدفع هذه: لم يُدفع شيء. افتح رابط الدفع من جديد.',
  },
  es: {
    due: 'a pagar',
    to: 'a',
    expired:
      'Este formulario ha caducado o ya no es válido. Compruebe sus datos y vuelva a pulsar Pagar: no se ha enviado nada.',
    check: 'Compruebe el importe y sus datos, y luego pulse Pagar: todavía no se ha enviado nada.',
    stuck: 'La página de pago no pudo abrirse en este navegador: pague con este formulario sencillo.',
    again: 'Volver a intentar la página de pago completa',
    autoDetect: 'Según mi número',
    refreshing: 'Esta página se actualiza sola.',
    checkNow: 'Comprobar ahora',
    code: 'Código de pago',
    codeHint: 'Marque {dial} en su teléfono para obtener el código y escríbalo aquí.',
    codeHintMenu: 'Obtenga el código en el menú de su monedero y escríbalo aquí.',
    codeSend: 'Enviar el código',
    codeInvalid: 'Escriba los {length} dígitos del código.',
    codeWrong: 'Este código no fue aceptado. Compruébelo u obtenga otro.',
    openWallet: 'Abrir {wallet} y pagar',
    back: 'Volver al formulario',
    refused:
      'Este formulario no se envió desde esta página de pago: no se ha pagado nada. Vuelva a abrir el enlace de pago.',
  },
  pt: {
    due: 'a pagar',
    to: 'a',
    expired:
      'Este formulário expirou ou já não é válido. Verifique os seus dados e carregue de novo em Pagar: nada foi enviado.',
    check: 'Verifique o montante e os seus dados e depois carregue em Pagar: ainda nada foi enviado.',
    stuck: 'A página de pagamento não abriu neste navegador: pague com este formulário simples.',
    again: 'Tentar de novo a página de pagamento completa',
    autoDetect: 'Pelo meu número',
    refreshing: 'Esta página atualiza-se sozinha.',
    checkNow: 'Verificar agora',
    code: 'Código de pagamento',
    codeHint: 'Marque {dial} no seu telemóvel para obter o código e escreva-o aqui.',
    codeHintMenu: 'Obtenha o código no menu da sua carteira e escreva-o aqui.',
    codeSend: 'Enviar o código',
    codeInvalid: 'Escreva os {length} dígitos do código.',
    codeWrong: 'Este código não foi aceite. Verifique-o ou obtenha outro.',
    openWallet: 'Abrir {wallet} e pagar',
    back: 'Voltar ao formulário',
    refused:
      'Este formulário não foi enviado a partir desta página de pagamento: nada foi pago. Abra de novo o link de pagamento.',
  },
} as const satisfies Record<PlainLang, Record<string, string>>;
export type PlainWord = keyof (typeof WORDS)['fr'];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text or an attribute's value, escaped; bidirectional controls dropped (as the page does). */
export const esc = (text: string | number): string =>
  plainText(String(text)).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const fill = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/\{(\w+)\}/g, (m, name: string) => String(values[name] ?? m));

export interface Words {
  lang: PlainLang;
  t: ReturnType<typeof translator>;
  w: (word: PlainWord, values?: Record<string, string | number>) => string;
}
export const wordsOf = (lang: PlainLang): Words => ({
  lang,
  t: translator(lang),
  w: (word, values) => fill(WORDS[lang][word], values),
});

// The checkout's look in a few lines, for pages that must render on anything (Opera Mini, KaiOS).
const STYLE =
  'body{margin:0;padding:1rem .75rem;background:#f3f4f6;color:#1b1f23;font:1rem/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
  'main{box-sizing:border-box;max-width:30rem;margin:auto;padding:1rem;border-radius:12px;background:#fff}' +
  'h1{margin:0 0 .5rem;font-size:1.2rem}p{margin:.5rem 0}ul{margin:.25rem 0;padding:0 0 0 1.25rem}[dir=rtl] ul{padding:0 1.25rem 0 0}' +
  'label{display:block;margin:.75rem 0 .2rem;font-weight:600}' +
  'input,select{box-sizing:border-box;width:100%;min-height:44px;padding:.4rem;border:1px solid #8a9099;border-radius:6px;font:inherit;background:#fff;color:inherit}' +
  'button,.btn{display:block;box-sizing:border-box;width:100%;min-height:48px;margin:1rem 0 .5rem;padding:.6rem;border:0;border-radius:8px;background:#0b6b3a;color:#fff;font:inherit;font-weight:700;text-align:center;text-decoration:none}' +
  '.err{color:#b3261e;margin:.2rem 0}.notice{padding:.5rem;border-radius:6px;background:#fdecea;color:#7a1712}' +
  '.link{width:auto;min-height:44px;margin:0;padding:0;background:none;color:inherit;font-weight:400;text-align:start;text-decoration:underline}' +
  '.test{padding:0 .3rem;border-radius:4px;background:#ffd54f;color:#000;font-size:.8rem;font-weight:700}' +
  '.amount{font-size:1.3rem}.small{font-size:.875rem;color:#4b5563}table{width:100%;border-collapse:collapse}th,td{padding:.25rem 0;text-align:start;vertical-align:top}th{padding-inline-end:.75rem;white-space:nowrap}td{overflow-wrap:anywhere}' +
  '@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}main,input,select{background:#16191d}.small{color:#a8b0ba}}';
const STYLE_HASH = cspHash(STYLE);

/** The plain pages' headers: no script at all, forms only to this server, never framed. */
export function plainHeaders(): Record<string, string> {
  return {
    'Content-Type': HTML_TYPE,
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; style-src ${STYLE_HASH}; img-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    // 'same-origin', not 'no-referrer': a form posted to this server then carries its Origin, which
    // the server checks; the merchant's site (successUrl) still learns nothing of this address.
    'Referrer-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

export function plainResponse(
  status: number,
  { lang, title, body, refresh }: { lang: PlainLang; title: string; body: string; refresh?: number },
): Response {
  const html = `<!doctype html>
<html lang="${lang}"${dirOf(lang) === 'rtl' ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="color-scheme" content="light dark">${
    refresh ? `<meta http-equiv="refresh" content="${refresh}">` : ''
  }<title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>
`;
  return new Response(html, { status, headers: plainHeaders() });
}

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
    ? `<ul>${due.items.map((item) => `<li><bdi>${esc(item.productName)}</bdi> — ${esc(t('summary.quantity', { quantity: item.quantity, price: formatAmount(item.price, due.currency, lang) }))}</li>`).join('')}</ul>`
    : '';
  const description = due.description ? `<p class="small"><bdi>${esc(due.description)}</bdi></p>` : '';
  return `<p class="small">${esc(t('page.title'))}${test}</p><h1>${esc(heading)}</h1>${
    paid
      ? `<p>${esc(t('summary.paid'))}${lang === 'fr' ? '\u00a0: ' : ': '}<strong class="amount">`
      : '<p><strong class="amount">'
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
    again,
    status = 200,
    langHref,
  }: {
    action: string;
    token: string;
    due: Due;
    values: PlainFormValues;
    errors?: FormErrors;
    notice?: string;
    /**
     * The page with its script tried again, offered after the notice: a form that gets this address
     * with its query alone changed, so that its fragment goes along — where the tab has no storage,
     * the secret is there (index.html's momoStuck), and a link would drop it.
     */
    again?: boolean;
    status?: number;
    /** This form's address in another language. */
    langHref: (lang: Lang) => string;
  },
): Response {
  const { t, w, lang } = words;
  const message = (name: keyof PlainFormValues) => {
    const error = errors[name];
    return error ? `<p class="err" id="e-${name}">${esc(t(error))}</p>` : '';
  };
  const invalid = (name: keyof PlainFormValues) => {
    const error = errors[name];
    return error && !error.warning ? ` aria-invalid="true" aria-describedby="e-${name}"` : '';
  };
  const text = (name: keyof PlainFormValues, label: string, attributes: string) =>
    `<label for="p-${name}">${esc(label)}</label><input id="p-${name}" name="${name}" value="${esc(values[name])}" ${attributes}${invalid(name)}>${message(name)}`;
  const countries = COUNTRIES.filter((c) => c.wallets.length && c.currency === due.currency);
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
    (notice ? `<p class="notice" role="alert">${esc(notice)}</p>` : '') +
    (again
      ? `<form method="get"><input type="hidden" name="lang" value="${lang}"><button class="link">${esc(w('again'))}</button></form>`
      : '') +
    `<form method="post" action="${esc(action)}" novalidate>` +
    `<input type="hidden" name="token" value="${esc(token)}"><input type="hidden" name="lang" value="${lang}">` +
    `<label for="p-country">${esc(t('form.country'))}</label><select id="p-country" name="country">${countryOptions}</select>` +
    text('phone', t('form.phone'), 'type="tel" inputmode="tel" autocomplete="tel-national"') +
    `<p class="small">${esc(t('form.phoneHint'))}</p>` +
    `<label for="p-operator">${esc(t('form.operator'))}</label><select id="p-operator" name="operator"${invalid('operator')}>${walletOptions}</select>${message('operator')}` +
    text('firstName', t('form.firstName'), 'autocomplete="given-name" autocapitalize="words"') +
    text('lastName', t('form.lastName'), 'autocomplete="family-name" autocapitalize="words"') +
    text('email', t('form.email'), 'type="email" inputmode="email" autocomplete="email" spellcheck="false"') +
    `<button type="submit">${esc(t('form.pay', { amount: formatAmount(due.amount, due.currency, lang) }))}</button>` +
    `<p class="small">${esc(t('form.secure'))}</p></form>` +
    `<p class="small">${LANGS.filter((other) => other !== lang)
      .map((other) => `<a href="${esc(langHref(other))}" lang="${other}">${LANG_NAMES[other]}</a>`)
      .join(' · ')}</p>`;
  return plainResponse(status, { lang, title: t('page.title'), body });
}

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
  if (intent.charge_id) rows.push([t('succeeded.reference'), intent.charge_id]);
  rows.push([t('succeeded.date'), formatDate(intent.updated_at, lang)]);
  return `<table>${rows.map(([label, value]) => `<tr><th scope="row">${esc(label)}</th><td><bdi>${esc(value)}</bdi></td></tr>`).join('')}</table>`;
}

export interface PaidIntent {
  amount: number;
  currency: string;
  charge_id: string | null;
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
