// How the screens after the form show each payment method, by `type` (./views.ts is the form's side).
import type { MethodView } from '.';
import { momoScreenViews } from './momo/screen-views';

const SCREEN_VIEWS = { momo: momoScreenViews } satisfies Record<MethodView['type'], unknown>;

/** What the screens after the form show of an attempt paid with `view`'s method. */
export const screenViewsOf = (view: MethodView) => SCREEN_VIEWS[view.type];
