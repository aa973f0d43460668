// The payment methods the checkout offers, by `payment_method_data.type`: today mobile money alone.
// A second method is a folder beside ./momo and its line here and in ./views.ts; with several,
// the form offers the ones an intent allows (`payment_method_types`) and these types widen to
// unions, discriminated by `type`.
import { momo, type MomoValues, type MomoView } from './momo/method';

const METHODS = { momo };

/** The method the form offers. */
export const METHOD = METHODS.momo;

export type MethodValues = MomoValues;
export type MethodView = MomoView;

/** The method an intent read says the latest attempt paid with, if this checkout knows it. */
export const methodOf = (type: string) =>
  Object.hasOwn(METHODS, type) ? METHODS[type as keyof typeof METHODS] : undefined;
