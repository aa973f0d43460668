// `momo-checkout/react`: the checkout as a React component, and `<momo-checkout>` typed in TSX.
export { MomoCheckout, type MomoCheckoutProps } from './MomoCheckout';
export type { MomoCheckoutElementProps } from './jsx';
export type { MomoCheckoutCallback, MomoCheckoutElement, MomoCheckoutEventDetail } from '../widget/types';
