// How the form shows each payment method, by `type`: the keys of the registry (./index.ts), each
// method's views of its own values — the compiler refuses a method without them.
import type { MethodType, MethodView, ValuesOf, ViewOf } from '.';
import { momoViews } from './momo/views';
import type { MethodViews } from './types';

/** The form's views of every registered method. */
export type EveryMethodViews = { [T in MethodType]: MethodViews<ValuesOf<T>, ViewOf<T>> };

const VIEWS = { momo: momoViews } satisfies EveryMethodViews;

/** The views of the method the form offers. */
export const METHOD_VIEWS = VIEWS.momo;

/** The views that show an attempt paid with `view`'s method. */
export const viewsOf = (view: MethodView) => VIEWS[view.type];
