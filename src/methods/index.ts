// The payment methods the checkout offers, by `payment_method_data.type`: today mobile money alone.
// METHODS is the registry, the model's side of each method; ./views.ts (the form) and
// ./screen-views.ts (the screens after the form) hold the same keys, and the compiler refuses a
// method registered here without its views there (or views of a method that is not here). They are
// three maps, not one, because they ship in three places: this one and the form's views in
// widget.js and the hosted page's first load, the screens' views in a part the hosted page fetches
// later (src/hosted/screens.part.ts): one object naming all three would pull the screens into the
// first load. With several methods, the form offers the ones an intent allows
// (`payment_method_types`) and these types widen to unions, discriminated by `type`.
import { momo, type MomoValues, type MomoView } from './momo/method';
import type { PaymentMethod } from './types';

const METHODS = { momo };

/** The `type` of every method the checkout knows: the keys every other map of methods holds. */
export type MethodType = keyof typeof METHODS;
/** A registered method's form values and its view of an attempt, as its PaymentMethod says. */
export type ValuesOf<T extends MethodType> = (typeof METHODS)[T] extends PaymentMethod<infer V, infer _> ? V : never;
export type ViewOf<T extends MethodType> = (typeof METHODS)[T] extends PaymentMethod<infer _, infer W> ? W : never;

/** The method the form offers. */
export const METHOD = METHODS.momo;

export type MethodValues = MomoValues;
export type MethodView = MomoView;

/** The method an intent read says the latest attempt paid with, if this checkout knows it. */
export const methodOf = (type: string) =>
  Object.hasOwn(METHODS, type) ? METHODS[type as keyof typeof METHODS] : undefined;
