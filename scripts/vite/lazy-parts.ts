// What no bundle imports, each emitted as a file of its own beside the page and widget.js, fetched
// only when wanted — one plugin per module, listed here for vite.config.ts:
//   ./catalogues.ts    the languages loaded when chosen: dist/i18n/<lang>.json, and index.html's early read of them
//   ./steps.ts         the steps and the parts of pages loaded when needed: dist/steps/<name>.js
//   ./screens-part.ts  the screens after the form's own build: what it borrows from the page
//   ./lazy-screens.ts  the screens after the form, built with the page and widget.js: dist/steps/screens.js
export { lazyCatalogues } from './catalogues.js';
export { lazyScreens } from './lazy-screens.js';
export { SCREENS_PART, screensPartExternals } from './screens-part.js';
export { lazySteps } from './steps.js';
