// "Someone else pays" offered (src/components/HandOffOffer.tsx): on the form once the intent is read,
// with its words built into the first load (French here with no catalogue loaded: the offer cannot
// wait for the screens' part, which a stand-in would have fetched the moment the form showed).
import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { HandOffOffer } from '../../src/components/HandOffOffer';
import { I18nContext } from '../../src/components/i18n';
import { fr } from '../../src/i18n/fr';
import { translator } from '../../src/i18n';
import { createBed } from '../support/checkout-bed';

async function offered({ relative = false } = {}) {
  const bed = createBed();
  const { secret } = await bed.newIntent(5000);
  const model = await bed.open({ secret, relative });
  const view = render(
    <I18nContext.Provider value={{ lang: 'fr', t: translator('fr') }}>
      <HandOffOffer model={model} />
    </I18nContext.Provider>,
  );
  return { bed, model, view };
}

describe('HandOffOffer', () => {
  it('is offered on the form in words the first load has; pressed, the page follows the payment handed on', async () => {
    expect(fr['handoff.offer']).toBe('Faire payer un proche');
    const { model, view } = await offered();
    expect(model.screen.value.name).toBe('form');
    fireEvent.click(screen.getByRole('button', { name: 'Faire payer un proche' }));
    expect(model.screen.value).toEqual({ name: 'shared' });
    // Handed on: the offer is gone (the screen `shared` says what to do now).
    expect(screen.queryByRole('button', { name: 'Faire payer un proche' })).toBeNull();
    view.unmount();
    model.dispose();
  });

  it('is not offered on a relative’s page (a link handed on), on its form nor after its own attempt failed: they pay, they pass nothing on', async () => {
    const { bed, model, view } = await offered({ relative: true });
    expect(model.screen.value.name).toBe('form');
    expect(screen.queryByRole('button', { name: 'Faire payer un proche' })).toBeNull();
    bed.fill(model, 'declined');
    await model.submit();
    await bed.time.advance(10_000);
    expect(model.screen.value).toEqual({ name: 'failed', reason: 'payer_declined' });
    expect(screen.queryByRole('button', { name: 'Faire payer un proche' })).toBeNull();
    // The payer's own page, on the same failure, offers it (what the relative's is held apart from).
    const payer = await offered();
    payer.bed.fill(payer.model, 'declined');
    await payer.model.submit();
    await payer.bed.time.advance(10_000);
    expect(payer.model.screen.value.name).toBe('failed');
    expect(screen.getByRole('button', { name: 'Faire payer un proche' })).toBeTruthy();
    view.unmount();
    payer.view.unmount();
    model.dispose();
    payer.model.dispose();
  });
});
