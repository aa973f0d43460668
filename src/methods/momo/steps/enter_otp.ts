// The one-time code step (`next_action.enter_otp`): the payer dials the wallet's code on their
// phone (a tap-to-dial link), gets a code and types it here. The code is checked for its length
// before anything is sent, sent once (the model's answerStep, to the service's endpoint for it), and a wrong one is said plainly with
// how to get another (the code to dial, or the wallet's menu where it is not known); an expired one
// ends the attempt, on the failed screen (src/checkout/transition.ts). Written with h(), not JSX:
// the page lends its Preact (../../steps.ts).
import type { NextAction } from '../../kit';
import type { StepAnswer, StepFactory, StepPart } from '../../steps';
import { fillerOf, type StepMessages, type StepValues } from './fill';

// English, the source of the keys and of each text's placeholders (./fill.ts).
const en = {
  heading: 'Enter your payment code',
  dial: 'Dial {dial} on your phone ({phone}) to get a payment code, then type it here.',
  menu: 'Generate a payment code in the {wallet} menu of your phone ({phone}), then type it here.',
  label: 'Payment code',
  hint: '{length} digits',
  short: 'Type the {length} digits of the code.',
  send: 'Pay {amount}',
  sending: 'Sending the code…',
  wrong: 'This code is not right. Check it, or dial {dial} to get a new one.',
  wrongMenu: 'This code is not right. Check it, or generate a new one in the {wallet} menu.',
  network: 'The code could not be sent. Check your connection and try again.',
  refused: 'The payment service did not accept this code. Try again in a moment.',
  valid: 'Code valid for {time}',
} as const;

export const CODE_MESSAGES = {
  fr: {
    heading: 'Saisissez votre code de paiement',
    dial: 'Composez {dial} sur votre téléphone ({phone}) pour obtenir un code de paiement, puis saisissez-le ici.',
    menu: 'Générez un code de paiement dans le menu {wallet} de votre téléphone ({phone}), puis saisissez-le ici.',
    label: 'Code de paiement',
    hint: '{length} chiffres',
    short: 'Saisissez les {length} chiffres du code.',
    send: 'Payer {amount}',
    sending: 'Envoi du code…',
    wrong: 'Ce code n’est pas le bon. Vérifiez-le, ou composez {dial} pour en obtenir un nouveau.',
    wrongMenu: 'Ce code n’est pas le bon. Vérifiez-le, ou générez-en un nouveau dans le menu {wallet}.',
    network: 'Le code n’a pas pu être envoyé. Vérifiez votre connexion et réessayez.',
    refused: 'Le service de paiement n’a pas accepté ce code. Réessayez dans un instant.',
    valid: 'Code valable encore {time}',
  },
  en,
  ar: {
    heading: 'أدخل رمز الدفع',
    dial: 'اطلب {dial} على هاتفك ({phone}) للحصول على رمز الدفع، ثم أدخله هنا.',
    menu: 'أنشئ رمز دفع من قائمة {wallet} في هاتفك ({phone})، ثم أدخله هنا.',
    label: 'رمز الدفع',
    hint: '{length} أرقام',
    short: 'أدخل أرقام الرمز الـ{length}.',
    send: 'ادفع {amount}',
    sending: 'جارٍ إرسال الرمز…',
    wrong: 'هذا الرمز غير صحيح. تحقق منه، أو اطلب {dial} للحصول على رمز جديد.',
    wrongMenu: 'هذا الرمز غير صحيح. تحقق منه، أو أنشئ رمزًا جديدًا من قائمة {wallet}.',
    network: 'تعذّر إرسال الرمز. تحقق من اتصالك وحاول مرة أخرى.',
    refused: 'لم تقبل خدمة الدفع هذا الرمز. حاول مرة أخرى بعد لحظات.',
    valid: 'الرمز صالح لمدة {time}',
  },
  es: {
    heading: 'Escriba su código de pago',
    dial: 'Marque {dial} en su teléfono ({phone}) para obtener un código de pago y escríbalo aquí.',
    menu: 'Genere un código de pago en el menú de {wallet} de su teléfono ({phone}) y escríbalo aquí.',
    label: 'Código de pago',
    hint: '{length} cifras',
    short: 'Escriba las {length} cifras del código.',
    send: 'Pagar {amount}',
    sending: 'Enviando el código…',
    wrong: 'Este código no es correcto. Compruébelo o marque {dial} para obtener uno nuevo.',
    wrongMenu: 'Este código no es correcto. Compruébelo o genere uno nuevo en el menú de {wallet}.',
    network: 'No se pudo enviar el código. Compruebe su conexión e inténtelo de nuevo.',
    refused: 'El servicio de pago no aceptó este código. Inténtelo de nuevo en un momento.',
    valid: 'Código válido durante {time}',
  },
  pt: {
    heading: 'Escreva o seu código de pagamento',
    dial: 'Marque {dial} no seu telefone ({phone}) para obter um código de pagamento e escreva-o aqui.',
    menu: 'Gere um código de pagamento no menu {wallet} do seu telefone ({phone}) e escreva-o aqui.',
    label: 'Código de pagamento',
    hint: '{length} algarismos',
    short: 'Escreva os {length} algarismos do código.',
    send: 'Pagar {amount}',
    sending: 'A enviar o código…',
    wrong: 'Este código não está certo. Verifique-o ou marque {dial} para obter um novo.',
    wrongMenu: 'Este código não está certo. Verifique-o ou gere um novo no menu {wallet}.',
    network: 'Não foi possível enviar o código. Verifique a sua ligação e tente de novo.',
    refused: 'O serviço de pagamento não aceitou este código. Tente de novo daqui a pouco.',
    valid: 'Código válido durante {time}',
  },
} satisfies StepMessages<typeof en>;

type Key = keyof typeof en;

/** What the service sends with the step (`next_action.enter_otp`): the code to dial, if known, and the code's length. */
export type CodeDetail = NonNullable<NextAction['enter_otp']>;

/**
 * The step's detail as a payer's page gets it: unchecked by the page's contract rules (which read
 * only the steps built in: src/api/schemas/checkout.ts), so checked here as the contract would —
 * a code to dial that is not text is not shown, a length outside 4–8 digits is 6, the sandbox's.
 */
export function codeDetail(detail: Readonly<Record<string, unknown>>): { dial: string | null; length: number } {
  const { dial_code: dial, length } = detail;
  return {
    dial: typeof dial === 'string' && dial ? dial : null,
    length: Number.isInteger(length) && (length as number) >= 4 && (length as number) <= 8 ? (length as number) : 6,
  };
}

/** The code as the model sends it: to the service's endpoint for it, `POST /v1/payment-intents/{id}/otp`; an expired code ends the attempt. */
export const codeAnswer = (code: string): StepAnswer => ({ path: 'otp', body: { code }, ends: ['otp_expired'] });

/** A USSD code as a tel: address: '#' must be written %23 or the dialler stops there. */
export const telOf = (dial: string) => `tel:${dial.replace(/#/g, '%23')}`;

export const codeStep: StepFactory = ({ h, useState, useRef, useEffect, useCountdown, fillText, formatDuration }) => {
  const fill = fillerOf(fillText);
  return function CodeStep({ model, attempt, lang, amount, wallet }) {
    const step = attempt.step;
    const { dial, length } = codeDetail(step.type === 'step' ? step.detail : {});
    const [code, setCode] = useState('');
    const [short, setShort] = useState(false);
    const input = useRef<HTMLInputElement>(null);
    const left = useCountdown(attempt.expiresAt ?? 0, model.now);
    const refused = step.type === 'step' ? step.refused : null;
    // A refused code: the field again, for the payer to correct or replace it.
    useEffect(() => {
      if (refused) input.current?.focus();
    }, [refused]);
    if (step.type !== 'step') return null;
    const t = <K extends Key>(key: K, ...values: StepValues<typeof en, K>) => fill(CODE_MESSAGES, lang, key, ...values);
    // No-break spaces: the number stays on one line, and one number in a right-to-left sentence.
    const phone = (attempt.method?.phone ?? '').replace(/ /g, '\u00a0');
    const parts = dial ? t('dial', { dial: '\u0000', phone }).split('\u0000') : [t('menu', { wallet, phone })];
    // Why the code was not taken (`refused`: the service's error code, else the kind of failure):
    // wrong, with how to get a new code (the code to dial where it is known, else the wallet's
    // menu); no answer, the connection; any other answer, the service did not accept it — never a
    // connection problem when the network was fine. (An expired code ends the attempt: no step then.)
    const problem = short
      ? t('short', { length })
      : refused === 'otp_invalid'
        ? t(dial ? 'wrong' : 'wrongMenu', { dial: '\u0000', wallet })
        : refused === 'network' || refused === 'timeout'
          ? t('network')
          : refused
            ? t('refused')
            : null;
    // A new element each place it shows (a vnode is not rendered twice).
    const dialLink = () => dial && h('a', { href: telOf(dial), class: 'momo-dial', dir: 'ltr' }, dial);
    const submit = (event: Event) => {
      event.preventDefault();
      const digits = code.replace(/\D/g, '');
      if (digits.length !== length) return setShort(true);
      void model.answerStep(codeAnswer(digits));
    };
    return h(
      'form',
      { class: 'momo-code', onSubmit: submit, noValidate: true },
      // The code to dial as a link the phone's dialler opens: nothing to copy by hand.
      h('p', null, parts[0], dialLink(), parts[1]),
      h(
        'div',
        { class: 'momo-field' },
        h('label', { for: 'momo-code' }, t('label')),
        h(
          'div',
          { class: 'momo-input' },
          h('input', {
            id: 'momo-code',
            ref: input,
            value: code,
            inputMode: 'numeric',
            autocomplete: 'one-time-code',
            pattern: '[0-9]*',
            maxLength: length,
            enterkeyhint: 'done',
            dir: 'ltr',
            'aria-invalid': problem ? 'true' : undefined,
            'aria-describedby': 'momo-code-hint',
            onInput: (event: Event) => {
              setCode((event.currentTarget as HTMLInputElement).value);
              setShort(false);
            },
          }),
        ),
        h(
          'p',
          { id: 'momo-code-hint', class: problem ? 'momo-error' : 'momo-hint', role: problem ? 'alert' : undefined },
          // A wrong code's message names the code to dial: the same link there.
          problem ? problem.split('\u0000').map((part, i) => (i ? [dialLink(), part] : part)) : t('hint', { length }),
        ),
      ),
      h(
        'button',
        { type: 'submit', class: 'momo-pay', disabled: step.sending, 'aria-busy': step.sending },
        step.sending ? t('sending') : t('send', { amount }),
      ),
      left > 0 && h('p', { class: 'momo-timer' }, t('valid', { time: formatDuration(left) })),
    );
  };
};

/** What dist/steps/enter_otp.js brings. */
export const enterOtp: StepPart = {
  heading: (lang, _wallet, fillText) => fillerOf(fillText)(CODE_MESSAGES, lang, 'heading'),
  make: codeStep,
  // Typing the code is the approval: its "Pay" button is the one to press.
  approvesHere: true,
};
