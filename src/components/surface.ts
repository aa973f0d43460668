// Whether this is widget.js (or widget.mjs/.cjs): vite.config.ts defines __MOMO_WIDGET__ in each
// build. The widget takes an intent, never a checkout session: what only a session shows (its
// items, the way back to its successUrl) is then code no payer of the widget runs, left out of
// widget.js by the minifier. Where nothing defines it (the tests, the prerender) it is the page's.
export const IN_WIDGET: boolean = typeof __MOMO_WIDGET__ !== 'undefined' && __MOMO_WIDGET__;

/** Whether this is the hosted page's build (vite.config.ts defines __MOMO_WIDGET__ false there): what
 * only the widget shows (its dialog's close and Done) is then left out. Nowhere else (the tests, the
 * prerender, the screens' part that the page and widget.js both load) is it the page's build alone. */
export const IN_PAGE: boolean = typeof __MOMO_WIDGET__ !== 'undefined' && !__MOMO_WIDGET__;

/** Whether the screens after the form are a part of their own, loaded later (the hosted page's and
 * widget.js's builds: scripts/vite/lazy-parts.ts): their French messages come with it, and the
 * shell fetches it. Not in widget.mjs, the tests or the prerender, which have them built in. */
export const SCREENS_APART: boolean = typeof __MOMO_SCREENS_APART__ !== 'undefined' && __MOMO_SCREENS_APART__;
