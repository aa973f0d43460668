// The rescue on the waiting screen (issue 31 item 4), in every language: nothing until the push has
// had its time, then — in a polite live region that was there from the start, so it is read out
// without taking the focus — the wallet's menu code as a tap-to-dial link where a source names it,
// else the menu in words, and when a new request can go.
import { act, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nContext } from '../../src/components/i18n';
import { LANGS, type Lang, translator } from '../../src/i18n';
import { formatTime } from '../../src/i18n/format';
import { momoScreenViews } from '../../src/methods/momo/screen-views';
import { RESCUE_AFTER_MS } from '../../src/methods/momo/rescue';
import { loadEveryLanguage } from '../i18n/every-language';

loadEveryLanguage();
afterEach(() => vi.useRealTimers());

const START = Date.UTC(2026, 10, 2, 9, 0, 0);
const EXPIRES = START + 5 * 60_000;
const Rescue = momoScreenViews.Rescue!;

function shown(lang: Lang, view: { country: string; operator: string }, expiresAt: number | null = EXPIRES) {
  let now = START;
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const { container } = render(
    <I18nContext.Provider value={{ lang, t: translator(lang) }}>
      <button type="button">elsewhere</button>
      <Rescue
        view={{ type: 'momo', phone: '6 71 23 45 96', ...view }}
        ussd={null}
        startedAt={START}
        expiresAt={expiresAt}
        now={() => now}
      />
    </I18nContext.Provider>,
  );
  const region = container.querySelector('.momo-rescue') as HTMLElement;
  return {
    region,
    /** Time passes on the model's clock; the screen's second tick redraws. */
    wait(ms: number) {
      now += ms;
      act(() => void vi.advanceTimersByTime(1000));
    },
  };
}

describe.each(LANGS)('the rescue in %s', (lang) => {
  const t = translator(lang);

  it('appears after the wait, politely, with MTN MoMo Cameroon’s *126# to tap, the focus left where it was', () => {
    const { region, wait } = shown(lang, { country: 'cm', operator: 'mtn' });
    const focused = document.querySelector('button') as HTMLButtonElement;
    focused.focus();
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    wait(RESCUE_AFTER_MS - 2000);
    expect(region.textContent).toBe('');
    wait(2000);
    expect(region.textContent).toContain(t('rescue.title'));
    const link = region.querySelector('a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('tel:*126%23');
    expect(link.textContent).toBe(t('rescue.dialLink', { ussd: '\u2066*126#\u2069' }));
    expect(region.textContent).toContain(t('rescue.resend', { time: formatTime(EXPIRES, lang) }));
    expect(document.activeElement).toBe(focused);
  });

  it('without a sourced code (Airtel Money in Congo): the wallet’s menu in words, no link', () => {
    const { region, wait } = shown(lang, { country: 'cg', operator: 'airtel' }, null);
    wait(RESCUE_AFTER_MS);
    expect(region.querySelector('a')).toBeNull();
    expect(region.textContent).toContain(t('rescue.menu', { wallet: 'Airtel Money' }));
    expect(region.textContent).toContain(t('rescue.resendLater'));
  });
});
