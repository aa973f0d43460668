// @vitest-environment node
// The payment links' contract (extension, issue 31): what a merchant sends and what the service
// answers, as the sandbox and the client read them.
import { describe, expect, it } from 'vitest';
import {
  paymentLinkOpenedSchema,
  paymentLinkRequestSchema,
  paymentLinkSchema,
  publicPaymentLinkSchema,
} from '../../../src/api/schemas/payment-links';

const view = {
  id: 'plink_abc',
  object: 'payment_link',
  status: 'active',
  url: 'https://pay.example/l/plink_abc',
  qrUrl: 'https://pay.example/l/plink_abc/qr',
  amount: null,
  amountMin: 500,
  amountMax: 5000,
  currency: 'xaf',
  description: 'Beignets',
  maxPayments: null,
  paymentsCount: 0,
  expiresAt: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  merchant: null,
};

describe('paymentLinkRequestSchema', () => {
  it('takes a fixed amount or bounds, with a one-line description', () => {
    expect(paymentLinkRequestSchema.safeParse({ amount: 2500, currency: 'xof', description: 'Pagne' }).success).toBe(
      true,
    );
    const bounds = { amountMin: 100, amountMax: 900, currency: 'xaf', description: 'Don', maxPayments: 10 };
    expect(paymentLinkRequestSchema.safeParse(bounds).success).toBe(true);
  });

  it('refuses a description on two lines, a limit of no payment, an amount not whole', () => {
    const base = { amount: 2500, currency: 'xaf', description: 'Pagne' };
    expect(paymentLinkRequestSchema.safeParse({ ...base, description: 'a\nb' }).success).toBe(false);
    expect(paymentLinkRequestSchema.safeParse({ ...base, maxPayments: 0 }).success).toBe(false);
    expect(paymentLinkRequestSchema.safeParse({ ...base, amount: 10.5 }).success).toBe(false);
  });
});

describe('the link as read', () => {
  it('is public without metadata, the merchant’s with it; a status outside the set is refused', () => {
    expect(publicPaymentLinkSchema.parse(view)).toEqual(view);
    expect(paymentLinkSchema.safeParse(view).success).toBe(false);
    expect(paymentLinkSchema.parse({ ...view, metadata: { stall: 'B12' } }).metadata).toEqual({ stall: 'B12' });
    expect(publicPaymentLinkSchema.safeParse({ ...view, status: 'paused' }).success).toBe(false);
  });

  it('an opening names the link and the intent', () => {
    const opened = { object: 'payment_link_payment', paymentLinkId: 'plink_abc', paymentIntentId: 'pi_x', url: 'u' };
    expect(paymentLinkOpenedSchema.parse(opened)).toEqual(opened);
    expect(paymentLinkOpenedSchema.safeParse({ ...opened, paymentIntentId: 'cs_x' }).success).toBe(false);
  });
});
