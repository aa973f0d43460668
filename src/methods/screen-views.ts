// How the screens after the form show each payment method, by `type`: the keys of the registry
// (./index.ts), apart from the form's views (./views.ts) because these ship in the hosted page's
// later part (src/hosted/screens.part.ts) — the compiler refuses a method without them.
import type { MethodType, MethodView, ViewOf } from '.';
import { momoScreenViews } from './momo/screen-views';
import type { MethodScreenViews } from './types';

/** The screens' views of every registered method. */
export type EveryMethodScreenViews = { [T in MethodType]: MethodScreenViews<ViewOf<T>> };

const SCREEN_VIEWS = { momo: momoScreenViews } satisfies EveryMethodScreenViews;

/** What the screens after the form show of an attempt paid with `view`'s method. */
export const screenViewsOf = (view: MethodView) => SCREEN_VIEWS[view.type];
