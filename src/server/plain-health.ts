// What the plain form says of the wallets that are not up, before the payer chooses (extension:
// docs/decisions.md, "Wallets' health before paying"): read from the intent the form already reads
// (`availability`: the wallets not up of the countries paying in its currency), no request of its
// own; said as the page's script says it (src/methods/momo/health-notice.ts), each notice tied to
// the wallet's choice (`aria-describedby`). A down wallet stays a choice, and the form posts as ever:
// a report may be stale, and only the service refuses a payment; but, as on the page, it is never
// chosen for the payer from their number (downFromNumber). Absent (a bare service): nothing.
import type { WalletHealthView } from '../api/types';
import { countryName, type Lang } from '../i18n';
import { healthNotice, healthOf } from '../methods/momo/health-notice';
import type { Country, Wallet } from '../phone';
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
      const id = `h-${country.code}-${wallet.name}`;
      const label = labelIn(lang, countries, country, wallet);
      const text =
        said.status === 'slow'
          ? t('form.walletSlow', { wallet: label, minutes: said.minutes })
          : t('form.walletDown', { wallet: label });
      notices.html += `<p class="info" id="${id}">${esc(text)}</p>`;
      notices.ids.push(id);
    }
  return notices;
}

/**
 * What the form says when "from my number" names a wallet `availability` says is down, else null.
 * The page's script does not choose such a wallet for the payer (src/methods/momo/method.ts, `edit`:
 * the operator is let go and must be chosen), so the plain form does not confirm with it either: it
 * comes back, the payer to choose — that wallet included, a report being possibly stale.
 */
export function downFromNumber(
  { t, lang }: Words,
  countries: readonly Country[],
  availability: readonly WalletHealthView[] | undefined,
  country: string,
  operator: string,
): string | null {
  const payer = countries.find((c) => c.code === country);
  const wallet = payer?.wallets.find((w) => w.name === operator);
  if (!payer || !wallet || healthNotice(healthOf(availability ?? [], country, operator))?.status !== 'down')
    return null;
  return t('form.walletDown', { wallet: labelIn(lang, countries, payer, wallet) });
}

/** One form for every country of the currency: the country said with the wallet where there are several. */
const labelIn = (lang: Lang, countries: readonly Country[], country: Country, wallet: Wallet) =>
  countries.length > 1 ? `${wallet.label} (${countryName(country.code, lang)})` : wallet.label;
