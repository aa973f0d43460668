import type { Checkout } from '../checkout/model';
import type { Attempt } from '../checkout/screens';
import { formatAmount, formatDuration } from '../i18n';
import { viewsOf } from '../methods/views';
import { useI18n } from './i18n';
import { useCountdown } from './useCountdown';

/** Waiting for the payer to approve on their phone: what to do, how long is left, check now. */
export function Pending({ model, attempt, headingRef }: { model: Checkout; attempt: Attempt; headingRef: preact.Ref<HTMLHeadingElement> }) {
  const { lang, t } = useI18n();
  const left = useCountdown(attempt.expiresAt, model.now);
  const intent = model.intent.value;
  const merchant = model.merchant.value?.name;
  const amount = intent ? formatAmount(intent.amount, intent.currency, lang) : '';
  const Instructions = attempt.method && viewsOf(attempt.method).Instructions;
  const checking = model.checking.value;
  return (
    <section class="momo-screen momo-pending">
      <h2 tabIndex={-1} ref={headingRef}>
        {t('pending.heading')}
      </h2>
      {/* The prompt the payer is to look for, pictured; the text around it says it in words. */}
      <div class="momo-phone" aria-hidden="true">
        <div class="momo-prompt">
          {merchant && <span>{merchant}</span>}
          <strong>{amount}</strong>
          <span class="momo-pin">• • • •</span>
        </div>
      </div>
      {merchant && <p class="momo-payee-line">{t('pending.payee', { amount, merchant })}</p>}
      {/* A service that does not say what the attempt pays with (a reload on a bare service) */}
      {attempt.method && Instructions ? <Instructions view={attempt.method} amount={amount} /> : <p>{t('pending.bodyUnknown', { amount })}</p>}
      <div class="momo-waiting" role="status">
        <span class="momo-progress" />
        {t('pending.waiting')}
      </div>
      {left > 0 && <p class="momo-timer">{t('pending.timeLeft', { time: formatDuration(left) })}</p>}
      {(!model.online.value || model.readTrouble.value) && (
        <p class="momo-notice" role="alert">
          {t('pending.offline')}
        </p>
      )}
      <button type="button" class="momo-secondary" onClick={() => void model.checkNow()} disabled={checking} aria-busy={checking}>
        {checking ? t('pending.checking') : t('pending.checkNow')}
      </button>
      <p class="momo-hint">{t('pending.resendLater')}</p>
    </section>
  );
}
