// "Someone else pays" offered (docs/decisions.md): a link-styled button on the form once the intent
// is read, and after a failed attempt. In the first load with its words (a few bytes): a stand-in
// would fetch the screens' part the moment the form shows, before the payer has touched anything —
// a merchant's page with the widget would pay for it on every visit. The screen it leads to and its
// sheet come later (./HandOff.tsx, in the screens' part; the sheet a part of its own).
import type { CheckoutModel } from '../checkout/model';
import { useI18n } from './i18n';

export function HandOffOffer({ model }: { model: CheckoutModel }) {
  const { t } = useI18n();
  const name = model.screen.value.name;
  // Not on a relative's page: asked to pay, they would only multiply the links in circulation.
  if ((name !== 'form' && name !== 'failed') || !model.intent.value || model.relative.value) return null;
  return (
    <button type="button" class="momo-link momo-handoff-offer" onClick={model.handOff}>
      {t('handoff.offer')}
    </button>
  );
}
