// The French messages of what a payment that goes through never shows: the outcomes other than the
// receipt (failed, unknown, canceled), the error screens only an attempt brings, and the form's
// notices of wallets not up. Every build has them in its French catalogue (./fr.ts) but the hosted
// page's and widget.js's, where the rarer screens' part (src/hosted/outcomes.part.ts) brings them
// with those screens, fetched only when one of them is first shown.
import { IN_WIDGET } from '../components/surface';
import type { Catalogue } from './messages';

export const frOutcomes = {
  // The form's notices of wallets not up (src/methods/momo/health.tsx).
  'form.walletSlow': '{wallet} est lent en ce moment\u00a0: la validation peut prendre {minutes} minutes',
  'form.walletDown': '{wallet} ne répond pas en ce moment\u00a0: choisissez un autre portefeuille si vous en avez un',

  'unknown.heading': 'Vérification du paiement en cours',
  'unknown.body':
    'Votre opérateur ne nous a pas encore donné le résultat. Ne payez pas une deuxième fois : si le paiement a abouti, le marchand en est informé et l’historique de votre portefeuille le montre. Si le marchand envoie des reçus, le vôtre partira à {email}.',
  'unknown.bodyNoEmail':
    'Votre opérateur ne nous a pas encore donné le résultat. Ne payez pas une deuxième fois : si le paiement a abouti, le marchand en est informé et l’historique de votre portefeuille le montre.',
  'unknown.check': 'Vérifier à nouveau',

  'canceled.heading': 'Paiement annulé',
  'canceled.body': 'Vous avez quitté ce paiement. Vous pouvez y revenir à tout moment.',
  'canceled.back': 'Revenir au paiement',

  'failed.heading': 'Paiement non effectué',
  'failed.retry': 'Réessayer',
  'failed.resend': 'Renvoyer une demande au {phone}',
  'failed.changeNumber': 'Utiliser un autre numéro ou opérateur',
  'failed.noCharge': 'Aucun montant ne vous a été débité.',
  'reason.payer_declined': 'Le paiement a été refusé sur votre téléphone.',
  'reason.insufficient_funds': 'Votre solde mobile money est insuffisant pour ce paiement.',
  'reason.approval_timeout': 'La demande de paiement a expiré avant d’être validée.',
  'reason.operator_unavailable':
    'Votre opérateur ne répond pas pour le moment. Réessayez dans quelques minutes ou utilisez un autre numéro.',
  'reason.otp_invalid': 'Le code de paiement a été mal saisi trop de fois.',
  'reason.other': 'Votre opérateur a refusé le paiement.',

  // The error screens only an attempt brings (a payment that was followed and is no longer found; a
  // confirm whose fate no read could settle): shown as this part's screens are, once it is here
  // (../components/Checkout.tsx).
  'error.lost':
    'Ce paiement est devenu introuvable. Si vous l’avez validé, ne payez pas une deuxième fois : l’historique de votre portefeuille montre s’il a abouti. Sinon, demandez un nouveau lien au marchand.',
  'error.confirmUnknown':
    'Nous n’avons pas pu savoir si votre demande de paiement a été envoyée. Ne payez pas une deuxième fois : vérifiez d’abord son état.',

  // What only the hosted page shows (the way back to a session's cancelUrl): left out of the widget's files.
  ...((IN_WIDGET
    ? null
    : {
        'canceled.left':
          'Vous avez annulé ce paiement. Pour payer cette commande, revenez chez le marchand et recommencez.',
        'canceled.toMerchant': 'Revenir chez le marchand',
      }) as {
    'canceled.left': 'Vous avez annulé ce paiement. Pour payer cette commande, revenez chez le marchand et recommencez.';
    'canceled.toMerchant': 'Revenir chez le marchand';
  }),
} satisfies Partial<Catalogue>;
