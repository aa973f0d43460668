// What a bundle lends the screens' part (./screens.part.ts): the bindings the part imports from the
// shared modules, so that it runs with the lender's Preact, context and formats rather than copies,
// and (`rules`) where the part's styles go in a shell that says so (the widget: each shadow root).
// In the hosted page's and widget.js's builds, scripts/vite/lazy-parts.ts (lazyScreens) writes this
// module from what the part imports; elsewhere (the tests, development) no part is loaded and
// nothing is lent.
/** The global the lent bindings are in while the part runs (what the part reads its imports from). */
export const LENT_GLOBAL = '__momoCheckoutLent';

export function lend(_rules?: (css: string) => void): void {}
