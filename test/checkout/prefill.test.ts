// @vitest-environment node
// Issue 21, prefill: what the merchant knows of the payer (a session's `customer`, the widget's
// option) fills the form, each field still the payer's to change, and the payer pays with no
// typing at all; the sandbox keeps it on the session for the page, checked as typed fields are.
import { describe, expect, it } from 'vitest';
import { createBed, numberFor } from '../support/checkout-bed';
import { sessionReader } from '../../src/checkout/session';

const session = (customer?: Record<string, string>) => ({
  total: 5000,
  currency: 'xof',
  accountId: 'acct_shop',
  successUrl: 'https://shop.example/ok',
  cancelUrl: 'https://shop.example/cart',
  metadata: {},
  items: [{ productId: 'prt_riz', quantity: 1, price: 5000, productName: 'Riz' }],
  ...(customer ? { customer } : {}),
});

describe('checkout › prefill', () => {
  it('a session’s customer fills the form — the number’s country and wallet with it — and the payer pays without typing', async () => {
    const bed = createBed();
    const phone = `+${numberFor('approved_at_once', 'ci', 'mtn').msisdn}`;
    const created = await bed.merchant.createSession(
      session({ firstName: 'Awa', lastName: 'Koné', email: 'awa@exemple.ci', phone }),
    );
    const model = await bed.open({ readSession: sessionReader(bed.api, created.id), secret: created.clientSecret });
    expect(model.values.value).toMatchObject({
      firstName: 'Awa',
      lastName: 'Koné',
      email: 'awa@exemple.ci',
      country: 'ci',
      operator: 'mtn',
    });
    expect(model.visibleErrors.value).toEqual({});
    await model.submit();
    expect(model.screen.value.name).toBe('succeeded');
  });

  it('fills only what the payer has not typed; the payer may change any of it', async () => {
    const bed = createBed();
    const intent = await bed.merchant.createIntent({ amount: 5000, currency: 'xaf' });
    const model = await bed.open({
      secret: intent.client_secret ?? '',
      customer: { firstName: 'Jean', email: 'jean@exemple.cg' },
    });
    expect(model.values.value).toMatchObject({ firstName: 'Jean', lastName: '', email: 'jean@exemple.cg' });
    model.setField('firstName', 'Jeanne');
    expect(model.values.value.firstName).toBe('Jeanne');
  });

  it('the sandbox keeps a session’s customer for the page, refuses one that is not right, and a bare service has none', async () => {
    const bed = createBed();
    const created = await bed.merchant.createSession(session({ firstName: 'Awa', phone: '+2250512345600' }));
    const read = await bed.merchant.getSession(created.id);
    expect(read.customer).toEqual({ firstName: 'Awa', phone: '+2250512345600' });
    await expect(bed.merchant.createSession(session({ email: 'awa@' }))).rejects.toMatchObject({
      status: 400,
      field: 'customer.email',
    });
    await expect(bed.merchant.createSession(session({ nickname: 'A' }))).rejects.toMatchObject({ status: 400 });
    const bare = createBed({ extensions: false });
    const plain = await bare.merchant.createSession(session({ firstName: 'Awa' }));
    expect('customer' in plain).toBe(false);
  });
});
