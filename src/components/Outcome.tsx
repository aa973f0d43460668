// The outcomes a first screen may show (an error reading the payment) and the way back to the
// merchant, which the form shows too: in the hosted page's first load. An attempt's outcomes are
// with the other screens after the form (./Results.tsx, ./screens.ts).
import type { CheckoutModel } from '../checkout/model';
import type { ErrorKind, Screen } from '../checkout/screens';
import { useI18n } from './i18n';
import { Icon } from './Icon';

type Ref = preact.Ref<HTMLHeadingElement>;

/** Anything unexpected: what happened and, where there is one, the way forward. */
export function ErrorView({
  model,
  screen,
  headingRef,
}: {
  model: CheckoutModel;
  screen: Extract<Screen, { name: 'error' }>;
  headingRef: Ref;
}) {
  const { t } = useI18n();
  const checking = model.checking.value;
  return (
    <section class="momo-screen momo-error-screen">
      <h2 tabIndex={-1} ref={headingRef}>
        <Icon kind="fail" />
        {t('error.heading')}
      </h2>
      <p role="alert">{t(`error.${screen.error}`)}</p>
      {screen.recovery && (
        <button type="button" class="momo-pay" onClick={model.retry} disabled={checking} aria-busy={checking}>
          {screen.recovery === 'check' ? t('error.checkStatus') : t('error.retry')}
        </button>
      )}
      {screen.error !== 'confirmUnknown' && screen.error !== 'unknownStatus' && <CancelLink model={model} />}
    </section>
  );
}

/**
 * The errors only an attempt brings (a payment followed and then no longer found; a confirm whose
 * fate no read could settle): their French messages come with the screens' part
 * (src/i18n/fr-screens.ts), and so their screen is that part's, a stand-in until it is here
 * (./screens.ts, ./Checkout.tsx). test/components/Checkout.test.tsx holds the two lists together.
 */
export const ATTEMPT_ERRORS: readonly ErrorKind[] = ['lost', 'confirmUnknown'];
export { ErrorView as AttemptError };

/** Back to the merchant's cancelUrl (sessions) or the merchant's onCancel (widget). */
export function CancelLink({ model }: { model: CheckoutModel }) {
  const { t } = useI18n();
  const { name } = model.screen.value;
  if (!model.canCancel.value || name === 'loading' || name === 'confirming') return null;
  return (
    <button type="button" class="momo-link momo-cancel" onClick={model.cancel}>
      {t('form.cancel')}
    </button>
  );
}
