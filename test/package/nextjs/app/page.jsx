// app/page.jsx — a Server Component: the key stays here
import { createClient } from 'momo-checkout';
import { Checkout } from './checkout';

export const dynamic = 'force-dynamic'; // a new payment per visit

export default async function Page() {
  const momo = createClient({ baseUrl: process.env.MOMO_API_BASE, token: process.env.MOMO_SECRET_KEY });
  const intent = await momo.createIntent({ amount: 15000, currency: 'xaf', metadata: { order: 'N-1' } });
  return <Checkout intentId={intent.intent_id} clientSecret={intent.client_secret} apiBase={process.env.MOMO_API_BASE} />;
}
