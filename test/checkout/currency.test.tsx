// A payer's wallet pays in its country's currency: once the intent's currency is known, the form
// offers only the countries that pay in it, and a country chosen before that cannot is changed.
import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { Checkout } from '../../src/components/Checkout';
import { COUNTRIES } from '../../src/phone';
import { createBed } from '../support/checkout-bed';

type Bed = ReturnType<typeof createBed>;

/** The sandbox's intents, read by the page in `currency`. */
function readAs(bed: Bed, currency: string) {
  bed.intercept(async (request) => {
    const answer = await bed.sandbox.fetch(request);
    return request.method === 'GET' && request.url.includes('/payment-intents/')
      ? Response.json({ ...(await answer.json()), currency })
      : answer;
  });
}

const offered = () =>
  [...screen.getByLabelText<HTMLSelectElement>('Pays').options].map((option) => option.value).sort();
/** The countries a payer can pay in `currency` from: those with a wallet (Equatorial Guinea has none sourced yet). */
const payingIn = (currency: string) =>
  COUNTRIES.filter((c) => c.currency === currency && c.wallets.length > 0)
    .map((c) => c.code)
    .sort();

describe('checkout › the intent’s currency decides the countries', () => {
  it('an XOF intent offers only the XOF countries, and moves a Cameroonian default to one', async () => {
    const bed = createBed();
    readAs(bed, 'xof');
    const model = await bed.open({ secret: (await bed.newIntent()).secret, defaultCountry: 'cm' });
    render(<Checkout model={model} lang="fr" onLangChange={() => {}} />);
    expect(payingIn('xof').length).toBeGreaterThanOrEqual(8);
    expect(offered()).toEqual(payingIn('xof'));
    expect(offered()).not.toContain('cm');
    expect(model.values.value.country).toBe(COUNTRIES.find((c) => c.currency === 'xof' && c.wallets.length > 0)!.code);
    model.dispose();
  });

  it('keeps the payer’s own country when it pays in the intent’s currency', async () => {
    const bed = createBed();
    readAs(bed, 'xof');
    const model = await bed.open({ secret: (await bed.newIntent()).secret, defaultCountry: 'sn' });
    expect(model.values.value.country).toBe('sn');
    model.dispose();
  });

  it('an XAF intent never offers Senegal', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret, defaultCountry: 'sn' });
    render(<Checkout model={model} lang="fr" onLangChange={() => {}} />);
    expect(offered()).toEqual(payingIn('xaf'));
    expect(offered()).not.toContain('sn');
    // A country without a wallet is never offered.
    expect(offered()).not.toContain('gq');
    expect(payingIn('xaf')).toContain(model.values.value.country);
    model.dispose();
  });
});

describe('checkout › the payer’s country learnt after the form was made', () => {
  it('becomes the form’s country, unless the payer has chosen one already', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    expect(model.values.value.country).toBe('cg');
    model.setDefaultCountry('cm');
    expect(model.values.value.country).toBe('cm');
    model.setField('country', 'ga');
    model.setDefaultCountry('td');
    expect(model.values.value.country).toBe('ga');
    model.dispose();
  });
});

describe('checkout › the merchant’s country, where the payer’s cannot pay', () => {
  /** The sandbox's intents in `currency`, their merchant's support number `phone` (an extension). */
  function merchantIn(bed: Bed, currency: string, phone: string | null) {
    bed.intercept(async (request) => {
      const answer = await bed.sandbox.fetch(request);
      if (request.method !== 'GET' || !request.url.includes('/payment-intents/')) return answer;
      const merchant = { name: 'Boutique', logo_url: null, support_email: null, support_phone: phone };
      return Response.json({ ...(await answer.json()), currency, merchant });
    });
  }

  it('an XOF intent of a Burkinabè merchant, for a payer the page places nowhere that pays XOF: Burkina Faso', async () => {
    const bed = createBed();
    merchantIn(bed, 'xof', '+226 70 12 34 56');
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    expect(model.values.value.country).toBe('bf');
    model.dispose();
  });

  it('the payer’s own country first when it pays; none known from the merchant: the first that pays', async () => {
    const mine = createBed();
    merchantIn(mine, 'xof', '+226 70 12 34 56');
    const payer = await mine.open({ secret: (await mine.newIntent()).secret, defaultCountry: 'ml' });
    expect(payer.values.value.country).toBe('ml');
    payer.dispose();
    const nobody = createBed();
    merchantIn(nobody, 'xof', null);
    const model = await nobody.open({ secret: (await nobody.newIntent()).secret });
    expect(model.values.value.country).toBe(COUNTRIES.find((c) => c.currency === 'xof' && c.wallets.length > 0)!.code);
    model.dispose();
  });
});
