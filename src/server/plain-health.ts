// What the plain form says of the wallets that are not up, before the payer chooses (extension:
// docs/decisions.md, "Wallets' health before paying"): read from the intent the form already reads
// (`availability`: the wallets not up of the countries paying in its currency), no request of its
// own; said as the page's script says it (src/methods/momo/health-notice.ts), each notice tied to
// the wallet's choice (`aria-describedby`). A down wallet stays a choice, and the form posts as ever:
// a report may be stale, and only the service refuses a payment. Absent (a bare service): nothing.
import type { WalletHealthView } from '../api/types';
import { countryName } from '../i18n';
import { healthNotice, healthOf } from '../methods/momo/health-notice';
import type { Country } from '../phone';
import { esc, type Words } from './plain-pages';

export interface HealthNotices {
  /** The notices, one paragraph each (HTML), empty when every wallet is up or nothing is known. */
  html: string;
  /** Their ids, for the wallet's choice to be described by. */
  ids: string[];
}

/** The notices of the wallets of `countries` that `availability` says are not up. */
export function healthNotices(
  { t, lang }: Words,
  countries: readonly Country[],
  availability: readonly WalletHealthView[] | undefined,
): HealthNotices {
  const notices: HealthNotices = { html: '', ids: [] };
  if (!availability?.length) return notices;
  for (const country of countries)
    for (const wallet of country.wallets) {
      const said = healthNotice(healthOf(availability, country.code, wallet.name));
      if (!said) continue;
      // One form for every country of the currency: the country said with the wallet where there are several.
      const label = countries.length > 1 ? `${wallet.label} (${countryName(country.code, lang)})` : wallet.label;
      const id = `h-${country.code}-${wallet.name}`;
      const text =
        said.status === 'slow'
          ? t('form.walletSlow', { wallet: label, minutes: said.minutes })
          : t('form.walletDown', { wallet: label });
      notices.html += `<p class="info" id="${id}">${esc(text)}</p>`;
      notices.ids.push(id);
    }
  return notices;
}
