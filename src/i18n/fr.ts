import { IN_PAGE, IN_WIDGET, SCREENS_APART } from '../components/surface';
import { frOutcomes } from './fr-outcomes';
import { frScreens } from './fr-screens';
import type { Catalogue, PlainCatalogue } from './messages';

export const fr = {
  'lang.label': 'Langue',

  'page.title': 'Paiement sécurisé',
  'page.test': 'TEST',
  // What only the widget shows (its dialog's close button here, Done once paid in ./fr-screens): left out of
  // the hosted page's build, whose checkout is never given an onClose (src/components/surface.ts).
  ...((IN_PAGE ? null : { 'dialog.close': 'Fermer' }) as { 'dialog.close': 'Fermer' }),
  'summary.total': 'Total à payer',
  'summary.paid': 'Total payé',
  'summary.items': 'Votre commande',

  loading: 'Chargement de votre paiement…',

  'form.heading': 'Payer par mobile money',
  'form.firstName': 'Prénom',
  'form.lastName': 'Nom',
  'form.email': 'E-mail pour votre reçu',
  'form.country': 'Pays',
  'country.cg': 'Congo-Brazzaville',
  'country.cm': 'Cameroun',
  'country.ga': 'Gabon',
  'country.td': 'Tchad',
  // Its short name, as payers say it: the long one does not fit a country list on a 240 px phone.
  'country.cf': 'Centrafrique',
  'country.gq': 'Guinée équatoriale',
  'country.sn': 'Sénégal',
  'country.ci': 'Côte d’Ivoire',
  'country.ml': 'Mali',
  'country.bf': 'Burkina Faso',
  'country.bj': 'Bénin',
  'country.tg': 'Togo',
  'country.ne': 'Niger',
  'country.gw': 'Guinée-Bissau',
  'form.operator': 'Opérateur mobile money',
  'form.operatorDetected': 'Détecté à partir de votre numéro',
  'form.phone': 'Numéro mobile money',
  'form.phoneHint': 'La demande à valider arrivera sur ce numéro.',
  'form.pay': 'Payer {amount}',
  'form.paying': 'Envoi de la demande…',
  'form.fixErrors': 'Veuillez corriger les champs signalés.',
  'form.cancel': 'Annuler et revenir chez le marchand',
  'handoff.offer': 'Faire payer un proche',
  'form.secure': 'Votre numéro ne sert qu’à ce paiement.',

  'error.firstName.empty': 'Saisissez votre prénom.',
  'error.firstName.invalid': 'Utilisez uniquement des lettres (accents, traits d’union et apostrophes acceptés).',
  'error.lastName.empty': 'Saisissez votre nom.',
  'error.lastName.invalid': 'Utilisez uniquement des lettres (accents, traits d’union et apostrophes acceptés).',
  'error.name.tooLong': 'Saisissez au plus {max} caractères.',
  'error.email.empty': 'Saisissez une adresse e-mail pour recevoir votre reçu.',
  'error.email.invalid': 'Saisissez une adresse e-mail valide, par exemple nom@exemple.com.',
  'error.operator.empty': 'Choisissez votre opérateur mobile money.',
  'error.phone.empty': 'Saisissez votre numéro mobile money.',
  'error.phone.too_short': 'Ce numéro est trop court.',
  'error.phone.too_long': 'Ce numéro est trop long.',
  'error.phone.invalid': 'Ce numéro n’est pas un numéro mobile valide pour ce pays ({country}).',
  'error.phone.other_network':
    'Ce numéro est sur le réseau {network}, non desservi par {wallet}. Vérifiez le numéro ou choisissez un autre opérateur.',

  // The screens after the form (waiting, outcomes, receipt): the hosted page's and widget.js's
  // builds bring them with those screens' parts (src/hosted/screens.part.ts, and for what a payment
  // that goes through never shows src/hosted/outcomes.part.ts), out of their first load.
  ...((SCREENS_APART ? null : frScreens) as typeof frScreens),
  ...((SCREENS_APART ? null : frOutcomes) as typeof frOutcomes),

  'error.heading': 'Un problème est survenu',
  'error.retry': 'Réessayer',
  'error.network': 'Impossible de joindre le service de paiement. Vérifiez votre connexion et réessayez.',
  'error.server': 'Le service de paiement rencontre un problème. Réessayez dans un instant.',
  'error.invalidResponse': 'Le service de paiement a envoyé une réponse incompréhensible. Réessayez dans un instant.',
  'error.notFound': 'Ce paiement est introuvable. Demandez un nouveau lien de paiement au marchand.',
  'error.badLink':
    'Ce lien de paiement est incomplet. Rouvrez le lien reçu en entier\u00a0: il reste valable. Ne payez pas deux fois.',
  'error.badSecret': 'Ce lien de paiement n’est pas valide. Demandez un nouveau lien de paiement au marchand.',
  'error.expired': 'Ce lien de paiement a expiré. Demandez-en un nouveau au marchand.',
  'error.canceled': 'Ce paiement a été annulé par le marchand.',
  'error.sessionUnavailable':
    'Cette commande ne peut pas être affichée ici. Demandez au marchand un lien de paiement direct.',
  'error.tooManyAttempts': 'Ce paiement a échoué trop de fois. Demandez un nouveau lien de paiement au marchand.',
  'error.unknownStatus':
    'Nous ne pouvons pas connaître l’état de ce paiement pour le moment. Ne payez pas une deuxième fois ; vérifiez à nouveau dans un instant.',
  'error.checkStatus': 'Vérifier l’état du paiement',
  // What only the hosted page shows (a session's items): left out of the widget's files, whose code
  // never asks for it (src/components/surface.ts).
  ...((IN_WIDGET ? null : { 'summary.quantity': '{quantity}\u00a0×\u00a0{price}' }) as {
    'summary.quantity': '{quantity}\u00a0×\u00a0{price}';
  }),
} satisfies Catalogue;

// The pages without JavaScript's own words (src/server/plain-pages.ts): never in a bundle nor in fr.json.
export const frPlain = {
  // Between a label and its value ("Total payé : 5 000 FCFA").
  colon: '\u00a0: ',
  due: 'à payer',
  to: 'à',
  expired:
    'Ce formulaire a expiré ou n’est plus valable. Vérifiez vos informations et appuyez de nouveau sur Payer : rien n’a été envoyé.',
  check: 'Vérifiez le montant et vos informations, puis appuyez sur Payer : rien n’a encore été envoyé.',
  stuck: 'La page de paiement n’a pas pu s’ouvrir dans ce navigateur : payez avec ce formulaire simple.',
  again: 'Réessayer la page de paiement complète',
  autoDetect: 'D’après mon numéro',
  // A payment link's pages (src/server/link-pages.ts).
  linkHeading: 'Payer {merchant}',
  linkNoName: 'Payer par mobile money',
  linkAmountLabel: 'Montant à payer, de {min} à {max}',
  linkAmountError: 'Saisissez un montant entier de {min} à {max}.',
  linkContinue: 'Continuer vers le paiement',
  linkClosed: 'Ce lien n’accepte plus de paiements',
  linkExpired: 'Il a expiré le {date}.',
  linkFull: 'Il a reçu tous les paiements pour lesquels il a été créé.',
  linkInactive: 'Le vendeur l’a fermé.',
  linkContact: 'Contactez le vendeur pour payer autrement :',
  linkAskNew: 'Demandez au vendeur un nouveau lien de paiement.',
  linkNotFound: 'Ce lien de paiement n’existe pas. Vérifiez l’adresse ou demandez au vendeur un nouveau lien.',
  linkScan: 'Scannez avec votre téléphone pour payer',
  linkPrint: 'Imprimez cette page (Ctrl+P, ou Partager puis Imprimer sur un téléphone) et affichez-la à votre étal.',
  linkChoose: 'Montant au choix : de {min} à {max}',
  linkQrAlt: 'Code QR du lien de paiement',
  // A lasting receipt link's page (src/server/receipt-page.ts).
  receiptTitle: 'Reçu de paiement',
  receiptStatus: 'État',
  receiptPayee: 'Bénéficiaire',
  receiptPaid: 'Payé',
  receiptPending: 'En attente',
  receiptNotPaid: 'Non payé',
  receiptPendingHeading: 'Paiement en attente',
  receiptPendingNote:
    'En attente ne veut pas dire échoué\u00a0: {wallet} peut mettre jusqu’à {duration} pour confirmer un paiement, parfois plus. Ne payez pas une seconde fois\u00a0: cette page affiche le résultat dès qu’il est connu.',
  receiptYourWallet: 'votre portefeuille mobile',
  receiptNoAttempt: 'Aucun paiement n’a encore été fait.',
  receiptTryAgain: 'Pour payer ou réessayer, rouvrez le lien de paiement du marchand.',
  receiptContact: 'Une question sur ce paiement\u00a0? Contactez {merchant}\u00a0:',
  receiptNotFoundHeading: 'Reçu introuvable',
  receiptNotFound: 'Ce lien de reçu n’est pas valable. Vérifiez qu’il a été copié en entier, ou demandez au marchand.',
  receiptFollow: 'Mettre cette page à jour toute seule toutes les {seconds} secondes',
  receiptStopFollow: 'Arrêter les mises à jour',
  receiptKeep: 'Garder un lien vers ce reçu',
  receiptKeepHint:
    'Il montre l’état et le reçu de ce paiement, même après la fermeture de cette page. Toute personne qui a le lien peut les voir.',
  refreshing: 'Cette page se met à jour toute seule.',
  checkNow: 'Vérifier maintenant',
  back: 'Retour au formulaire',
  refused:
    'Ce formulaire n’a pas été envoyé depuis cette page de paiement : rien n’a été payé. Rouvrez le lien de paiement.',
} satisfies PlainCatalogue;
