// What a bundle lends a part of screens: the bindings the part imports from the modules it does not
// own, so that it runs with the lender's Preact, context and formats rather than copies. The page
// (and widget.js) lends the screens' part (./screens.part.ts) — and (`rules`) where the part's
// styles go in a shell that says so (the widget: each shadow root); the screens' part lends the
// rarer screens' part (./outcomes.part.ts). Each build writes this module from what its part
// imports (scripts/vite/lazy-screens.ts, lazy-outcomes.ts); elsewhere (the tests, development) no
// part is loaded and nothing is lent.
/** The global the lent bindings are in while the screens' part runs (what the part reads its imports from). */
export const LENT_GLOBAL = '__momoCheckoutLent';
/** The same for the rarer screens' part. */
export const LENT_OUTCOMES_GLOBAL = '__momoCheckoutLentOutcomes';

export function lend(_rules?: (css: string) => void): void {}

export function lendOutcomes(): void {}
