// A merchant's backend test against momo-checkout-sandbox (the README's "The sandbox in your CI"):
//   npx momo-checkout-sandbox --port 12111 &   then   node --test
import assert from 'node:assert/strict';
import test from 'node:test';
import { createClient } from 'momo-checkout';

const momo = createClient({ baseUrl: process.env.MOMO_API_BASE ?? 'http://127.0.0.1:12111', token: 'sk_test_ci' });

test('a session paid with the number approved at once (…93) is paid when read back', async () => {
  const session = await momo.createSession({
    total: 5000,
    currency: 'xaf',
    accountId: 'acct_ci',
    successUrl: 'https://shop.example/thanks',
    cancelUrl: 'https://shop.example/cart',
    metadata: { order: 'T-1' },
    items: [{ productId: 'prt_rice', quantity: 1, price: 5000, productName: 'Riz' }],
  });
  // The payer's side, as the checkout page would do it.
  const result = await momo.confirmIntent(session.paymentIntentId, {
    client_secret: session.clientSecret,
    first_name: 'Awa',
    last_name: 'Ndong',
    receipt_email: 'awa@example.cg',
    payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: '242061234593', operator_name: 'mtn' } },
  });
  assert.equal(result.status, 'succeeded');
  const intent = await momo.getIntent(session.paymentIntentId);
  assert.equal(intent.status, 'succeeded');
});
