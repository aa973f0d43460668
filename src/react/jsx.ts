// `<momo-checkout>` written directly in React 19 TSX: its attributes and `on…` event props, typed.
// (Prefer <MomoCheckout>: React 19 attaches the `on…` props only after the first re-render of a
// server-rendered page, so a payment made before it would go unheard.)
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { MomoCheckoutElement, MomoCheckoutEventMap } from '../widget/types';

type EventProps = {
  [K in keyof MomoCheckoutEventMap as `on${K}`]?: ((event: MomoCheckoutEventMap[K]) => void) | undefined;
};

export interface MomoCheckoutElementProps
  extends DetailedHTMLProps<HTMLAttributes<MomoCheckoutElement>, MomoCheckoutElement>,
    EventProps {
  intent: string;
  'client-secret': string;
  'api-base'?: string | undefined;
  /** Present (`isolated` or `isolated=""`): the checkout in a frame of the checkout's origin. */
  isolated?: '' | boolean | undefined;
  class?: string | undefined;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'momo-checkout': MomoCheckoutElementProps;
    }
  }
}
