// The French messages of the screens after the form a payment that goes through shows (waiting,
// the steps' headings, the receipt); the other outcomes' are ./fr-outcomes.ts. Every build has them in its French catalogue (./fr.ts) but the hosted page's and
// widget.js's, whose screens' part (src/hosted/screens.part.ts) brings them when it arrives, out of
// the first load: the part, one for both, has what either surface shows (see ../components/surface.ts).
import { IN_PAGE, IN_WIDGET } from '../components/surface';
import type { Catalogue } from './messages';

export const frScreens = {
  // The form's words that only the sending half says (src/checkout/send.ts), which comes with this part.
  'error.rateLimited': 'Trop de tentatives. Patientez {seconds} secondes puis réessayez.',
  'error.notSent':
    'Votre demande de paiement n’est pas passée : aucun débit ne nous est parvenu pour l’instant. Vérifiez votre connexion et réessayez.',

  'pending.heading': 'Validez le paiement sur votre téléphone',
  'pending.body':
    'Nous avons envoyé une demande de paiement de {amount} au {phone}. Ouvrez {operator} sur votre téléphone et confirmez avec votre code secret.',
  'pending.payee': 'Paiement de {amount} à {merchant}',
  'pending.bodyUnknown': 'Une demande de paiement de {amount} attend votre validation sur votre téléphone.',
  'pending.ussd': 'Pas de message ? Composez le {ussd} sur votre téléphone pour voir les paiements en attente.',
  'rescue.title': 'Toujours pas de demande sur votre téléphone ?',
  'rescue.dial': 'Validez le paiement depuis le menu {wallet} :',
  'rescue.dialLink': 'composer le {ussd}',
  'rescue.menu': 'Ouvrez le menu {wallet} de votre téléphone : le paiement en attente peut y être validé.',
  'rescue.resend':
    'Sinon, cette demande expire à {time} ; vous pourrez alors renvoyer une demande, sans risque d’être débité deux fois.',
  'rescue.resendLater':
    'Sinon, quand cette demande aura expiré, vous pourrez renvoyer une demande, sans risque d’être débité deux fois.',
  'pending.waiting': 'En attente de votre validation…',
  'pending.timeLeft': 'Temps restant pour valider : {time}',
  'pending.checkNow': 'J’ai validé — vérifier maintenant',
  'pending.checking': 'Vérification…',
  'pending.resendLater':
    'Pas de demande, ou mauvais numéro ? Quand celle-ci aura expiré, vous pourrez en envoyer une nouvelle, à ce numéro ou à un autre.',
  'pending.offline': 'Connexion perdue. Nous vérifierons votre paiement dès que vous serez de nouveau en ligne.',

  'succeeded.heading': 'Paiement réussi',
  'succeeded.body': 'Merci ! Votre paiement de {amount} a bien été reçu.',
  'succeeded.amount': 'Montant',
  'succeeded.payee': 'Payé à',
  'succeeded.operator': 'Payé avec',
  'succeeded.phone': 'Numéro',
  'succeeded.reference': 'Référence',
  'succeeded.date': 'Date',
  'succeeded.emailed': 'Si le marchand envoie des reçus, le vôtre partira à {email}.',
  'succeeded.support': 'Une question sur votre commande ? Contactez {merchant} : {contact}',
  'succeeded.copy': 'Copier le reçu',
  'succeeded.copied': 'Reçu copié.',
  'succeeded.copyManual': 'La copie n’est pas permise ici : sélectionnez le texte ci-dessous pour le copier.',
  'succeeded.byOther': 'Payé par un proche, depuis son propre téléphone.',
  'handoff.heading': 'Un proche paie pour vous',
  'elsewhere.heading': 'Quelqu’un paie déjà sur un autre téléphone',
  'elsewhere.body':
    'Un paiement de {amount} attend d’être validé sur un autre téléphone. Cette page affichera le reçu une fois le paiement effectué, ou de nouveau le formulaire s’il n’aboutit pas.',
  'elsewhere.waiting': 'En attente de l’autre téléphone…',
  'handoff.check': 'Vérifier maintenant',
  'succeeded.share': 'Partager le reçu',
  // The lasting receipt link (src/components/KeepLink.tsx).
  'receipt.keep': 'Garder un lien vers ce reçu',
  'receipt.keepHint':
    'Ce lien montre l’état et le reçu de ce paiement, même après la fermeture de cette page. Toute personne qui l’a peut les voir.',
  'receipt.copyLink': 'Copier le lien',
  'receipt.copied': 'Lien copié.',
  'receipt.failed': 'Le lien n’a pas pu être créé. Vérifiez votre connexion et réessayez.',

  'step.wait': 'Votre opérateur traite le paiement.',
  'step.failed': 'Cette étape n’a pas pu se charger. Vérifiez votre connexion et réessayez.',
  'step.retry': 'Réessayer',
  'pending.checked': 'Pas encore validé (vérifié à {time}).',
  'pending.otherWallet':
    'Payer avec un autre opérateur ? Cette demande expire à {time} ; vous pourrez alors en choisir un autre.',
  'pending.otherWalletLater':
    'Payer avec un autre opérateur ? Quand cette demande aura expiré, vous pourrez en choisir un autre.',
  'pending.wrongNumber':
    'Mauvais numéro ? Cette demande expire à {time} ; vous pourrez alors en envoyer une nouvelle à un autre numéro.',
  // Said on the form only after a failed attempt's screen (from its buttons, which are this part's):
  // the same number and wallet may be refused again for a few minutes.
  'form.repeat':
    '{wallet} peut refuser le même montant depuis le même numéro quelques minutes après un essai. Dans ce cas, patientez quelques minutes ou utilisez un autre numéro.',

  // What only the widget shows (Done once paid): left out of the hosted page's build, whose
  // checkout is never given an onClose (src/components/surface.ts).
  ...((IN_PAGE ? null : { 'succeeded.done': 'Terminé' }) as { 'succeeded.done': 'Terminé' }),
  // What only the hosted page shows (the way back to a session's successUrl): left out of the widget's files.
  ...((IN_WIDGET
    ? null
    : {
        'succeeded.returning': 'Retour chez le marchand dans {seconds} s…',
        'succeeded.returnNow': 'Revenir chez le marchand maintenant',
      }) as {
    'succeeded.returning': 'Retour chez le marchand dans {seconds} s…';
    'succeeded.returnNow': 'Revenir chez le marchand maintenant';
  }),
} satisfies Partial<Catalogue>;
