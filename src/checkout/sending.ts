// How the model reaches its sending half (./send) and its following of an attempt (./following):
// imported, as here, by the tests, development and widget.mjs. The hosted page's and widget.js's builds put the screens' part in this module's place
// (scripts/vite/lazy-screens.ts): the sending half comes with the screens after the form, fetched at
// the payer's first touch of the form, out of the first load; the following with them (an attempt
// is followed only once it was sent, or on a screen that is the part's).
import { createFollowing } from './following';
import { createSending } from './send';

/** The sending half, once it is here (a rejected promise: it could not be fetched; asked again, it is fetched again). */
export const loadSending = (): Promise<typeof createSending> => Promise.resolve(createSending);

/**
 * The following of an attempt, once it is here (rejected as loadSending is). `whenHere`: fetches
 * nothing, never fails, and resolves once the part arrives, whoever fetched it (a stand-in's retry).
 */
export const loadFollowing = (_whenHere?: boolean): Promise<typeof createFollowing> => Promise.resolve(createFollowing);
