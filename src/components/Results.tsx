// An attempt's outcomes other than the receipt: failed, unknown, canceled. Screens after the form
// (./screens.ts): a part of their own in the hosted page, built in everywhere else.
import type { CheckoutModel } from '../checkout/model';
import { screenViewsOf } from '../methods/screen-views';
import { viewsOf } from '../methods/views';
import { useI18n } from './i18n';
import { Icon } from './Icon';
import { IN_WIDGET } from './surface';
import { CancelLink } from './Outcome';
import { HandOffOffer } from './HandOffOffer';
import { CheckButton } from './Pending';

type Ref = preact.Ref<HTMLHeadingElement>;

/** Failure codes the page knows how to explain; any other reads "refused by your operator". */
const REASONS = [
  'payer_declined',
  'insufficient_funds',
  'approval_timeout',
  'operator_unavailable',
  'otp_invalid',
] as const;
const known = (code: string): code is (typeof REASONS)[number] => (REASONS as readonly string[]).includes(code);

/**
 * The attempt failed: why, in plain words, and another try on the same intent. When a read since
 * has failed (after an expired code, whose attempt the page ends at once), what went wrong, and
 * "check the payment status" beside the new request.
 */
export function Failed({ model, reason, headingRef }: { model: CheckoutModel; reason: string; headingRef: Ref }) {
  const { t } = useI18n();
  const resendTo = model.resendTo.value;
  const shown = model.screen.value;
  const unread = shown.name === 'failed' && shown.error;
  return (
    <section class="momo-screen momo-failed">
      <h2 tabIndex={-1} ref={headingRef}>
        <Icon kind="fail" />
        {t('failed.heading')}
      </h2>
      <p role="alert">{t(known(reason) ? `reason.${reason}` : 'reason.other')}</p>
      <p class="momo-hint">{t('failed.noCharge')}</p>
      {unread && (
        <p class="momo-notice" role="alert">
          {t(`error.${unread}`)}
        </p>
      )}
      {resendTo && model.repeatRisk.value && (
        <p class="momo-warning" role="status">
          {t('form.repeat', { wallet: viewsOf(resendTo).label(resendTo) })}
        </p>
      )}
      {resendTo ? (
        <>
          <button type="button" class="momo-pay" onClick={() => void model.resend()}>
            {screenViewsOf(resendTo).resend(resendTo, t)}
          </button>
          <button type="button" class="momo-secondary" onClick={model.retry}>
            {t('failed.changeNumber')}
          </button>
        </>
      ) : (
        <button type="button" class="momo-pay" onClick={model.retry}>
          {t('failed.retry')}
        </button>
      )}
      {unread && <CheckButton model={model} label="error.checkStatus" />}
      <HandOffOffer model={model} />
      <CancelLink model={model} />
    </section>
  );
}

/** Past the approval window with no answer from the operator: never "failed", never a spinner. */
export function Unknown({ model, headingRef }: { model: CheckoutModel; headingRef: Ref }) {
  const { t } = useI18n();
  const email = model.values.value.email.trim();
  return (
    <section class="momo-screen">
      <h2 tabIndex={-1} ref={headingRef}>
        {t('unknown.heading')}
      </h2>
      {/* After a reload the e-mail typed before is no longer known: say it without the address. */}
      <p role="status">{email ? t('unknown.body', { email }) : t('unknown.bodyNoEmail')}</p>
      <CheckButton model={model} label="unknown.check" />
    </section>
  );
}

/**
 * The payer left: a widget's checkout says so, and the way back to the payment; a session's page
 * (Back from its cancelUrl, the secret forgotten: nothing to pay with), the way back to the merchant.
 */
export function Canceled({ model, headingRef }: { model: CheckoutModel; headingRef: Ref }) {
  const { t } = useI18n();
  const merchant = !IN_WIDGET && model.cancelUrl.value;
  return (
    <section class="momo-screen">
      <h2 tabIndex={-1} ref={headingRef}>
        {t('canceled.heading')}
      </h2>
      <p role="status">{t(merchant ? 'canceled.left' : 'canceled.body')}</p>
      {merchant ? (
        <a class="momo-secondary" href={merchant}>
          {t('canceled.toMerchant')}
        </a>
      ) : (
        <button type="button" class="momo-secondary" onClick={model.retry}>
          {t('canceled.back')}
        </button>
      )}
    </section>
  );
}
