// The wallet picker says which wallets are slow or down before the payer chooses, in each
// language, each notice tied to its wallet's radio (aria-describedby) for a screen reader; a wallet
// said to be down is marked, never disabled: the payer may still choose and pay with it.
import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import type { WalletHealthView } from '../../../src/api/types';
import { I18nContext } from '../../../src/components/i18n';
import { translator } from '../../../src/i18n';
import { LANGUAGES } from '../../../src/i18n/languages';
import { OperatorPicker } from '../../../src/methods/momo/OperatorPicker';
import { COUNTRIES } from '../../../src/phone';
import { loadEveryLanguage } from '../../i18n/every-language';

loadEveryLanguage();

const congo = COUNTRIES.find((c) => c.code === 'cg') as (typeof COUNTRIES)[number];
const HEALTH: WalletHealthView[] = [
  { country: 'cg', operator_name: 'mtn', status: 'down', delay_seconds: null },
  { country: 'cg', operator_name: 'airtel', status: 'slow', delay_seconds: 300 },
];

function picker(lang: string, health: WalletHealthView[] | undefined, onValue = vi.fn()) {
  const code = lang as Parameters<typeof translator>[0];
  render(
    <I18nContext.Provider value={{ lang: code, t: translator(code) }}>
      <OperatorPicker
        wallets={congo.wallets}
        value=""
        detected={false}
        health={health}
        country="cg"
        onValue={onValue}
        onLeave={() => {}}
      />
    </I18nContext.Provider>,
  );
  return onValue;
}

const radio = (label: string) => screen.getByRole('radio', { name: new RegExp(`^${label}`) });
const descriptionOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('OperatorPicker › wallets not up', () => {
  it('says in French, before the choice, that Airtel Money is slow and MTN MoMo is down', () => {
    picker('fr', HEALTH);
    expect(descriptionOf(radio('Airtel Money'))).toBe(
      'Airtel Money est lent en ce moment\u00a0: la validation peut prendre 5 minutes',
    );
    expect(descriptionOf(radio('MTN MoMo'))).toBe(
      'MTN MoMo ne répond pas en ce moment\u00a0: choisissez un autre portefeuille si vous en avez un',
    );
    // Said before the cards, in reading order.
    const [notice] = document.querySelectorAll('.momo-warning');
    expect(notice?.compareDocumentPosition(radio('MTN MoMo')) ?? 0).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it.each(LANGUAGES.map((l) => l.code))('in %s: both notices filled, tied to their wallets', (lang) => {
    picker(lang, HEALTH);
    for (const label of ['MTN MoMo', 'Airtel Money']) {
      const text = descriptionOf(radio(label)) ?? '';
      expect(text).toContain(label);
      expect(text).not.toMatch(/[{}]/);
    }
    expect(descriptionOf(radio('Airtel Money'))).toContain('5');
  });

  it('marks the down wallet but keeps it a choice', () => {
    const onValue = picker('fr', HEALTH);
    const down = radio('MTN MoMo') as HTMLInputElement;
    expect(down.disabled).toBe(false);
    expect(down.closest('label')?.getAttribute('data-health')).toBe('down');
    fireEvent.click(down);
    expect(onValue).toHaveBeenCalledWith('mtn');
  });

  it('a bare service (no health) or every wallet up: no notice, nothing described', () => {
    picker('fr', undefined);
    expect(document.querySelector('.momo-warning')).toBeNull();
    expect(radio('MTN MoMo').getAttribute('aria-describedby')).toBeNull();
  });

  it('a status it does not know, or another country’s wallet, says nothing', () => {
    picker('fr', [
      { country: 'cg', operator_name: 'mtn', status: 'degraded', delay_seconds: null },
      { country: 'cm', operator_name: 'airtel', status: 'down', delay_seconds: null },
    ]);
    expect(document.querySelector('.momo-warning')).toBeNull();
  });
});
