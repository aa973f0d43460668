// dist/steps/outcomes.js: what a payment that goes through never shows — the outcomes other than the
// receipt (failed, unknown, canceled), the error screens only an attempt brings, the form's notices
// of wallets not up — and their French messages, out of the screens' part (./screens.part.ts),
// which fetches it when one of them is first shown (its stand-ins: ./lazy-screens.tsx). Its styles
// are the screens' part's. Built by scripts/vite/lazy-screens.ts: what it imports from the modules
// it does not own (Preact, the messages' context, the waiting screen's "check now", the methods'
// views) the screens' part lends (./lent.ts), not a copy.
import { AttemptError } from '../components/Outcome';
import { Canceled, Failed, Unknown } from '../components/Results';
import { frOutcomes } from '../i18n/fr-outcomes';
import { WalletNotices } from '../methods/momo/health';
import { registerPart } from '../parts/register';

const outcomes = { Failed, Unknown, Canceled, AttemptError, WalletNotices, messages: frOutcomes };
/** What the part brings. */
export type Outcomes = typeof outcomes;

registerPart('outcomes', outcomes);
