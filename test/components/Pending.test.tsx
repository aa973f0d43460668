// The waiting screen offers only what means something in the step the service asks: "I have
// approved — check now" where the payer approves elsewhere (the push, the wallet's app), never
// beside a code typed here, which is the approval; "Wrong number?" where the attempt pays from the
// number typed — shown in full, for a typo to be seen — and, for a wallet that takes none (Wave),
// how to pay with another operator instead. In every language of the table.
import { render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { Checkout } from '../../src/components/Checkout';
import { LANGS, type Lang, type MessageKey, translator } from '../../src/i18n';
import { formatTime } from '../../src/i18n/format';
import { loadEveryLanguage } from '../i18n/every-language';
import { createBed } from '../support/checkout-bed';

// A step's script, as the page would fetch it (jsdom runs no script it fetches).
vi.mock('../../src/parts/load', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/parts/load')>();
  const { enterOtp } = await import('../../src/methods/momo/steps/enter_otp');
  const { openWallet } = await import('../../src/methods/momo/steps/open_wallet');
  const registered: Record<string, unknown> = { enter_otp: enterOtp, open_wallet: openWallet };
  return {
    ...actual,
    loadPart: (name: string) => (name in registered ? Promise.resolve(registered[name]) : new Promise(() => {})),
  };
});

loadEveryLanguage();

/** The waiting screen of an attempt with `operator` of `country`, in `lang`, once its step has arrived. */
async function waiting(country: string, operator: string, lang: Lang, step: string) {
  const bed = createBed();
  const model = await bed.startAttempt(country, operator, 'never_approved');
  render(<Checkout model={model} lang={lang} onLangChange={() => {}} />);
  await waitFor(() => expect(document.querySelector(`.momo-pending[data-step="${step}"] .momo-hint`)).not.toBeNull());
  const shown = model.screen.value;
  if (shown.name !== 'pending' || shown.attempt.expiresAt === null) throw new Error('not waiting');
  const time = formatTime(shown.attempt.expiresAt, lang);
  const t = (key: MessageKey) => (translator(lang) as (key: MessageKey, values: object) => string)(key, { time });
  return { model, t, text: () => document.querySelector('.momo-pending')!.textContent ?? '' };
}

const checkButton = (t: (key: MessageKey) => string) => screen.queryByRole('button', { name: t('pending.checkNow') });

describe.each(LANGS)('the waiting screen in %s', (lang) => {
  it('the push: "check now", "Wrong number?", and the number in full as typed', async () => {
    const { model, t, text } = await waiting('ci', 'mtn', lang, 'push');
    expect(checkButton(t)).not.toBeNull();
    expect(text()).toContain(t('pending.wrongNumber'));
    expect(text()).not.toContain('••');
    // As typed, its spaces no-break: the number stays on one line.
    expect(text()).toContain(model.values.value.phone.replace(/ /g, '\u00a0'));
  });

  it('the one-time code: no "check now" (typing the code is the approval), "Wrong number?" still', async () => {
    const { model, t, text } = await waiting('sn', 'orange', lang, 'enter_otp');
    expect(document.querySelector('#momo-code')).not.toBeNull();
    expect(checkButton(t)).toBeNull();
    expect(text()).toContain(t('pending.wrongNumber'));
    // As typed, its spaces no-break: the number stays on one line.
    expect(text()).toContain(model.values.value.phone.replace(/ /g, '\u00a0'));
  });

  it('Wave’s app: "check now" for when the payer comes back, no "Wrong number?", another operator instead', async () => {
    const { t, text } = await waiting('sn', 'wave', lang, 'open_wallet');
    expect(checkButton(t)).not.toBeNull();
    expect(text()).not.toContain(t('pending.wrongNumber'));
    expect(text()).toContain(t('pending.otherWallet'));
  });
});
