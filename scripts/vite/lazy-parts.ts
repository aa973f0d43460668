// What no bundle imports, each emitted as a file of its own beside the page and widget.js, fetched
// only when wanted — one plugin per module, listed here for vite.config.ts:
//   ./catalogues.ts    the languages loaded when chosen: dist/i18n/<lang>.json, and index.html's early read of them
//   ./steps.ts         the steps and the parts of pages loaded when needed: dist/steps/<name>.js
//   ./screens-part.ts  the screens after the form's own build: what it borrows from the page
//   ./lazy-screens.ts  the screens after the form, built with the page and widget.js: dist/steps/screens.js
//   ./lazy-outcomes.ts what a payment that goes through never shows, built with the screens' part: dist/steps/outcomes.js
export { lazyCatalogues } from './catalogues.js';
export { lazyOutcomes, outcomesPartExternals } from './lazy-outcomes.js';
export { lazyScreens } from './lazy-screens.js';
export { OUTCOMES_PART, SCREENS_PART, screensPartExternals } from './screens-part.js';
export { lazySteps } from './steps.js';
