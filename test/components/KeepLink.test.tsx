// "Keep a link to this receipt" (src/components/KeepLink.tsx): asked of the model at the payer's
// press, from the checkout's origin it is given, in the page's language; the link shown whole and copied (by hand where copying is refused); a failure
// said, with the button there to try again; the statuses said in a live region.
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutModel } from '../../src/checkout/model';
import { I18nContext } from '../../src/components/i18n';
import { KeepLink } from '../../src/components/KeepLink';
import { translator } from '../../src/i18n';
import { loadEveryLanguage } from '../i18n/every-language';

loadEveryLanguage();

const LINK = 'https://checkout.example/receipt/6ORVkIYn-KrCuFbcYj5QQWI44OVaPoZSg6ux4IaVmfdudoqTB9C';

function shown(receiptLink: (ask: { base: string; lang: string }) => Promise<string>, lang: 'en' | 'fr' = 'en') {
  const model = { receiptLink } as unknown as CheckoutModel;
  return render(
    <I18nContext.Provider value={{ lang, t: translator(lang) }}>
      <KeepLink model={model} base="https://checkout.example" />
    </I18nContext.Provider>,
  );
}

function browser({ clipboard, share }: { clipboard?: Partial<Clipboard> | undefined; share?: Navigator['share'] }) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
}
afterEach(() => browser({}));

describe('KeepLink', () => {
  it('asks for the link at the press, from the checkout’s origin and in the page’s language, then shows it whole and copies it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    browser({ clipboard: { writeText } });
    const receiptLink = vi.fn(() => Promise.resolve(LINK));
    shown(receiptLink);
    expect(receiptLink).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep a link to this receipt' }));
    // The page's language goes along: the link opens in it later, in a browser set to another.
    expect(receiptLink).toHaveBeenCalledWith({ base: 'https://checkout.example', lang: 'en' });
    const link = await screen.findByRole('link', { name: LINK });
    expect(link.getAttribute('href')).toBe(LINK);
    expect(link.getAttribute('rel')).toContain('noreferrer');
    expect(screen.queryByRole('button', { name: 'Keep a link to this receipt' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy the link' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Link copied.'));
    expect(writeText).toHaveBeenCalledWith(LINK);
  });

  it('where copying is refused, says to select the link, shown below, in the payer’s language', async () => {
    browser({ clipboard: undefined });
    shown(() => Promise.resolve(LINK), 'fr');
    fireEvent.click(screen.getByRole('button', { name: 'Garder un lien vers ce reçu' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copier le lien' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'La copie n’est pas permise ici : sélectionnez le texte ci-dessous pour le copier.',
      ),
    );
    expect(screen.getByRole('link', { name: LINK })).toBeTruthy();
  });

  it('says when the link could not be made, and can be asked again', async () => {
    let answer: Promise<string> = Promise.reject(new Error('offline'));
    shown(() => answer);
    fireEvent.click(screen.getByRole('button', { name: 'Keep a link to this receipt' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The link could not be made. Check your connection and try again.',
      ),
    );
    answer = Promise.resolve(LINK);
    fireEvent.click(screen.getByRole('button', { name: 'Keep a link to this receipt' }));
    expect(await screen.findByRole('link', { name: LINK })).toBeTruthy();
    // The link made is said, with what it is for.
    expect(screen.getByRole('status').textContent).toBe(translator('en')('receipt.keepHint'));
  });

  it('keeps the focus on the button pressed while the link is made, and takes no second press meanwhile', async () => {
    let give: (link: string) => void = () => {};
    const receiptLink = vi.fn(() => new Promise<string>((resolve) => (give = resolve)));
    shown(receiptLink);
    const button = screen.getByRole('button', { name: 'Keep a link to this receipt' });
    button.focus();
    fireEvent.click(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(receiptLink).toHaveBeenCalledTimes(1);
    give(LINK);
    expect(await screen.findByRole('link', { name: LINK })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Copy the link');
  });
});
