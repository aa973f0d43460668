// The wallet's-app step (`next_action.open_wallet`, Wave): on a phone, one large link that opens
// the wallet's app at the launch address; on a computer, the address as a QR code to scan with the
// phone (its encoder, ./qr.ts, is a script of its own, fetched only there) and the link beside it.
// A link the payer taps is never stopped by a pop-up blocker, in a page, a dialog or a frame. While
// the payer is in the app this tab is hidden and the checkout pauses its reads, as for any hidden
// tab (src/checkout/follower.ts); it reads at once when the payer comes back to it. A launch
// address a page may not open (launchUrl, below) leaves the step without a link: the payer
// is told to approve in the app, never to wait for a prompt this wallet does not send. In a chat
// or social app's browser, where the app link often opens nothing, the step offers what works
// there (./open_wallet.in-app.ts).
import type { QrCode, StepFactory, StepPart } from '../../steps';
import { fillerOf, type StepMessages } from './fill';
import { inAppBrowser } from './in-app';
import { inAppStep } from './open_wallet.in-app';

// English, the source of the keys and of each text's placeholders (./fill.ts).
const en = {
  heading: 'Approve the payment in {wallet}',
  phone: 'Open {wallet} to approve the payment of {amount}, then come back to this page.',
  noLink: 'Open the {wallet} app on your phone and approve the payment of {amount} there, then come back to this page.',
  open: 'Open {wallet} and pay {amount}',
  openTo: 'Open {wallet} and pay {amount} to {merchant}',
  computer: 'Scan this code with your phone’s camera or the {wallet} app to approve the payment of {amount}.',
  qr: 'QR code of the {wallet} payment link',
  link: 'Or open the payment link on this device',
  qrFailed: 'The QR code could not be shown: open the link below on your phone.',
  valid: 'Link valid for {time}',
} as const;

export const APP_MESSAGES = {
  fr: {
    heading: 'Validez le paiement dans {wallet}',
    phone: 'Ouvrez {wallet} pour approuver le paiement de {amount}, puis revenez sur cette page.',
    noLink:
      'Ouvrez l’application {wallet} sur votre téléphone et approuvez-y le paiement de {amount}, puis revenez sur cette page.',
    open: 'Ouvrir {wallet} et payer {amount}',
    openTo: 'Ouvrir {wallet} et payer {amount} à {merchant}',
    computer:
      'Scannez ce code avec l’appareil photo ou l’application {wallet} de votre téléphone pour approuver le paiement de {amount}.',
    qr: 'Code QR du lien de paiement {wallet}',
    link: 'Ou ouvrez le lien de paiement sur cet appareil',
    qrFailed: 'Le code QR n’a pas pu s’afficher : ouvrez le lien ci-dessous sur votre téléphone.',
    valid: 'Lien valable encore {time}',
  },
  en,
  ar: {
    heading: 'وافق على الدفع في {wallet}',
    phone: 'افتح {wallet} للموافقة على دفع {amount}، ثم عد إلى هذه الصفحة.',
    noLink: 'افتح تطبيق {wallet} على هاتفك ووافق فيه على دفع {amount}، ثم عد إلى هذه الصفحة.',
    open: 'افتح {wallet} وادفع {amount}',
    openTo: 'افتح {wallet} وادفع {amount} إلى {merchant}',
    computer: 'امسح هذا الرمز بكاميرا هاتفك أو بتطبيق {wallet} للموافقة على دفع {amount}.',
    qr: 'رمز QR لرابط الدفع عبر {wallet}',
    link: 'أو افتح رابط الدفع على هذا الجهاز',
    qrFailed: 'تعذّر عرض رمز QR: افتح الرابط أدناه على هاتفك.',
    valid: 'الرابط صالح لمدة {time}',
  },
  es: {
    heading: 'Apruebe el pago en {wallet}',
    phone: 'Abra {wallet} para aprobar el pago de {amount} y vuelva a esta página.',
    noLink: 'Abra la aplicación {wallet} en su teléfono, apruebe allí el pago de {amount} y vuelva a esta página.',
    open: 'Abrir {wallet} y pagar {amount}',
    openTo: 'Abrir {wallet} y pagar {amount} a {merchant}',
    computer:
      'Escanee este código con la cámara de su teléfono o la aplicación {wallet} para aprobar el pago de {amount}.',
    qr: 'Código QR del enlace de pago de {wallet}',
    link: 'O abra el enlace de pago en este dispositivo',
    qrFailed: 'No se pudo mostrar el código QR: abra el enlace de abajo en su teléfono.',
    valid: 'Enlace válido durante {time}',
  },
  pt: {
    heading: 'Aprove o pagamento em {wallet}',
    phone: 'Abra {wallet} para aprovar o pagamento de {amount} e volte a esta página.',
    noLink: 'Abra a aplicação {wallet} no seu telefone, aprove lá o pagamento de {amount} e volte a esta página.',
    open: 'Abrir {wallet} e pagar {amount}',
    openTo: 'Abrir {wallet} e pagar {amount} a {merchant}',
    computer:
      'Leia este código com a câmara do seu telefone ou a aplicação {wallet} para aprovar o pagamento de {amount}.',
    qr: 'Código QR da ligação de pagamento {wallet}',
    link: 'Ou abra a ligação de pagamento neste dispositivo',
    qrFailed: 'Não foi possível mostrar o código QR: abra a ligação abaixo no seu telefone.',
    valid: 'Ligação válida durante {time}',
  },
} satisfies StepMessages<typeof en>;

/**
 * The wallet's launch address the service sent (`open_wallet.url`), if it is one a page may open:
 * an http(s) address, never a `javascript:` or other link. Any other: null, and the step says to
 * approve in the wallet's app, without a link (never the push: that wallet sends no prompt).
 */
export const launchUrl = (url: unknown): string | null =>
  typeof url === 'string' && /^https?:\/\/\S+$/.test(url) ? url : null;

/** A phone: a touch screen without a mouse (a computer gets the QR code). */
const onPhone = () => typeof matchMedia === 'function' && matchMedia('(hover: none) and (pointer: coarse)').matches;

/** The SVG path of a QR code's dark modules, one unit each, inside a 4-module quiet zone. */
export function qrPath(code: QrCode): string {
  let path = '';
  for (let y = 0; y < code.size; y++)
    for (let x = 0; x < code.size; x++) if (code.get(x, y)) path += `M${x + 4} ${y + 4}h1v1h-1z`;
  return path;
}

export const appStep: StepFactory = (lib) => {
  const { h, Fragment, useState, useEffect, useCountdown, fillText, formatDuration, loadPart } = lib;
  const fill = fillerOf(fillText);
  const InAppStep = inAppStep(lib);
  return function AppStep({ model, attempt, lang, amount, wallet, base }) {
    const step = attempt.step;
    const url = step.type === 'step' && launchUrl(step.detail.url);
    const [inApp] = useState(() => inAppBrowser(typeof navigator === 'object' ? navigator.userAgent : ''));
    // In an app's browser the QR code is drawn on a phone too: for the phone that has the wallet.
    const [phone] = useState(() => !inApp && onPhone());
    const [code, setCode] = useState<QrCode | null | 'failed'>(null);
    const left = useCountdown(attempt.expiresAt ?? 0, model.now);
    useEffect(() => {
      if (phone || !url) return;
      let live = true;
      loadPart<(text: string) => QrCode>('qr', base).then(
        (encode) => live && setCode(encode(url)),
        () => live && setCode('failed'),
      );
      return () => {
        live = false;
      };
    }, [phone, url, base]);
    if (step.type !== 'step') return null;
    const t = (key: Exclude<keyof typeof en, 'valid' | 'openTo' | 'heading'>) =>
      fill(APP_MESSAGES, lang, key, { wallet, amount });
    const timer =
      left > 0 && h('p', { class: 'momo-timer' }, fill(APP_MESSAGES, lang, 'valid', { time: formatDuration(left) }));
    // No address to open: what to do in the app, and the page keeps following.
    if (!url) return h(Fragment, null, h('p', null, t('noLink')), timer);
    // Who is paid, where the service names them: the button the payer taps says it too.
    const payee = model.merchant.value;
    const open = payee ? fill(APP_MESSAGES, lang, 'openTo', { wallet, amount, merchant: payee.name }) : t('open');
    // A link the payer taps: never a window opened by script, which a pop-up blocker may stop.
    const link = (props: Record<string, unknown>, text: string) =>
      h('a', { href: url, target: '_blank', rel: 'noopener noreferrer', ...props }, text);
    if (phone) return h(Fragment, null, h('p', null, t('phone')), link({ class: 'momo-pay momo-open' }, open), timer);
    const size = code && code !== 'failed' ? code.size + 8 : 0;
    const qr =
      size > 0 &&
      h(
        'svg',
        {
          class: 'momo-qr',
          viewBox: `0 0 ${size} ${size}`,
          role: 'img',
          'aria-label': t('qr'),
          'shape-rendering': 'crispEdges',
        },
        h('rect', { width: size, height: size, fill: '#fff' }),
        h('path', { d: qrPath(code as QrCode), fill: '#000' }),
      );
    if (inApp) return h(Fragment, null, h(InAppStep, { lang, wallet, inApp, url, qr }), timer);
    return h(
      Fragment,
      null,
      h('p', null, code === 'failed' ? t('qrFailed') : t('computer')),
      qr,
      link({ class: 'momo-secondary momo-open' }, t('link')),
      timer,
    );
  };
};

/** What dist/steps/open_wallet.js brings. */
export const openWallet: StepPart = {
  heading: (lang, wallet, fillText) => fillerOf(fillText)(APP_MESSAGES, lang, 'heading', { wallet }),
  make: appStep,
  // The payer approves in Wave's app, whichever number they typed.
  takesNoNumber: true,
};
