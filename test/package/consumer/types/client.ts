// The API client on a merchant's server, as TypeScript sees it.
import { ApiError, createClient, createSession, isApiError, type ApiErrorKind, type PaymentIntent, type Session, type SessionRequest } from 'momo-checkout';
import { exact, notAny } from './expect.js';

const momo = createClient({ baseUrl: 'http://127.0.0.1:12111', token: 'sk_test_shop', timeoutMs: 10_000 });

export async function checkout(): Promise<string> {
  const session = await momo.createSession(
    {
      total: 12_500,
      currency: 'xaf',
      accountId: 'acct_123',
      successUrl: 'https://shop.example/thanks?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://shop.example/cart',
      metadata: { order: 'A-17' },
      items: [{ productId: 'prt_wax', quantity: 1, price: 12_500, productName: 'Pagne wax' }],
    },
    { idempotencyKey: 'checkout-A-17' },
  );
  exact<typeof session, Session>();
  exact<typeof session.url, string>();
  notAny(session.items[0]?.price);

  const intent = await momo.getIntent(session.paymentIntentId);
  exact<typeof intent, PaymentIntent>();
  exact<typeof intent.amount, number>();
  notAny(intent.last_payment_error);
  // Statuses are literals: a misspelt one does not compile.
  // @ts-expect-error 'succeded' is no status of an intent
  if (intent.status === 'succeded') return '';
  // @ts-expect-error 'completed' is no status of a session
  if (session.status === 'completed') return '';
  return session.url;
}

export function kindOf(error: unknown): ApiErrorKind | 'other' {
  if (isApiError(error)) {
    exact<typeof error, ApiError>();
    return error.kind;
  }
  return error instanceof ApiError ? error.kind : 'other';
}

const request: SessionRequest = {
  total: 1000,
  currency: 'xaf',
  accountId: 'acct_1',
  successUrl: 'https://s.example/ok',
  cancelUrl: 'https://s.example/no',
  metadata: {},
  items: [],
};
void createSession({ baseUrl: 'http://127.0.0.1:12111' }, request);

// Wrong options fail to compile.
// @ts-expect-error baseUrl is required
createClient({ token: 'sk_test_shop' });
// @ts-expect-error items are required
void momo.createSession({ total: 1000, currency: 'xaf', accountId: 'acct_1', successUrl: 'https://s.example', cancelUrl: 'https://s.example', metadata: {} });
// @ts-expect-error a price is a number
void momo.createSession({ ...request, items: [{ productId: 'prt_a', quantity: 1, price: '1000', productName: 'Riz' }] });
// @ts-expect-error no such operation
void momo.refund('pi_1');
