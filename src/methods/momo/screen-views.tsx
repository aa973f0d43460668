// How mobile money shows on the screens after the form: what the payer does while the operator's
// prompt waits on their phone, what the receipt says paid, the words of a new request. (The form's
// side: ./views.tsx.)
import { findWallet } from '../kit';
import type { MethodScreenViews } from '../types';
import { useI18n } from '../ui';
import { type MomoView, walletLabel } from './method';

export const momoScreenViews: MethodScreenViews<MomoView> = {
  Instructions({ view, amount, ussd: given }) {
    const { t } = useI18n();
    // The service's word first; else where a source gives the wallet's code.
    const wallet = findWallet(view.country, view.operator);
    const ussd = given ?? (wallet && wallet.ussd);
    return (
      <>
        <p>{t('pending.body', { amount, phone: view.phone, operator: walletLabel(view.operator, view.country) })}</p>
        {ussd && <p class="momo-hint">{t('pending.ussd', { ussd })}</p>}
      </>
    );
  },

  receipt: (view, t) => [
    [t('succeeded.operator'), walletLabel(view.operator, view.country)],
    [t('succeeded.phone'), view.phone],
  ],

  resend: (view, t) => t('failed.resend', { phone: view.phone }),
};
