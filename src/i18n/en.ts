// English catalogue, the source of every key: other languages must have the same keys and the same
// `{placeholders}` (checked by the types, see ./messages, and by a test). `{name}` marks a value
// filled in at run time; the code that shows a message must give it (the types check that too).
export const en = {
  'lang.label': 'Language',

  'page.title': 'Secure payment',
  'page.test': 'TEST',
  'dialog.close': 'Close',
  'summary.total': 'Total to pay',
  'summary.paid': 'Total paid',
  'summary.items': 'Your order',
  'summary.quantity': '{quantity}\u00a0×\u00a0{price}',

  loading: 'Loading your payment…',

  'form.heading': 'Pay with mobile money',
  'form.firstName': 'First name',
  'form.lastName': 'Last name',
  'form.email': 'E-mail for your receipt',
  'form.country': 'Country',
  // The countries' names (CLDR's, as Intl.DisplayNames gives them; English: Congo-Brazzaville for
  // CLDR's "Congo - Brazzaville"): in the catalogue, because the browser's first Intl.DisplayNames
  // loads locale data for tens of milliseconds of a slow phone's startup.
  'country.cg': 'Congo-Brazzaville',
  'country.cm': 'Cameroon',
  'country.ga': 'Gabon',
  'country.td': 'Chad',
  'country.cf': 'Central African Republic',
  'country.gq': 'Equatorial Guinea',
  'country.sn': 'Senegal',
  'country.ci': 'Côte d’Ivoire',
  'country.ml': 'Mali',
  'country.bf': 'Burkina Faso',
  'country.bj': 'Benin',
  'country.tg': 'Togo',
  'country.ne': 'Niger',
  'country.gw': 'Guinea-Bissau',
  'form.operator': 'Mobile money operator',
  'form.operatorDetected': 'Detected from your number',
  'form.walletSlow': '{wallet} is slow right now: approval may take {minutes} minutes',
  'form.walletDown': '{wallet} is not answering right now: choose another wallet if you have one',
  'form.phone': 'Mobile money number',
  'form.phoneHint': 'The request to approve comes to this phone.',
  'form.pay': 'Pay {amount}',
  'form.paying': 'Sending the request…',
  'form.fixErrors': 'Please correct the highlighted fields.',
  'form.cancel': 'Cancel and return to the merchant',
  'form.secure': 'Your number is only used for this payment.',

  'error.firstName.empty': 'Enter your first name.',
  'error.firstName.invalid': 'Use letters only (accents, hyphens and apostrophes are fine).',
  'error.lastName.empty': 'Enter your last name.',
  'error.lastName.invalid': 'Use letters only (accents, hyphens and apostrophes are fine).',
  'error.name.tooLong': 'Use {max} characters at most.',
  'error.email.empty': 'Enter an e-mail address to receive your receipt.',
  'error.email.invalid': 'Enter a valid e-mail address, like name@example.com.',
  'error.operator.empty': 'Choose your mobile money operator.',
  'error.phone.empty': 'Enter your mobile money number.',
  'error.phone.too_short': 'This number is too short.',
  'error.phone.too_long': 'This number is too long.',
  'error.phone.invalid': 'This is not a valid mobile number for {country}.',
  'error.phone.other_network':
    'This number is on the {network} network, which {wallet} does not serve. Check the number or choose another operator.',
  'error.rateLimited': 'Too many attempts. Please wait {seconds} seconds and try again.',
  'error.notSent':
    'Your payment request did not get through: no charge has reached us yet. Check your connection and try again.',

  'pending.heading': 'Approve the payment on your phone',
  'pending.body':
    'We sent a payment request of {amount} to {phone}. Open {operator} on your phone and confirm with your PIN.',
  'pending.payee': 'Payment of {amount} to {merchant}',
  'pending.bodyUnknown': 'A payment request of {amount} awaits your approval on your phone.',
  'pending.ussd': 'No prompt? Dial {ussd} on your phone to see the payments waiting for you.',
  'rescue.title': 'Still no request on your phone?',
  'rescue.dial': 'Approve the payment from the {wallet} menu:',
  'rescue.dialLink': 'dial {ussd}',
  'rescue.menu': 'Open the {wallet} menu on your phone: the waiting payment can be approved there.',
  'rescue.resend':
    'Otherwise, this request expires at {time}; you can then send a new request, with no risk of being charged twice.',
  'rescue.resendLater':
    'Otherwise, once this request has expired, you can send a new request, with no risk of being charged twice.',
  'pending.waiting': 'Waiting for your approval…',
  'pending.timeLeft': 'Time left to approve: {time}',
  'pending.checkNow': 'I have approved — check now',
  'pending.checking': 'Checking…',
  'pending.resendLater':
    'No prompt, or a wrong number? When this request expires you can send a new one, to this number or another.',
  'pending.offline': 'Connection lost. We will check your payment again as soon as you are back online.',

  'unknown.heading': 'Still verifying your payment',
  'unknown.body':
    "Your operator has not told us the result yet. Do not pay again: if the payment went through, the merchant is told and your wallet's history shows it. If the merchant sends receipts, yours will go to {email}.",
  'unknown.bodyNoEmail':
    "Your operator has not told us the result yet. Do not pay again: if the payment went through, the merchant is told and your wallet's history shows it.",
  'unknown.check': 'Check again',

  'succeeded.heading': 'Payment successful',
  'succeeded.body': 'Thank you! Your payment of {amount} has been received.',
  'succeeded.amount': 'Amount',
  'succeeded.payee': 'Paid to',
  'succeeded.operator': 'Paid with',
  'succeeded.phone': 'Number',
  'succeeded.reference': 'Reference',
  'succeeded.date': 'Date',
  'succeeded.emailed': 'If the merchant sends receipts, yours will go to {email}.',
  'succeeded.returning': 'Returning to the merchant in {seconds} s…',
  'succeeded.returnNow': 'Return to the merchant now',
  'succeeded.support': 'A question about your order? Contact {merchant}: {contact}',
  'succeeded.copy': 'Copy the receipt',
  'succeeded.copied': 'Receipt copied.',
  'succeeded.copyManual': 'Copying is not allowed here: select the text below to copy it.',
  'succeeded.byOther': 'Paid by someone else, from their own phone.',
  'handoff.offer': 'Ask someone else to pay',
  'handoff.heading': 'Someone else is paying',
  // Another phone's attempt under way, of which nothing is shown (src/components/Elsewhere.tsx).
  'elsewhere.heading': 'Someone is already paying on another phone',
  'elsewhere.body':
    'A payment of {amount} is awaiting approval on another phone. This page will show the receipt once it is paid, or the form again if it does not go through.',
  'elsewhere.waiting': 'Waiting for the other phone…',
  // Their "check now": the payer approves nothing here (not pending.checkNow's "I have approved").
  'handoff.check': 'Check now',
  'succeeded.share': 'Share the receipt',
  // The lasting receipt link (src/components/KeepLink.tsx).
  'receipt.keep': 'Keep a link to this receipt',
  'receipt.keepHint':
    'This link shows the status and receipt of this payment, even after you close this page. Anyone who has it can see them.',
  'receipt.copyLink': 'Copy the link',
  'receipt.copied': 'Link copied.',
  'receipt.failed': 'The link could not be made. Check your connection and try again.',
  'succeeded.done': 'Done',

  'canceled.heading': 'Payment canceled',
  'canceled.body': 'You left this payment. You can come back to it at any time.',
  'canceled.back': 'Return to the payment',
  'canceled.left': 'You canceled this payment. To pay for this order, return to the merchant and start again.',
  'canceled.toMerchant': 'Return to the merchant',

  'failed.heading': 'Payment not completed',
  'failed.retry': 'Try again',
  'failed.resend': 'Send a new request to {phone}',
  'failed.changeNumber': 'Use another number or operator',
  'failed.noCharge': 'You have not been charged.',
  'reason.payer_declined': 'The payment was declined on your phone.',
  'reason.insufficient_funds': 'Your mobile money balance is too low for this payment.',
  'reason.approval_timeout': 'The payment request expired before it was approved.',
  'reason.operator_unavailable':
    'Your operator is not responding right now. Try again in a few minutes or use another number.',
  'step.wait': 'Your operator is processing the payment.',
  'step.failed': 'This step could not be loaded. Check your connection and try again.',
  'step.retry': 'Try again',
  'pending.checked': 'Not approved yet (checked at {time}).',
  'pending.otherWallet': 'Pay with another operator? This request expires at {time}; you can then choose another one.',
  'pending.otherWalletLater': 'Pay with another operator? Once this request has expired, you can choose another one.',
  'pending.wrongNumber': 'Wrong number? This request expires at {time}; you can then send a new one to another number.',
  'form.repeat':
    '{wallet} may refuse the same amount from the same number a few minutes after a try. If it does, wait a few minutes or use another number.',
  'reason.otp_invalid': 'The payment code was wrong too many times.',
  'reason.other': 'Your operator refused the payment.',

  'error.heading': 'Something went wrong',
  'error.retry': 'Try again',
  'error.network': 'We could not reach the payment service. Check your connection and try again.',
  'error.server': 'The payment service is having trouble. Please try again in a moment.',
  'error.invalidResponse': 'The payment service sent an answer we did not understand. Please try again in a moment.',
  'error.notFound': 'This payment could not be found. Ask the merchant for a new payment link.',
  'error.lost':
    "This payment can no longer be found. If you approved it, do not pay again: your wallet's history shows whether it went through. Otherwise, ask the merchant for a new link.",
  'error.badLink': 'Incomplete link. Reopen your whole link: it still works. Don’t pay twice.',
  'error.badSecret': 'This payment link is not valid. Ask the merchant for a new payment link.',
  'error.expired': 'This payment link has expired. Ask the merchant for a new one.',
  'error.canceled': 'This payment was canceled by the merchant.',
  'error.sessionUnavailable': 'This order cannot be shown here. Ask the merchant for a direct payment link.',
  'error.tooManyAttempts': 'This payment has failed too many times. Ask the merchant for a new payment link.',
  'error.unknownStatus':
    'We cannot tell the state of this payment right now. Do not pay again; check again in a moment.',
  'error.confirmUnknown':
    'We could not find out whether your payment request was sent. Do not pay again: check its status first.',
  'error.checkStatus': 'Check the payment status',
} as const;

// What the pages without JavaScript say besides the catalogue (src/server/plain-pages.ts): the source
// of their keys and placeholders, as `en` is of the catalogue's. Never in a bundle nor in en.json.
export const enPlain = {
  // Between a label and its value ("Total payé : 5 000 FCFA").
  colon: ': ',
  due: 'to pay',
  to: 'to',
  expired: 'This form has expired or is no longer valid. Check your details and press Pay again: nothing was sent.',
  check: 'Check the amount and your details, then press Pay: nothing has been sent yet.',
  stuck: 'The payment page could not open in this browser: pay with this simple form.',
  again: 'Try the full payment page again',
  autoDetect: 'From my number',
  // A payment link's pages (src/server/link-pages.ts).
  linkHeading: 'Pay {merchant}',
  linkNoName: 'Pay by mobile money',
  linkAmountLabel: 'Amount to pay, from {min} to {max}',
  linkAmountError: 'Enter a whole amount from {min} to {max}.',
  linkContinue: 'Continue to payment',
  linkClosed: 'This link is no longer accepting payments',
  linkExpired: 'It expired on {date}.',
  linkFull: 'It has received all the payments it was made for.',
  linkInactive: 'The seller has closed it.',
  linkContact: 'Contact the seller for another way to pay:',
  linkAskNew: 'Ask the seller for a new payment link.',
  linkNotFound: 'This payment link does not exist. Check the address, or ask the seller for a new link.',
  linkScan: 'Scan with your phone to pay',
  linkPrint: 'Print this page (Ctrl+P, or Share then Print on a phone) and display it at your stall.',
  linkChoose: 'Amount of your choice: {min} to {max}',
  linkQrAlt: 'QR code of the payment link',
  // A lasting receipt link's page (src/server/receipt-page.ts).
  receiptTitle: 'Payment receipt',
  receiptStatus: 'Status',
  // The payee row's label while not paid ("Paid to" would say it was).
  receiptPayee: 'Payee',
  receiptPaid: 'Paid',
  receiptPending: 'Pending',
  receiptNotPaid: 'Not paid',
  receiptPendingHeading: 'Payment pending',
  receiptPendingNote:
    'Pending is not failed: {wallet} can take up to {duration} to confirm a payment, sometimes longer. Do not pay again: this page shows the result as soon as it is known.',
  receiptYourWallet: 'your wallet',
  receiptNoAttempt: 'No payment has been made yet.',
  // Not paid (failed, or never attempted): the way on is the merchant's link again (nothing was taken: said before it).
  receiptTryAgain: 'To pay, or to try again, open the merchant’s payment link again.',
  receiptContact: 'A question about this payment? Contact {merchant}:',
  receiptNotFoundHeading: 'Receipt not found',
  receiptNotFound: 'This receipt link is not valid. Check that it was copied whole, or ask the merchant.',
  receiptFollow: 'Update this page by itself every {seconds} seconds',
  receiptStopFollow: 'Stop updating',
  receiptKeep: 'Keep a link to this receipt',
  receiptKeepHint:
    'It shows the status and receipt of this payment, even after you close this page. Anyone with the link can see them.',
  refreshing: 'This page updates itself.',
  checkNow: 'Check now',
  back: 'Back to the form',
  refused: 'This form was not sent from this payment page: nothing was paid. Open the payment link again.',
} as const;
