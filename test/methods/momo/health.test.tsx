// The notices of wallets not up (the screens' part brings them to the page and widget.js): only the
// payer's country's wallets are spoken of, a slow one's wait is never said as less than two minutes,
// and a status this page does not know says nothing and marks no card.
import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { WalletHealthView } from '../../../src/api/types';
import { I18nContext } from '../../../src/components/i18n';
import { translator } from '../../../src/i18n';
import { WalletNotices } from '../../../src/methods/momo/health';
import { COUNTRIES } from '../../../src/phone';

const congo = COUNTRIES.find((c) => c.code === 'cg') as (typeof COUNTRIES)[number];

function notices(health: WalletHealthView[]) {
  const { container } = render(
    <I18nContext.Provider value={{ lang: 'fr', t: translator('fr') }}>
      <fieldset>
        <WalletNotices wallets={congo.wallets} health={health} country="cg" />
        {congo.wallets.map((w) => (
          <label key={w.name} class="momo-operator" data-operator={w.name}>
            <input type="radio" name="operator" value={w.name} />
          </label>
        ))}
      </fieldset>
    </I18nContext.Provider>,
  );
  return container;
}

describe('WalletNotices', () => {
  it('says a wallet slow for 30 s takes two minutes, and marks its card', () => {
    const page = notices([{ country: 'cg', operator_name: 'airtel', status: 'slow', delay_seconds: 30 }]);
    expect(page.querySelector('#momo-health-airtel')?.textContent).toBe(
      'Airtel Money est lent en ce moment\u00a0: la validation peut prendre 2 minutes',
    );
    const card = page.querySelector('[data-operator="airtel"]') as HTMLElement;
    expect(card.dataset.health).toBe('slow');
    expect(card.querySelector('input')?.getAttribute('aria-describedby')).toBe('momo-health-airtel');
  });

  it("says nothing of another country's wallet nor of a status it does not know", () => {
    const page = notices([
      { country: 'cm', operator_name: 'mtn', status: 'down', delay_seconds: null },
      { country: 'cg', operator_name: 'airtel', status: 'degraded', delay_seconds: null },
    ]);
    expect(page.querySelectorAll('.momo-warning')).toHaveLength(0);
    expect(page.querySelectorAll('[data-health], [aria-describedby]')).toHaveLength(0);
  });
});
