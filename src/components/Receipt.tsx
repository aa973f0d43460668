import { useEffect, useState } from 'preact/hooks';
import { RETURN_COUNTDOWN_S } from '../checkout/constants';
import type { CheckoutModel } from '../checkout/model';
import type { ReceiptDetails as ReceiptData } from '../checkout/screens';
import { formatAmount } from '../i18n';
import { formatDate } from '../i18n/format';
import { screenViewsOf } from '../methods/screen-views';
import { useI18n } from './i18n';
import { Icon } from './Icon';
import { KeepLink } from './KeepLink';
import { ReceiptShare } from './ReceiptShare';
import { IN_WIDGET } from './surface';

/** A line of the receipt: its label, and its value (none: the line is not shown). */
type Row = [string, string | null | undefined];

/** A line of the receipt as text ("Montant: 5 000 FCFA"); '' without a value. */
const line = ([label, value]: Row) => (value ? `${label}: ${value}` : '');

interface Props {
  model: CheckoutModel;
  receipt: ReceiptData;
  headingRef: preact.Ref<HTMLHeadingElement>;
  /** The checkout's origin ('' for this page's): where the receipt link is asked for. */
  base?: string;
}

/** The payment went through: a receipt, and for a session the way back to the merchant. */
export function Receipt({ model, receipt, headingRef, base = '' }: Props) {
  const { lang, t } = useI18n();
  const amount = formatAmount(receipt.amount, receipt.currency, lang);
  const email = model.values.value.email.trim();
  const merchant = model.merchant.value;
  const contact = merchant ? (merchant.support_email ?? merchant.support_phone) : undefined;
  // A session's (the widget has none).
  const returnUrl = IN_WIDGET ? null : model.successUrl.value;
  const [seconds, stay] = useReturnCountdown(
    returnUrl && model.autoReturn.value ? RETURN_COUNTDOWN_S : null,
    model.returnToMerchant,
  );
  const amountRow: Row = [t('succeeded.amount'), amount];
  const payeeRow: Row = [t('succeeded.payee'), merchant && merchant.name];
  // The short reference a person reads out, where the service gives one (an extension: the intent's
  // from its creation, so already read); else the charge id in full — what a service without it
  // can find, where a part of it could be taken for a reference (docs/decisions.md).
  const intent = model.intent.value;
  const referenceRow: Row = [t('succeeded.reference'), (intent && intent.reference) || receipt.reference];
  const dateRow: Row = [t('succeeded.date'), formatDate(receipt.date, lang)];
  const rows = [
    amountRow,
    payeeRow,
    ...(receipt.method ? screenViewsOf(receipt.method).receipt(receipt.method, t) : []),
    referenceRow,
    dateRow,
  ];
  // What the payer copies or shares: who was paid, how much, the reference, when — not their number.
  // (map and filter, not flatMap: that one wants a fallback at the engine floor, src/compat.ts, which
  // nothing else in the screens' part needs.)
  const text = [t('succeeded.heading'), ...[payeeRow, amountRow, referenceRow, dateRow].map(line)]
    .filter(Boolean)
    .join('\n');
  return (
    <section class="momo-screen momo-success">
      <h2 tabIndex={-1} ref={headingRef}>
        <Icon kind="ok" />
        {t('succeeded.heading')}
      </h2>
      <p role="status">{t('succeeded.body', { amount })}</p>
      {receipt.byOther && <p class="momo-hint">{t('succeeded.byOther')}</p>}
      <dl class="momo-receipt">
        {rows.map(([label, value]) =>
          value ? (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
      {/* A press on what keeps the receipt (copy, share, keep a link) means the payer is still here:
          the page no longer leaves by itself; "back to the merchant" stays for when they are done. */}
      <ReceiptShare text={text} onPress={stay} />
      <KeepLink model={model} base={base} onPress={stay} />
      {/* Only what the service took: the address the payment was made with, not a receipt sent. */}
      {email && !receipt.byOther && <p class="momo-hint">{t('succeeded.emailed', { email })}</p>}
      {merchant && contact && <p class="momo-hint">{t('succeeded.support', { merchant: merchant.name, contact })}</p>}
      {returnUrl && (
        <>
          {seconds !== null && <p class="momo-hint">{t('succeeded.returning', { seconds })}</p>}
          <button type="button" class="momo-pay" onClick={model.returnToMerchant}>
            {t('succeeded.returnNow')}
          </button>
        </>
      )}
      {!returnUrl && model.canClose.value && (
        <button type="button" class="momo-pay" onClick={model.close}>
          {t('succeeded.done')}
        </button>
      )}
    </section>
  );
}

/**
 * Seconds left before `onDone` runs, ticking down once a second, null when there is none; and what
 * stops it for good.
 */
function useReturnCountdown(from: number | null, onDone: () => void): [number | null, () => void] {
  const [seconds, setSeconds] = useState(from);
  const counting = seconds !== null;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setSeconds((s) => (s === null ? s : s - 1)), 1000);
    return () => clearInterval(timer);
  }, [counting]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `onDone` runs once, when the count reaches 0; a new callback from a later render must not run it again.
  useEffect(() => {
    if (seconds === 0) onDone();
  }, [seconds]);
  return [seconds, () => setSeconds(null)];
}
