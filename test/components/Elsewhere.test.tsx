// Another phone's attempt on screen (src/components/Elsewhere.tsx): a relative's page opened while the
// payer's one-time-code attempt waits says someone is already paying on another phone — without the
// payer's number, the code to dial or a field to type it in — in every language, then the receipt
// that says someone else paid.
import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { Checkout } from '../../src/components/Checkout';
import { LANGS, translator } from '../../src/i18n';
import { loadEveryLanguage } from '../i18n/every-language';
import { createBed } from '../support/checkout-bed';

loadEveryLanguage();

const APPROVAL_MS = 4000;

describe('Elsewhere', () => {
  it.each(LANGS)(
    'in %s: the payer’s attempt is another phone’s, with no number, no code to dial, no code field',
    async (lang) => {
      const bed = createBed();
      const payer = await bed.startAttempt('sn', 'orange');
      const secret = payer.handOffPath().split('#')[1] ?? '';
      const relative = await bed.open({ secret, relative: true });
      const view = render(<Checkout model={relative} lang={lang} onLangChange={() => {}} />);
      const t = translator(lang);
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(t('elsewhere.heading'));
      const main = view.container.querySelector('.momo-main')?.textContent ?? '';
      expect(main).not.toMatch(/#144#|\d{2}\D?\d{2}$/);
      expect(main).not.toContain(t('pending.heading'));
      expect(view.container.querySelector('input')).toBeNull();
      expect(screen.getByRole('button', { name: t('error.checkStatus') })).toBeTruthy();

      await bed.approve(payer);
      await bed.time.advance(APPROVAL_MS + 6000);
      expect(relative.screen.value).toMatchObject({ name: 'succeeded', receipt: { byOther: true } });
      expect(await screen.findByText(t('succeeded.byOther'))).toBeTruthy();
      view.unmount();
      payer.dispose();
      relative.dispose();
    },
  );
});
