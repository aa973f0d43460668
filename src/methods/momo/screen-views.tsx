// How mobile money shows on the screens after the form: what the payer does while the operator's
// prompt waits on their phone, what the receipt says paid (the number masked), the words of a new
// request (the number in full, as typed: a typo can be seen). (The form's side: ./views.tsx.)
import { findWallet } from '../kit';
import type { MethodScreenViews } from '../types';
import { formatTime, useCountdown, useI18n } from '../ui';
import { type MomoView, walletLabel } from './method';
import { dialHref, RESCUE_AFTER_MS, rescueOf } from './rescue';

/**
 * The number on the receipt, masked as a read of the service masks it — the receipt stays on the
 * screen — where this page shows it in full (typed here: "06 123 45 67" → "•• ••• 45 67"); a
 * calling code typed is kept, and the spaces as typed: at 200 % text on a 320 px phone the number
 * wraps between its groups, never inside one ("459" over "3").
 */
export const maskTyped = (phone: string): string =>
  phone.includes('•')
    ? phone
    : phone.replace(/^(\+\d+ )?(.*)$/, (_, code: string | undefined, rest: string) =>
        ((code || '') + rest.replace(/\d(?=(?:\D*\d){4})/g, '•')).trim(),
      );

/**
 * The number inside a sentence or a button, its spaces made no-break: it stays on one line ("au 6 /
 * 71 23 45 91" reads as two numbers), and in a right-to-left sentence its groups stay one number,
 * in their order. Not on the receipt, where it is a line of its own (maskTyped).
 */
export const unbroken = (phone: string): string => phone.replace(/ /g, '\u00a0');

export const momoScreenViews: MethodScreenViews<MomoView> = {
  Instructions({ view, amount, ussd: given }) {
    const { t } = useI18n();
    // The service's word first; else where a source gives the wallet's code. (Said from the start,
    // in words; the rescue, after the wait, makes it a link to tap.)
    const wallet = findWallet(view.country, view.operator);
    const ussd = given ?? (wallet && wallet.ussd);
    return (
      <>
        <p>
          {t('pending.body', {
            amount,
            phone: unbroken(view.phone),
            operator: walletLabel(view.operator, view.country),
          })}
        </p>
        {ussd && <p class="momo-hint">{t('pending.ussd', { ussd })}</p>}
      </>
    );
  },

  Rescue({ view, ussd: given, startedAt, expiresAt, now }) {
    const { lang, t } = useI18n();
    const late = useCountdown(startedAt + RESCUE_AFTER_MS, now) === 0;
    const rescue = rescueOf(view.country, view.operator, given);
    if (!rescue) return null;
    const wallet = walletLabel(view.operator, view.country);
    // The region is there from the start, empty, so that what appears in it is read out politely,
    // where the payer's reader is, without moving the focus.
    return (
      <div class="momo-rescue" aria-live="polite">
        {late && (
          <>
            <p class="momo-rescue-title">
              <strong>{t('rescue.title')}</strong>
            </p>
            {rescue.dial ? (
              <p>
                {t('rescue.dial', { wallet })}{' '}
                {/* The code isolated left to right (U+2066…U+2069): "*126#" reads so in Arabic too. */}
                <a class="momo-dial" href={dialHref(rescue.dial)}>
                  {t('rescue.dialLink', { ussd: `\u2066${rescue.dial}\u2069` })}
                </a>
              </p>
            ) : (
              <p>{t('rescue.menu', { wallet })}</p>
            )}
            <p>{expiresAt ? t('rescue.resend', { time: formatTime(expiresAt, lang) }) : t('rescue.resendLater')}</p>
          </>
        )}
      </div>
    );
  },

  receipt: (view, t) => [
    [t('succeeded.operator'), walletLabel(view.operator, view.country)],
    [t('succeeded.phone'), maskTyped(view.phone)],
  ],

  resend: (view, t) => t('failed.resend', { phone: unbroken(view.phone) }),

  // The number as typed ends with the last digits the service shows of it.
  paidFrom: (view, { momo: paid }) =>
    !!paid &&
    paid.country === view.country &&
    paid.operator_name === view.operator &&
    view.phone.replace(/\D/g, '').endsWith(paid.msisdn_last4),
};
