// What the hosted page lends its screens' part (./screens.part.ts): the bindings the part imports
// from the page's shared modules, so that it runs with the page's Preact, context and formats rather
// than copies. In the page's build, scripts/vite/lazy-parts.ts (lazyScreens) writes this module
// from what the part imports; elsewhere (the tests, development) no part is loaded and nothing is lent.
export function lend(): void {}
