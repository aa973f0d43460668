// @vitest-environment node
// The client's payment-link methods (src/api/endpoints/payment-links.ts) against the sandbox: the
// merchant creates, lists, reads and deactivates; a payer, without a key, opens a payment of their own.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { setup, TOKEN } from '../../sandbox/helpers';

describe('the client’s payment links', () => {
  it('create, list, read, open without a key, and deactivate', async () => {
    const s = setup();
    const merchant = s.client({ token: TOKEN });
    const payer = s.client();
    const link = await merchant.createPaymentLink({
      amountMin: 100,
      amountMax: 900,
      currency: 'xof',
      description: 'Dons',
      metadata: { stall: 'B12' },
    });
    expect((await merchant.listPaymentLinks()).data.map((l) => l.id)).toEqual([link.id]);
    expect(await payer.getPaymentLink(link.id)).not.toHaveProperty('metadata');
    const opened = await payer.openPaymentLink(link.id, 450);
    expect((await s.readIntent(opened.paymentIntentId)).amount).toBe(450);
    expect((await merchant.deactivatePaymentLink(link.id)).status).toBe('inactive');
    const refused = await payer.openPaymentLink(link.id, 450).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('payment_link_inactive');
  });
});
