// What the form says of the wallets that are not up (extension: docs/decisions.md, "Wallets' health
// before paying"), above the wallets' cards. Not in the hosted page's or widget.js's first load, nor
// in the screens' part every payment fetches: the rarer screens' part (src/hosted/outcomes.part.ts)
// brings it and its French words, fetched as soon as the intent's read names a wallet not up
// (./OperatorPicker.tsx); until it comes the form says nothing of it, and the payer can pay all the same.
import { useEffect, useRef } from 'preact/hooks';
import type { Wallet, WalletHealthView } from '../kit';
import { useI18n } from '../ui';
import { healthNotice, healthOf } from './health-notice';

export { healthOf } from './health-notice';

export interface HealthProps {
  wallets: readonly Wallet[];
  /** The wallets not up, as the intent's read said; `country`, the payer's. */
  health: readonly WalletHealthView[];
  country: string;
}

/**
 * A notice for each wallet not up: a slow one's delay in whole minutes, two at least (the words are
 * plural); a down one said not to answer, still a choice — the report may be stale, and the service,
 * not the page, refuses what it cannot pay. Each notice's id is what its radio is described by, and
 * its wallet's card is marked (`data-health`): set here, on the picker's own cards, so that none of
 * it weighs on the first load (the picker's render never names these attributes, so leaves them be).
 */
export function WalletNotices({ wallets, health, country }: HealthProps) {
  const { t } = useI18n();
  const notices = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const picker = (notices.current as HTMLDivElement).parentNode as ParentNode;
    for (const card of picker.querySelectorAll<HTMLElement>('.momo-operator')) {
      const name = card.dataset.operator as string;
      const said = healthNotice(healthOf(health, country, name));
      const status = said ? said.status : null;
      const radio = card.querySelector('input') as HTMLInputElement;
      if (status) {
        card.dataset.health = status;
        radio.setAttribute('aria-describedby', `momo-health-${name}`);
      } else {
        delete card.dataset.health;
        radio.removeAttribute('aria-describedby');
      }
    }
  });
  return (
    <div ref={notices}>
      {wallets.map(({ name, label }) => {
        const said = healthNotice(healthOf(health, country, name));
        const notice = !said
          ? ''
          : said.status === 'slow'
            ? t('form.walletSlow', { wallet: label, minutes: said.minutes })
            : t('form.walletDown', { wallet: label });
        return (
          notice && (
            <p key={name} id={`momo-health-${name}`} class="momo-warning">
              {notice}
            </p>
          )
        );
      })}
    </div>
  );
}
