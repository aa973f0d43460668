// "Someone else pays": what the payer's page shows once they hand the payment on (the screen
// `shared`, src/components/HandOff.tsx) — the link that lets someone else pay on their own phone,
// sent through the phone's share sheet, WhatsApp, a copy, or a QR code to scan; then, as the page
// follows the intent, whether their payment is under way or did not go through, and "I'll pay
// myself". A part of its own (dist/steps/handoff.js, ./handoff.entry.ts) with its messages in
// every language: nothing of it is in widget.js or the hosted page's first load, and the page
// fetches it only when a payer hands a payment on. It renders with the Preact the page lends (as a
// step does: src/methods/step-lib.ts), and draws the QR code with the page's encoder part (qr.js).
import type { FunctionComponent } from 'preact';
import { copyText, shareOr } from '../components/clipboard';
import type { Lang } from '../i18n';
import type { Placeholders, TextWith, Values } from '../i18n/messages';
import type { StepLib } from '../methods/step-lib';
import type { QrCode } from '../methods/steps';

// English, the source of the keys and of each text's placeholders.
const en = {
  intro:
    'Send them this link: they pay with their own wallet, on their phone. They see the shop and the amount, nothing of yours.',
  ask: 'Could you pay {amount} for me? Secure payment link:',
  share: 'Send the link',
  whatsapp: 'Send by WhatsApp',
  copy: 'Copy the link',
  copied: 'Link copied.',
  byHand: 'Copy the link below.',
  link: 'Payment link',
  qr: 'QR code of the payment link',
  scan: 'Or let them scan this code with their phone.',
  waiting: 'This page shows the receipt as soon as they have paid.',
  underWay: 'Their payment is under way: they are approving it on their phone.',
  theirFailed: 'Their payment did not go through. They can try again with the same link.',
  payMyself: 'I’ll pay myself',
} as const;

type Source = typeof en;
type Messages = { readonly [L in Lang]: { readonly [K in keyof Source]: TextWith<Placeholders<Source[K]>> } };

export const HANDOFF_MESSAGES = {
  en,
  fr: {
    intro:
      'Envoyez-lui ce lien : il ou elle paie avec son propre portefeuille, sur son téléphone. Il ou elle voit la boutique et le montant, rien de vous.',
    ask: 'Peux-tu payer {amount} pour moi ? Lien de paiement sécurisé :',
    share: 'Envoyer le lien',
    whatsapp: 'Envoyer par WhatsApp',
    copy: 'Copier le lien',
    copied: 'Lien copié.',
    byHand: 'Copiez le lien ci-dessous.',
    link: 'Lien de paiement',
    qr: 'Code QR du lien de paiement',
    scan: 'Ou faites-lui scanner ce code avec son téléphone.',
    waiting: 'Cette page affiche le reçu dès que le paiement est fait.',
    underWay: 'Son paiement est en cours : il ou elle le valide sur son téléphone.',
    theirFailed: 'Son paiement n’a pas abouti. Il ou elle peut réessayer avec le même lien.',
    payMyself: 'Je paie moi-même',
  },
  ar: {
    intro: 'أرسل إليه هذا الرابط: يدفع بمحفظته الخاصة على هاتفه. يرى المتجر والمبلغ، ولا شيء من بياناتك.',
    ask: 'هل يمكنك دفع {amount} عني؟ رابط دفع آمن:',
    share: 'إرسال الرابط',
    whatsapp: 'إرسال عبر واتساب',
    copy: 'نسخ الرابط',
    copied: 'تم نسخ الرابط.',
    byHand: 'انسخ الرابط أدناه.',
    link: 'رابط الدفع',
    qr: 'رمز QR لرابط الدفع',
    scan: 'أو دعه يمسح هذا الرمز بهاتفه.',
    waiting: 'تعرض هذه الصفحة الإيصال فور إتمام الدفع.',
    underWay: 'دفعته جارية: إنه يوافق عليها على هاتفه.',
    theirFailed: 'لم تتم دفعته. يمكنه المحاولة مرة أخرى بالرابط نفسه.',
    payMyself: 'سأدفع بنفسي',
  },
  es: {
    intro:
      'Envíele este enlace: paga con su propio monedero, en su teléfono. Ve la tienda y el importe, nada de sus datos.',
    ask: '¿Puedes pagar {amount} por mí? Enlace de pago seguro:',
    share: 'Enviar el enlace',
    whatsapp: 'Enviar por WhatsApp',
    copy: 'Copiar el enlace',
    copied: 'Enlace copiado.',
    byHand: 'Copie el enlace de abajo.',
    link: 'Enlace de pago',
    qr: 'Código QR del enlace de pago',
    scan: 'O pídale que escanee este código con su teléfono.',
    waiting: 'Esta página muestra el recibo en cuanto haya pagado.',
    underWay: 'Su pago está en curso: lo está aprobando en su teléfono.',
    theirFailed: 'Su pago no se realizó. Puede volver a intentarlo con el mismo enlace.',
    payMyself: 'Pagaré yo',
  },
  pt: {
    intro:
      'Envie-lhe esta ligação: paga com a sua própria carteira, no seu telefone. Vê a loja e o montante, nada dos seus dados.',
    ask: 'Podes pagar {amount} por mim? Ligação de pagamento segura:',
    share: 'Enviar a ligação',
    whatsapp: 'Enviar por WhatsApp',
    copy: 'Copiar a ligação',
    copied: 'Ligação copiada.',
    byHand: 'Copie a ligação abaixo.',
    link: 'Ligação de pagamento',
    qr: 'Código QR da ligação de pagamento',
    scan: 'Ou peça-lhe que leia este código com o telefone.',
    waiting: 'Esta página mostra o recibo assim que o pagamento for feito.',
    underWay: 'O pagamento está em curso: está a aprová-lo no telefone.',
    theirFailed: 'O pagamento não foi concluído. Pode tentar de novo com a mesma ligação.',
    payMyself: 'Pago eu',
  },
} as const satisfies Messages;

/** Where the payment handed on stands, as the payer's page last read it. */
export type HandedOn = 'waiting' | 'underWay' | 'theirFailed';

export interface SheetProps {
  lang: Lang;
  /** The link that lets someone else pay (the model's handOffPath, made absolute). */
  url: string;
  /** The amount as the payer reads it ("5 000 F CFA"). */
  amount: string;
  /** Who is paid, if the service says. */
  merchant: string | null;
  status: HandedOn;
  /** Where the checkout's files are ('' for this page's origin): the QR encoder comes from there. */
  base: string;
  payMyself(): void;
}

/** What the part brings. */
export interface HandOffPart {
  make(lib: StepLib): FunctionComponent<SheetProps>;
}

/** The message sent with the link: who is paid and how much, then the link on its own line. */
export function shareText(fill: StepLib['fillText'], lang: Lang, { url, amount, merchant }: SheetProps): string {
  const ask = fill(HANDOFF_MESSAGES[lang].ask, { amount } as Values<'amount'>, lang, String);
  return `${merchant ? `${merchant} — ` : ''}${ask}\n${url}`;
}

/**
 * WhatsApp's app, asked to send a message, the contact chosen there: its own scheme, handled on the
 * phone — never `https://wa.me/?text=`, whose address would carry the link's secret in a query to
 * WhatsApp's web servers (their logs, the browser's history).
 */
export const whatsappUrl = (text: string) => `whatsapp://send?text=${encodeURIComponent(text)}`;

/**
 * The SVG path of a QR code's dark modules, one unit each, inside a 4-module quiet zone: as the
 * wallet's-app step draws its own (src/methods/momo/steps/open_wallet.ts), which the checkout may
 * not import (it names no step: test/methods/step-registry.test.tsx).
 */
function qrPath(code: QrCode): string {
  let path = '';
  for (let y = 0; y < code.size; y++)
    for (let x = 0; x < code.size; x++) if (code.get(x, y)) path += `M${x + 4} ${y + 4}h1v1h-1z`;
  return path;
}

export const handOffPart: HandOffPart = {
  make({ h, useEffect, useRef, useState, fillText, loadPart }) {
    return function HandOffSheet(props) {
      const { lang, url, status, base } = props;
      const m = HANDOFF_MESSAGES[lang];
      const text = shareText(fillText, lang, props);
      const [said, setSaid] = useState<'copied' | 'byHand' | null>(null);
      const [code, setCode] = useState<QrCode | null>(null);
      const field = useRef<HTMLInputElement>(null);
      useEffect(() => {
        loadPart<(text: string) => QrCode>('qr', base).then(
          (encode) => setCode(encode(url)),
          // No code: the link, its copy and the share sheet are all there is.
          () => {},
        );
      }, [url]);
      useEffect(() => {
        if (said === 'byHand' && field.current) field.current.select();
      }, [said]);
      const copy = () => {
        setSaid(null);
        copyText(url).then(
          () => setSaid('copied'),
          () => setSaid('byHand'),
        );
      };
      const share = () => shareOr(text, copy);
      const size = code ? code.size + 8 : 0;
      return h(
        'div',
        { class: 'momo-handoff' },
        h('p', null, m.intro),
        h(
          'div',
          { class: 'momo-share' },
          typeof navigator.share === 'function' &&
            h('button', { type: 'button', class: 'momo-pay', onClick: share }, m.share),
          h('a', { class: 'momo-secondary', href: whatsappUrl(text), rel: 'noreferrer' }, m.whatsapp),
          h('button', { type: 'button', class: 'momo-secondary', onClick: copy }, m.copy),
        ),
        h('p', { class: 'momo-hint', role: 'status' }, said ? m[said] : ''),
        said === 'byHand' &&
          h('input', { ref: field, class: 'momo-copy', readOnly: true, value: url, 'aria-label': m.link }),
        code &&
          h(
            'svg',
            {
              class: 'momo-qr',
              viewBox: `0 0 ${size} ${size}`,
              role: 'img',
              'aria-label': m.qr,
              'shape-rendering': 'crispEdges',
            },
            h('rect', { width: size, height: size, fill: '#fff' }),
            h('path', { d: qrPath(code), fill: '#000' }),
          ),
        code && h('p', { class: 'momo-hint' }, m.scan),
        // Where it stands: said as it changes.
        h('p', { role: 'status', class: 'momo-handoff-status' }, m[status]),
        // Not while their approval is under way: the payer's own confirm would be refused.
        status !== 'underWay' &&
          h('button', { type: 'button', class: 'momo-secondary', onClick: props.payMyself }, m.payMyself),
      );
    };
  },
};
