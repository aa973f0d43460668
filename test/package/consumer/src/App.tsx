// A merchant's React 19 page: rendered on the server, hydrated in the browser, told of the payment.
import { useState } from 'react';
import { MomoCheckout } from 'momo-checkout/react';

export interface AppProps {
  intentId: string;
  clientSecret: string;
  apiBase: string;
}

export function App({ intentId, clientSecret, apiBase }: AppProps) {
  const [paid, setPaid] = useState<string | null>(null);
  return (
    <main>
      <h1>Boutique Mbemba</h1>
      <p>Sac de riz 25 kg</p>
      {paid === null ? null : <p id="paid">Merci ! Paiement reçu : {paid}</p>}
      <MomoCheckout intentId={intentId} clientSecret={clientSecret} apiBase={apiBase} lang="fr" onSucceeded={(detail) => setPaid(detail.chargeId ?? detail.intentId)}>
        <p>Chargement du paiement…</p>
      </MomoCheckout>
    </main>
  );
}
