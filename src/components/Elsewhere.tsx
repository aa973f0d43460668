// The screen `elsewhere`: an attempt this page did not start is under way on another phone — the
// payer's, seen from a relative's page; the relative's, seen from a payer's tab that lost the race
// to pay (docs/decisions.md "Someone else pays"). Nothing of that attempt is shown (its number, its
// step, a code to type, why it fails): the model follows it to the receipt, or to the form once it
// has ended unpaid. Screens after the form (./screens.ts): none of this is in the first load.
import type { CheckoutModel } from '../checkout/model';
import { formatAmount } from '../i18n';
import { useI18n } from './i18n';
import { CheckButton } from './Pending';

export function Elsewhere({ model, headingRef }: { model: CheckoutModel; headingRef: preact.Ref<HTMLHeadingElement> }) {
  const { lang, t } = useI18n();
  const intent = model.intent.value;
  return (
    <section class="momo-screen momo-elsewhere">
      <h2 tabIndex={-1} ref={headingRef}>
        {t('elsewhere.heading')}
      </h2>
      <p>{t('elsewhere.body', { amount: intent ? formatAmount(intent.amount, intent.currency, lang) : '' })}</p>
      <div class="momo-waiting" role="status">
        <span class="momo-progress" />
        {t('elsewhere.waiting')}
      </div>
      {/* Followed by reads: when they fail, said, with a read to ask for — never "waiting" forever. */}
      {(!model.online.value || model.readTrouble.value) && (
        <p class="momo-notice" role="alert">
          {t('pending.offline')}
        </p>
      )}
      {/* No cancel: the other phone's approval may be under way (as the waiting screen offers none). */}
      <CheckButton model={model} label="error.checkStatus" />
    </section>
  );
}
