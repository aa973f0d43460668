// How the model reaches its sending half (./send): imported, as here, by the tests, development and
// widget.mjs. The hosted page's and widget.js's builds put the screens' part in this module's place
// (scripts/vite/lazy-screens.ts): the sending half comes with the screens after the form, fetched at
// the payer's first touch of the form, out of the first load.
import { createSending } from './send';

/** The sending half, once it is here (a rejected promise: it could not be fetched; asked again, it is fetched again). */
export const loadSending = (): Promise<typeof createSending> => Promise.resolve(createSending);
