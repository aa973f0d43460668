'use client';
// The client wrapper: a Server Component cannot pass event handlers (onSucceeded) to a Client
// Component, so this one holds them, and the page passes it only data.
import { useState } from 'react';
import { MomoCheckout } from 'momo-checkout/react';

export function Checkout({ intentId, clientSecret, apiBase }) {
  const [paid, setPaid] = useState(null);
  if (paid) return <p id="paid">Merci ! Paiement reçu : {paid}</p>;
  return (
    <MomoCheckout intentId={intentId} clientSecret={clientSecret} apiBase={apiBase} lang="fr" onSucceeded={(detail) => setPaid(detail.chargeId ?? detail.intentId)}>
      <p>Chargement du paiement…</p>
    </MomoCheckout>
  );
}
