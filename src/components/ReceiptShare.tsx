// The receipt as a short text the payer keeps or sends on (the shop's name, the amount, the
// reference, the date): "copy" to the clipboard, and "share" through the phone's own sheet where
// the browser has one (navigator.share; the button is not there where it has none). Where copying
// is refused (no clipboard outside a secure context, a frame without the permission), the text is
// shown selected for the payer to copy by hand. What happened is said in a live region, so a screen
// reader announces "copied". Part of the screens' script (./screens.ts): no byte of the first load.
import { useEffect, useRef, useState } from 'preact/hooks';
import { copyText, shareOr } from './clipboard';
import { useI18n } from './i18n';

/** `onPress`: any press on it (copy, share), which stops the receipt counting down to leave. */
export function ReceiptShare({ text, onPress }: { text: string; onPress?: () => void }) {
  const { t } = useI18n();
  const [said, setSaid] = useState<'copied' | 'byHand' | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const canShare = typeof navigator.share === 'function';
  const copy = () => {
    if (onPress) onPress();
    // Said again on a second press: the region's text changes, so it is announced again.
    setSaid(null);
    copyText(text).then(
      () => setSaid('copied'),
      () => setSaid('byHand'),
    );
  };
  const share = () => {
    if (onPress) onPress();
    shareOr(text, copy);
  };
  useEffect(() => {
    if (said === 'byHand' && area.current) {
      area.current.focus();
      area.current.select();
    }
  }, [said]);
  return (
    <div class="momo-share">
      <button type="button" class="momo-secondary" onClick={copy}>
        {t('succeeded.copy')}
      </button>
      {canShare && (
        <button type="button" class="momo-secondary" onClick={share}>
          {t('succeeded.share')}
        </button>
      )}
      <p class="momo-hint" role="status">
        {said === 'copied' ? t('succeeded.copied') : said === 'byHand' ? t('succeeded.copyManual') : ''}
      </p>
      {said === 'byHand' && (
        <textarea ref={area} class="momo-copy" readOnly rows={5} aria-label={t('succeeded.copy')} value={text} />
      )}
    </div>
  );
}
