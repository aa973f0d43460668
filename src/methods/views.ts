// How the screens show each payment method, by `type` (see ./index.ts for the model's side).
import type { MethodView } from '.';
import { momoViews } from './momo/views';

/** The views of the method the form offers. */
export const METHOD_VIEWS = momoViews;

/** The views that show an attempt of this method. */
export const viewsOf = (_view: MethodView) => momoViews;
