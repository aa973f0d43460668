// dist/steps/screens.js: the screens after the form (src/components/screens.ts), their styles (all
// of them: ./outcomes.part.ts brings none) and their French messages, and the model's sending half (src/checkout/send.ts) and following (src/checkout/following.ts), out of the first load of the hosted page and of widget.js. Each fetches it
// at the payer's first touch of the form, or at once when it opens on one of those screens
// (./lazy-screens.tsx). Built by scripts/vite/lazy-parts.ts (lazyScreens): what it imports from the
// shared modules (Preact, the messages' context, the formats, the methods' views) is the lender's
// own (the page's or widget.js's: ./lent.ts), not a copy.
import { createFollowing } from '../checkout/following';
import { createSending } from '../checkout/send';
import css from '../components/screens.css?inline';
import { Elsewhere, HandOff, Pending, Receipt } from '../components/screens';
import { frScreens } from '../i18n/fr-screens';
import { registerPart } from '../parts/register';
import { lazyPart } from './lazy-screens';
import { LENT_GLOBAL, lendOutcomes } from './lent';
import type { Outcomes } from './outcomes.part';

/**
 * The screens' rules, at the end of the page's own stylesheet (the one its HTML carries): no
 * request, and no <style> element, which the page's CSP (style-src by hash) would refuse. A rule
 * this engine cannot parse is left out, as it would be from a stylesheet.
 */
function addRules(text: string): void {
  const sheet = document.styleSheets[document.styleSheets.length - 1] as CSSStyleSheet;
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && !--depth) {
      try {
        sheet.insertRule(text.slice(start, i + 1), sheet.cssRules.length);
      } catch {
        // Not for this engine.
      }
      start = i + 1;
    }
  }
}

// Where the shell that lent this part wants its styles (the widget: in each shadow root, ./lent.ts);
// else (the hosted page) at the end of the page's own stylesheet.
((self as unknown as Record<typeof LENT_GLOBAL, { rules?: typeof addRules }>)[LENT_GLOBAL].rules || addRules)(css);
// What a payment that goes through never shows (the other outcomes, the error screens an attempt
// brings, the notices of wallets not up) is a part of its own, dist/steps/outcomes.js: fetched as
// one of them is first shown, through stand-ins (the page's own: ./lazy-screens.tsx, borrowed).
const outcomes = lazyPart<Outcomes>('outcomes', lendOutcomes);
registerPart('screens', {
  Pending,
  Receipt,
  HandOff,
  Elsewhere,
  Failed: outcomes.screen('Failed'),
  Unknown: outcomes.screen('Unknown'),
  Canceled: outcomes.screen('Canceled'),
  AttemptError: outcomes.screen('AttemptError'),
  // The form's notices of wallets not up (src/methods/momo/health.tsx): nothing until they are here.
  WalletNotices: outcomes.screen('WalletNotices'),
  messages: frScreens,
  // The model's sending half (src/checkout/sending.ts): what a press of Pay sends.
  createSending,
  // Its following of an attempt, once sent or on a screen of this part (src/checkout/sending.ts).
  createFollowing,
});
