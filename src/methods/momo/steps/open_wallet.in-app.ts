// The wallet's-app step inside a chat or social app's browser (./in-app.ts): there, the wallet's
// app link often opens nothing, so the step offers what works — the launch address's QR code for
// the phone that has the wallet (a second device), the payment's own link to copy into the phone's
// browser, where it resumes (never a second payment: the same intent, read again), and the way out
// of the app's browser its system allows: Chrome's intent link where it is followed, else the app's
// menu. The wallet's link stays, last: it may still open. Part of the step's script (lazy).
import type { ComponentChild } from 'preact';
import type { StepLib, StepProps } from '../../steps';
import { fillerOf, type StepMessages } from './fill';
import { chromeIntent, type InApp, leaves, resumeLink } from './in-app';

// English, the source of the keys and of each text's placeholders (./fill.ts).
const en = {
  inApp:
    'The {app} browser may not open {wallet}. Scan this code with the phone that has {wallet}, or continue this payment in your phone’s browser.',
  copy: 'Copy the payment’s link',
  copied: 'Link copied: paste it in your browser’s address bar to continue this payment.',
  byHand: 'The payment’s link, to copy into your browser',
  chrome: 'Open {wallet} in Chrome',
  menuIos: 'Or tap ⋯ in {app}, then “Open in Safari”.',
  menuAndroid: 'Or tap ⋮ in {app}, then “Open in browser”.',
  tryHere: 'Try to open {wallet} from here',
} as const;

export const IN_APP_MESSAGES = {
  fr: {
    inApp:
      'Le navigateur de {app} peut ne pas ouvrir {wallet}. Scannez ce code avec le téléphone qui a {wallet}, ou continuez ce paiement dans le navigateur de votre téléphone.',
    copy: 'Copier le lien du paiement',
    copied: 'Lien copié : collez-le dans la barre d’adresse de votre navigateur pour continuer ce paiement.',
    byHand: 'Le lien du paiement, à copier dans votre navigateur',
    chrome: 'Ouvrir {wallet} dans Chrome',
    menuIos: 'Ou touchez ⋯ dans {app}, puis « Ouvrir dans Safari ».',
    menuAndroid: 'Ou touchez ⋮ dans {app}, puis « Ouvrir dans le navigateur ».',
    tryHere: 'Essayer d’ouvrir {wallet} d’ici',
  },
  en,
  ar: {
    inApp:
      'قد لا يفتح متصفح {app} تطبيق {wallet}. امسح هذا الرمز بالهاتف الذي عليه {wallet}، أو أكمل هذا الدفع في متصفح هاتفك.',
    copy: 'انسخ رابط الدفع',
    copied: 'تم نسخ الرابط: الصقه في شريط العنوان في متصفحك لإكمال هذا الدفع.',
    byHand: 'رابط الدفع، لنسخه في متصفحك',
    chrome: 'افتح {wallet} في Chrome',
    menuIos: 'أو اضغط ⋯ في {app}، ثم «فتح في Safari».',
    menuAndroid: 'أو اضغط ⋮ في {app}، ثم «فتح في المتصفح».',
    tryHere: 'حاول فتح {wallet} من هنا',
  },
  es: {
    inApp:
      'Es posible que el navegador de {app} no abra {wallet}. Escanee este código con el teléfono que tiene {wallet}, o continúe este pago en el navegador de su teléfono.',
    copy: 'Copiar el enlace del pago',
    copied: 'Enlace copiado: péguelo en la barra de direcciones de su navegador para continuar este pago.',
    byHand: 'El enlace del pago, para copiarlo en su navegador',
    chrome: 'Abrir {wallet} en Chrome',
    menuIos: 'O toque ⋯ en {app} y luego «Abrir en Safari».',
    menuAndroid: 'O toque ⋮ en {app} y luego «Abrir en el navegador».',
    tryHere: 'Intentar abrir {wallet} desde aquí',
  },
  pt: {
    inApp:
      'O navegador do {app} pode não abrir {wallet}. Leia este código com o telefone que tem {wallet}, ou continue este pagamento no navegador do seu telefone.',
    copy: 'Copiar a ligação do pagamento',
    copied: 'Ligação copiada: cole-a na barra de endereço do seu navegador para continuar este pagamento.',
    byHand: 'A ligação do pagamento, para copiar no seu navegador',
    chrome: 'Abrir {wallet} no Chrome',
    menuIos: 'Ou toque em ⋯ no {app} e depois em «Abrir no Safari».',
    menuAndroid: 'Ou toque em ⋮ no {app} e depois em «Abrir no navegador».',
    tryHere: 'Tentar abrir {wallet} daqui',
  },
} satisfies StepMessages<typeof en>;

export interface InAppProps extends Pick<StepProps, 'lang' | 'wallet'> {
  inApp: InApp;
  /** The wallet's launch address (http(s)). */
  url: string;
  /** Its QR code, once drawn (the encoder is fetched as on a computer). */
  qr: ComponentChild;
}

export const inAppStep = ({ h, Fragment, useEffect, useRef, useState, fillText }: StepLib) => {
  const fill = fillerOf(fillText);
  return function InAppStep({ lang, wallet, inApp, url, qr }: InAppProps) {
    const [said, setSaid] = useState<'copied' | 'byHand' | null>(null);
    const area = useRef<HTMLTextAreaElement>(null);
    const [link] = useState(() => resumeLink(location, () => sessionStorage));
    // The app's own "open in the browser" takes the address shown: on the hosted page it carries the
    // secret again in its fragment, so that way resumes too (a fragment no server sees).
    useEffect(() => {
      if (link && !location.hash) history.replaceState(history.state, '', link);
    }, [link]);
    useEffect(() => {
      if (said === 'byHand' && area.current) area.current.select();
    }, [said]);
    const values = { app: inApp.app, wallet };
    const copy = () => {
      const clipboard = navigator.clipboard as Clipboard | undefined;
      setSaid(null);
      (clipboard && link ? clipboard.writeText(link) : Promise.reject()).then(
        () => setSaid('copied'),
        () => setSaid('byHand'),
      );
    };
    const way = leaves(inApp);
    const intent = way === 'intent' && chromeIntent(url);
    return h(
      Fragment,
      null,
      h('p', null, fill(IN_APP_MESSAGES, lang, 'inApp', values)),
      qr,
      link &&
        h(
          'button',
          { type: 'button', class: 'momo-pay momo-copy-link', onClick: copy },
          fill(IN_APP_MESSAGES, lang, 'copy'),
        ),
      h('p', { class: 'momo-hint', role: 'status' }, said === 'copied' ? fill(IN_APP_MESSAGES, lang, 'copied') : ''),
      said === 'byHand' &&
        h('textarea', {
          ref: area,
          class: 'momo-copy',
          readOnly: true,
          rows: 3,
          'aria-label': fill(IN_APP_MESSAGES, lang, 'byHand'),
          value: link || '',
        }),
      intent
        ? h('a', { class: 'momo-secondary momo-open', href: intent }, fill(IN_APP_MESSAGES, lang, 'chrome', values))
        : h('p', null, fill(IN_APP_MESSAGES, lang, way === 'menu-ios' ? 'menuIos' : 'menuAndroid', values)),
      h(
        'a',
        { class: 'momo-secondary momo-open', href: url, target: '_blank', rel: 'noopener noreferrer' },
        fill(IN_APP_MESSAGES, lang, 'tryHere', values),
      ),
    );
  };
};
