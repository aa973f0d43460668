// Copying and sharing a text (src/components/clipboard.ts), as the receipt, its lasting link and the
// hand-off sheet do: the copy refused where the browser has no clipboard (the callers then show the
// text to copy by hand); a share sheet the payer closes left alone, one refused copied instead.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText, shareOr } from '../../src/components/clipboard';

function browser({ clipboard, share }: { clipboard?: Partial<Clipboard>; share?: Navigator['share'] }) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
}
afterEach(() => browser({}));

const refused = (name: string) => () => Promise.reject(Object.assign(new Error(name), { name }));

describe('copyText', () => {
  it('writes the text to the clipboard', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    browser({ clipboard: { writeText } });
    await copyText('Lien: https://pay.example/receipt/abc');
    expect(writeText).toHaveBeenCalledWith('Lien: https://pay.example/receipt/abc');
  });

  it('is refused where there is no clipboard (outside a secure context), and where writing is refused', async () => {
    browser({});
    await expect(copyText('x')).rejects.toBeUndefined();
    browser({ clipboard: { writeText: refused('NotAllowedError') } });
    await expect(copyText('x')).rejects.toMatchObject({ name: 'NotAllowedError' });
  });
});

describe('shareOr', () => {
  it('shares the text through the phone’s sheet, and does nothing more when the payer closes it', async () => {
    const share = vi.fn(refused('AbortError'));
    const instead = vi.fn();
    browser({ share });
    await shareOr('Reçu', instead);
    expect(share).toHaveBeenCalledWith({ text: 'Reçu' });
    expect(instead).not.toHaveBeenCalled();
  });

  it('copies instead when the sheet is refused (a frame without the permission), or fails without a reason', async () => {
    const instead = vi.fn();
    browser({ share: vi.fn(refused('NotAllowedError')) });
    await shareOr('Reçu', instead);
    browser({ share: vi.fn(() => Promise.reject(null)) });
    await shareOr('Reçu', instead);
    expect(instead).toHaveBeenCalledTimes(2);
  });
});
