// Copy and share of the receipt: its short text (the shop, the amount, the reference, the date —
// never the payer's number) to the clipboard, said in a live region for a screen reader; where
// copying is refused, the text shown selected for the payer to copy by hand; "share" only where
// the browser has a share sheet, a sheet closed by the payer left alone, a refused one copied.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkout } from '../../src/components/Checkout';
import { I18nContext } from '../../src/components/i18n';
import { ReceiptShare } from '../../src/components/ReceiptShare';
import { translator } from '../../src/i18n';
import { loadEveryLanguage } from '../i18n/every-language';
import { createBed } from '../support/checkout-bed';

loadEveryLanguage();

const TEXT = 'Payment successful\nPaid to: Boutique Awa\nAmount: 5,000 F CFA\nReference: K7M-4Q2';

function shown(text = TEXT) {
  return render(
    <I18nContext.Provider value={{ lang: 'en', t: translator('en') }}>
      <ReceiptShare text={text} />
    </I18nContext.Provider>,
  );
}

/** What the browser offers: a clipboard (or none), a share sheet (or none). */
function browser({ clipboard, share }: { clipboard?: Partial<Clipboard> | undefined; share?: Navigator['share'] }) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
}
afterEach(() => browser({}));

const status = () => screen.getByRole('status');

describe('ReceiptShare › copy', () => {
  it('copies the text and says so in the live region', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    browser({ clipboard: { writeText } });
    shown();
    expect(status().textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Copy the receipt' }));
    await waitFor(() => expect(status().textContent).toBe('Receipt copied.'));
    expect(writeText).toHaveBeenCalledWith(TEXT);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it.each([
    ['refused', { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) }],
    ['absent (not a secure context)', undefined],
  ])('where the clipboard is %s: the text shown, focused and selected, to copy by hand', async (_, clipboard) => {
    browser({ clipboard });
    shown();
    fireEvent.click(screen.getByRole('button', { name: 'Copy the receipt' }));
    await waitFor(() =>
      expect(status().textContent).toBe('Copying is not allowed here: select the text below to copy it.'),
    );
    const area = screen.getByRole('textbox', { name: 'Copy the receipt' }) as HTMLTextAreaElement;
    expect(area.value).toBe(TEXT);
    expect(area.readOnly).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(area));
    expect([area.selectionStart, area.selectionEnd]).toEqual([0, TEXT.length]);
  });
});

describe('ReceiptShare › share', () => {
  it('is not offered where the browser has no share sheet', () => {
    browser({ clipboard: { writeText: () => Promise.resolve() } });
    shown();
    expect(screen.queryByRole('button', { name: 'Share the receipt' })).toBeNull();
  });

  it('hands the text to the share sheet; closed by the payer, nothing else happens', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const share = vi.fn(() => Promise.reject(new DOMException('closed', 'AbortError')));
    browser({ clipboard: { writeText }, share });
    shown();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share the receipt' }));
    });
    expect(share).toHaveBeenCalledWith({ text: TEXT });
    expect(writeText).not.toHaveBeenCalled();
    expect(status().textContent).toBe('');
  });

  it('refused (a frame without the permission): copies instead', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    browser({ clipboard: { writeText }, share: () => Promise.reject(new DOMException('no', 'NotAllowedError')) });
    shown();
    fireEvent.click(screen.getByRole('button', { name: 'Share the receipt' }));
    await waitFor(() => expect(status().textContent).toBe('Receipt copied.'));
    expect(writeText).toHaveBeenCalledWith(TEXT);
  });
});

describe('the receipt’s text', () => {
  it('says who was paid, how much, the reference and when — not the payer’s number', async () => {
    const writeText = vi.fn((_: string) => Promise.resolve());
    browser({ clipboard: { writeText } });
    const bed = createBed();
    const model = await bed.startAttempt('ci', 'mtn', 'approved_at_once');
    render(<Checkout model={model} lang="fr" onLangChange={() => {}} />);
    await waitFor(() => expect(model.screen.value.name).toBe('succeeded'));
    fireEvent.click(await screen.findByRole('button', { name: 'Copier le reçu' }));
    await waitFor(() => expect(screen.getByText('Reçu copié.')).toBeTruthy());
    const text = writeText.mock.calls[0]?.[0] ?? '';
    const lines = text.split('\n');
    expect(lines[0]).toBe('Paiement réussi');
    expect(text).toMatch(/^Montant: 5\s000\sF\s?CFA$/m);
    expect(text).toMatch(/^Référence: [0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}$/m);
    expect(text).toMatch(/^Date: .*\d/m);
    const digits = model.values.value.phone.replace(/\D/g, '');
    expect(text.replace(/\D/g, '')).not.toContain(digits.slice(-6));
  });
});
