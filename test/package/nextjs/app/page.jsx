// A Server Component: it creates the payment with the secret key (never sent to the browser) on
// each request, and renders the client wrapper with the intent's id and client secret.
import { createClient } from 'momo-checkout';
import { Checkout } from './checkout';

export const dynamic = 'force-dynamic';

export default async function Page() {
  const momo = createClient({ baseUrl: process.env.MOMO_API_BASE, token: process.env.MOMO_SECRET_KEY });
  const intent = await momo.createIntent({ amount: 15000, currency: 'xaf', metadata: { order: 'N-1' } });
  return (
    <main>
      <h1>Boutique Mbemba</h1>
      <Checkout intentId={intent.intent_id} clientSecret={intent.client_secret} apiBase={process.env.MOMO_API_BASE} />
    </main>
  );
}
