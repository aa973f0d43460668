// The screens after the form: waiting for the payer, the outcomes of an attempt, the receipt.
// widget.js (and the tests, the prerender) has them built in, as imported here. The hosted page's
// build puts stand-ins in this module's place (src/hosted/lazy-screens.tsx, by
// scripts/vite/lazy-parts.ts): the screens themselves, their styles (./screens.css) and their French
// messages are a part of their own (src/hosted/screens.part.ts, dist/steps/screens.js), out of the
// first load every payer waits for, fetched at the payer's first touch of the form.
export { Pending } from './Pending';
export { Receipt } from './Receipt';
export { Canceled, Failed, Unknown } from './Results';
// "Someone else pays": the screen once the payment is handed on (its offer is the form's: ./HandOffOffer.tsx).
export { HandOff } from './HandOff';
// Another phone's attempt under way, of which nothing is shown.
export { Elsewhere } from './Elsewhere';
// The error screens only an attempt brings, whose messages are the part's (src/i18n/fr-screens.ts).
export { AttemptError } from './Outcome';
