// A merchant's Node server (ESM) creating a checkout session: node server.mjs <API base>
import { ApiError, createClient } from 'momo-checkout';

const momo = createClient({ baseUrl: process.argv[2], token: 'sk_test_esm_shop' });
const session = await momo.createSession(
  {
    total: 12500,
    currency: 'xaf',
    accountId: 'acct_esm',
    successUrl: 'https://shop.example/thanks?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://shop.example/cart',
    metadata: { order: 'A-17' },
    items: [
      { productId: 'prt_wax', quantity: 1, price: 10000, productName: 'Pagne wax' },
      { productId: 'prt_soap', quantity: 2, price: 1250, productName: 'Savon noir' },
    ],
  },
  { idempotencyKey: 'checkout-A-17' },
);
const intent = await momo.getIntent(session.paymentIntentId);
const refused = await momo.createSession({ total: 1 }).catch((error) => error);
console.log(JSON.stringify({ url: session.url, intentAmount: intent.amount, refused: refused instanceof ApiError && refused.code }));
