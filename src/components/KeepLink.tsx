// "Keep a link to this receipt": a lasting address of the payment's status and receipt (the
// checkout's server seals it: src/server/receipt-link.ts), which still opens after this tab is
// closed, in any browser — asked for at the payer's press (the model's receiptLink), then shown
// whole (a phone's long press copies or shares it) with a button that copies it. On the receipt and
// while waiting. Part of the screens' script (./screens.ts): no byte of the first load, and kept
// small there, as every payment fetches it.
import { useState } from 'preact/hooks';
import type { CheckoutModel } from '../checkout/model';
import { copyText } from './clipboard';
import { useI18n } from './i18n';

/** What the live region says: nothing yet, asking, the link copied, to copy by hand, or not made. */
type Said = '' | 'receipt.copied' | 'succeeded.copyManual' | 'receipt.failed';

interface Props {
  model: CheckoutModel;
  base: string;
  /** Any press on it (ask, copy, open the link): the receipt stops counting down to leave. */
  onPress?: () => void;
}

export function KeepLink({ model, base, onPress }: Props) {
  const { lang, t } = useI18n();
  const [link, setLink] = useState('');
  // null: not asked yet (no live region, so the waiting screen has one until then).
  const [said, setSaid] = useState<Said | null>(null);
  const ask = () => {
    if (onPress) onPress();
    setSaid('');
    // In this page's language: the link opens in it later, in any browser.
    model.receiptLink({ base, lang }).then(setLink, () => setSaid('receipt.failed'));
  };
  const copy = () => {
    if (onPress) onPress();
    setSaid('');
    copyText(link).then(
      () => setSaid('receipt.copied'),
      () => setSaid('succeeded.copyManual'),
    );
  };
  const asking = said === '' && !link;
  return (
    <div class="momo-share">
      {/* aria-disabled, not disabled: the button just pressed keeps the focus while the link is made. */}
      <button
        type="button"
        class="momo-secondary"
        onClick={asking ? undefined : link ? copy : ask}
        aria-disabled={asking}
        aria-busy={asking}
      >
        {t(link ? 'receipt.copyLink' : 'receipt.keep')}
      </button>
      {/* What is said as it happens: the link made (what it is for), copied, or not. */}
      {said !== null && (
        <p class="momo-hint" role="status">
          {said ? t(said) : link && t('receipt.keepHint')}
        </p>
      )}
      {/* Below what is said: "select the text below", where copying is refused. */}
      {link && (
        <a class="momo-keep" href={link} target="_blank" rel="noopener noreferrer" onClick={onPress}>
          {link}
        </a>
      )}
    </div>
  );
}
