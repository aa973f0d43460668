// "Someone else pays" on screen (src/components/HandOff.tsx): offered on the form once the intent is
// read and after a failure; pressed, the screen `shared` with its sheet (a part of its own,
// src/hosted/handoff.ts) — the link with the secret in its fragment, WhatsApp, the copy, the QR
// code — in every language; then the receipt that says someone else paid, without a number.
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkout } from '../../src/components/Checkout';
import { HANDOFF_MESSAGES } from '../../src/hosted/handoff';
import { LANGS, translator } from '../../src/i18n';
import { loadEveryLanguage } from '../i18n/every-language';
import { createBed } from '../support/checkout-bed';

// The parts, as the page would fetch them (the test's DOM runs no script it fetches).
vi.mock('../../src/parts/load', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/parts/load')>();
  const { handOffPart } = await import('../../src/hosted/handoff');
  const { generate } = await import('lean-qr/nano');
  const registered: Record<string, unknown> = { handoff: handOffPart, qr: (text: string) => generate(text) };
  return {
    ...actual,
    loadPart: (name: string) => (name in registered ? Promise.resolve(registered[name]) : new Promise(() => {})),
  };
});

loadEveryLanguage();

function browser({ clipboard }: { clipboard?: Partial<Clipboard> | undefined }) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}
afterEach(() => browser({}));

async function handedOn(lang: (typeof LANGS)[number] = 'en') {
  const bed = createBed();
  const { id, secret } = await bed.newIntent(5000);
  const model = await bed.open({ secret });
  const view = render(<Checkout model={model} lang={lang} onLangChange={() => {}} />);
  return { bed, id, secret, model, view };
}

describe('HandOff', () => {
  it('is offered on the form; pressed, the sheet sends a link that pays this intent, its secret in the fragment', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    browser({ clipboard: { writeText } });
    const { model, id, secret, view } = await handedOn();
    fireEvent.click(screen.getByRole('button', { name: 'Ask someone else to pay' }));
    expect(model.screen.value).toEqual({ name: 'shared' });
    await screen.findByRole('button', { name: 'Copy the link' });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Someone else is paying');
    const link = `${location.origin}/pay/${id}?relative#${secret}`;
    const whatsapp = screen.getByRole('link', { name: 'Send by WhatsApp' }) as HTMLAnchorElement;
    expect(whatsapp.href.startsWith('whatsapp://send?text=')).toBe(true);
    expect(decodeURIComponent(whatsapp.href.split('text=')[1]!)).toContain(link);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the link' }));
    await waitFor(() => expect(screen.getByText('Link copied.')).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith(link);
    await screen.findByRole('img', { name: 'QR code of the payment link' });
    view.unmount();
    model.dispose();
  });

  it('follows the payment to a receipt that says someone else paid, with no number on it', async () => {
    const { bed, model, secret, view } = await handedOn();
    model.handOff();
    await screen.findByRole('button', { name: 'Copy the link' });
    const relative = await bed.open({ secret, relative: true });
    bed.fill(relative, 'approved_at_once');
    await relative.submit();
    await bed.time.advance(6_000);
    await screen.findByText('Paid by someone else, from their own phone.');
    expect(view.container.querySelector('.momo-receipt')?.textContent).not.toMatch(/•|\+242/);
    view.unmount();
    model.dispose();
    relative.dispose();
  });

  it('says a failure of theirs, not the payer’s own before the hand-off; paid by them, no e-mail of the payer’s', async () => {
    const { bed, model, secret, view } = await handedOn();
    bed.fill(model, 'insufficient_funds');
    await model.submit();
    await bed.time.advance(6_000);
    expect(model.screen.value.name).toBe('failed');
    fireEvent.click(screen.getByRole('button', { name: 'Ask someone else to pay' }));
    await screen.findByText(HANDOFF_MESSAGES.en.waiting);
    const relative = await bed.open({ secret, relative: true });
    bed.fill(relative, 'declined', 'cg', 'airtel');
    await relative.submit();
    await bed.time.advance(12_000);
    await screen.findByText(HANDOFF_MESSAGES.en.theirFailed);
    relative.retry();
    bed.fill(relative, 'approved_at_once', 'cg', 'airtel');
    await relative.submit();
    await bed.time.advance(6_000);
    await screen.findByText('Paid by someone else, from their own phone.');
    expect(view.container.textContent).not.toContain('elodie@example.cg');
    view.unmount();
    model.dispose();
    relative.dispose();
  });

  it('offers no cancel while handed on, nor "I’ll pay myself" while their approval is under way; failed reads are said, with a read to ask for', async () => {
    const { bed, model, secret, view } = await handedOn();
    model.handOff();
    await screen.findByRole('button', { name: 'Copy the link' });
    // No cancel: the other phone may be approving, and the merchant would hear "canceled".
    expect(screen.queryByRole('button', { name: 'Cancel and return to the merchant' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Check now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: HANDOFF_MESSAGES.en.payMyself })).toBeTruthy();
    const relative = await bed.open({ secret, relative: true });
    bed.fill(relative, 'approved_late');
    await relative.submit();
    await bed.time.advance(6_000);
    await screen.findByText(HANDOFF_MESSAGES.en.underWay);
    expect(screen.queryByRole('button', { name: HANDOFF_MESSAGES.en.payMyself })).toBeNull();
    // The reads fail: said, not "waiting" forever.
    bed.intercept(() => Promise.reject(new TypeError('Failed to fetch')));
    await bed.time.advance(60_000);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(translator('en')('pending.offline')));
    view.unmount();
    model.dispose();
    relative.dispose();
  });

  it.each(LANGS)('speaks %s, every word filled in', async (lang) => {
    const { model, view } = await handedOn(lang);
    model.handOff();
    await waitFor(() => expect(view.container.querySelector('.momo-handoff')).toBeTruthy());
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(translator(lang)('handoff.heading'));
    expect(view.container.textContent).toContain(HANDOFF_MESSAGES[lang].intro);
    expect(view.container.textContent).not.toMatch(/[{}]/);
    view.unmount();
    model.dispose();
  });
});
