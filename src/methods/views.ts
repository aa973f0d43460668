// How the screens show each payment method, by `type` (./index.ts is the model's side).
import type { MethodView } from '.';
import { momoViews } from './momo/views';

const VIEWS = { momo: momoViews } satisfies Record<MethodView['type'], unknown>;

/** The views of the method the form offers. */
export const METHOD_VIEWS = VIEWS.momo;

/** The views that show an attempt paid with `view`'s method. */
export const viewsOf = (view: MethodView) => VIEWS[view.type];
