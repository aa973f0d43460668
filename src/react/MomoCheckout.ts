// <MomoCheckout intentId clientSecret lang onSucceeded onFailed onAttemptFailed onCancel />: the widget's element in a
// React tree. Written with createElement (the project's JSX is Preact's). Rendered on a server it
// is a plain <momo-checkout> tag with its attributes; in the browser an effect defines the element
// and listens to its events with addEventListener, because React 19 does not attach the `on…`
// props of a custom element while hydrating (facebook/react#35446): a callback given that way
// would never hear a payment made before the page's first re-render.
import { createElement, type CSSProperties, type ReactNode, useEffect, useRef } from 'react';
import { define } from '../widget';
import type {
  MomoCheckoutElement,
  MomoCheckoutEventDetail,
  MomoCheckoutEventMap,
  MomoCheckoutOptions,
} from '../widget/types';

/** The widget's options (intent, secret, language, API, callbacks), and the element's own props. */
export interface MomoCheckoutProps extends MomoCheckoutOptions {
  className?: string | undefined;
  style?: CSSProperties | undefined;
  id?: string | undefined;
  /** Shown until the checkout has started (a slow network, server rendering): "Chargement du paiement…". */
  children?: ReactNode;
}

const CALLBACKS = {
  succeeded: 'onSucceeded',
  failed: 'onFailed',
  attemptfailed: 'onAttemptFailed',
  canceled: 'onCancel',
} as const satisfies Record<keyof MomoCheckoutEventMap, keyof MomoCheckoutProps>;

export function MomoCheckout(props: MomoCheckoutProps): ReactNode {
  const {
    intentId,
    clientSecret,
    lang,
    apiBase,
    isolated,
    customer,
    onSucceeded,
    onFailed,
    onAttemptFailed,
    onCancel,
    className,
    style,
    id,
    children,
  } = props;
  const ref = useRef<MomoCheckoutElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const callbacks = { onSucceeded, onFailed, onAttemptFailed, onCancel };
    const listeners = Object.entries(CALLBACKS).map(([type, name]) => {
      const listener = (event: Event) => callbacks[name]?.((event as CustomEvent<MomoCheckoutEventDetail>).detail);
      element.addEventListener(type, listener);
      return () => element.removeEventListener(type, listener);
    });
    return () => {
      for (const remove of listeners) remove();
    };
  }, [onSucceeded, onFailed, onAttemptFailed, onCancel]);

  // After the listeners (effects run in order): the checkout starts once the element is defined.
  useEffect(() => define(), []);

  // Dashed names are attributes for React 19 on a custom element; `undefined` ones are left out
  // (`isolated` is a present-or-absent attribute: '' or nothing).
  return createElement(
    'momo-checkout',
    {
      ref,
      intent: intentId,
      'client-secret': clientSecret,
      lang,
      'api-base': apiBase,
      isolated: isolated ? '' : undefined,
      'customer-first-name': customer?.firstName,
      'customer-last-name': customer?.lastName,
      'customer-email': customer?.email,
      'customer-phone': customer?.phone,
      className,
      style,
      id,
    },
    children,
  );
}
