// A merchant's Node server fulfilling a paid session with the packaged fulfillment:
// node fulfillment.mjs <API base> <store folder>. The payer approves and never comes back.
import { ApiError, createClient } from 'momo-checkout';
import { createFulfillment, fileStore } from 'momo-checkout/fulfillment';

const [base, folder] = process.argv.slice(2);
const momo = createClient({ baseUrl: base, token: 'sk_test_fulfil_shop' });
const session = await momo.createSession({
  total: 2500,
  currency: 'xaf',
  accountId: 'acct_fulfil',
  successUrl: 'https://shop.example/thanks',
  cancelUrl: 'https://shop.example/cart',
  metadata: { order: 'F-1' },
  items: [{ productId: 'prt_soap', quantity: 2, price: 1250, productName: 'Savon noir' }],
});
const events = [];
let errors = 0;
const fulfillment = createFulfillment({
  api: { baseUrl: base, token: 'sk_test_fulfil_shop' },
  store: fileStore(folder),
  handlers: { paid: (event) => void events.push([event.id, event.metadata.order]) },
  pace: { idleMs: 200, pendingMs: 200 },
  pollMs: 50,
  onError: (error) => (errors += error instanceof ApiError ? 0 : 1),
});
await fulfillment.follow(session);
fulfillment.start();
const intent = await momo.getIntent(session.paymentIntentId);
await momo.confirmIntent(session.paymentIntentId, {
  client_secret: intent.client_secret,
  first_name: 'Awa',
  last_name: 'Nkoulou',
  receipt_email: 'awa@example.cg',
  // The sandbox's test number approved after a few seconds.
  payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: '242061234500', operator_name: 'mtn' } },
});
const end = Date.now() + 30_000;
while (events.length === 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
await fulfillment.stop();
console.log(JSON.stringify({ events, intentId: session.paymentIntentId, errors }));
