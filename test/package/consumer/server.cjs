// A merchant's Node server (CommonJS) creating a checkout session: node server.cjs <API base>
const { createClient, isApiError } = require('momo-checkout');

const momo = createClient({ baseUrl: process.argv[2], token: 'sk_test_cjs_shop' });
momo
  .createSession({
    total: 5000,
    currency: 'xaf',
    accountId: 'acct_cjs',
    successUrl: 'https://shop.example/ok',
    cancelUrl: 'https://shop.example/cart',
    metadata: {},
    items: [{ productId: 'prt_rice', quantity: 1, price: 5000, productName: 'Riz' }],
  })
  .then(async (session) => {
    const intent = await momo.getIntent(session.paymentIntentId);
    const refused = await momo.getIntent('pi_unknown').catch((error) => isApiError(error) && error.status);
    console.log(JSON.stringify({ url: session.url, intentAmount: intent.amount, refused }));
  });
