// app/checkout.jsx — a client component: it holds the callbacks, the page passes it only data
'use client';
import { useState } from 'react';
import { MomoCheckout } from 'momo-checkout/react';

export function Checkout({ intentId, clientSecret, apiBase }) {
  const [paid, setPaid] = useState(null);
  if (paid) return <p>Merci ! Paiement reçu : {paid}</p>;
  return (
    <MomoCheckout intentId={intentId} clientSecret={clientSecret} apiBase={apiBase} lang="fr" onSucceeded={(detail) => setPaid(detail.chargeId ?? detail.intentId)}>
      <p>Chargement du paiement…</p>
    </MomoCheckout>
  );
}
