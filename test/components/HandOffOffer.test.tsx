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

async function offered() {
  const bed = createBed();
  const { secret } = await bed.newIntent(5000);
  const model = await bed.open({ secret });
  const view = render(
    <I18nContext.Provider value={{ lang: 'fr', t: translator('fr') }}>
      <HandOffOffer model={model} />
    </I18nContext.Provider>,
  );
  return { model, view };
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
});
