// The React component, and <momo-checkout> written directly in TSX (React 19).
import { MomoCheckout, type MomoCheckoutProps } from 'momo-checkout/react';
import { exact } from './expect.js';

export const Pay = ({ id, secret }: { id: string; secret: string }) => (
  <MomoCheckout intentId={id} clientSecret={secret} lang="fr" onSucceeded={(detail) => exact<typeof detail.intentId, string>()}>
    Chargement du paiement…
  </MomoCheckout>
);

export const Raw = ({ id, secret }: { id: string; secret: string }) => (
  <momo-checkout
    intent={id}
    client-secret={secret}
    lang="en"
    onsucceeded={(event) => exact<typeof event.detail.chargeId, string | null>()}
    oncanceled={(event) => exact<typeof event.detail.status, 'succeeded' | 'failed' | 'canceled'>()}
  />
);

exact<MomoCheckoutProps['onCancel'], ((detail: { intentId: string; status: 'succeeded' | 'failed' | 'canceled'; chargeId: string | null }) => void) | undefined>();

// @ts-expect-error clientSecret is required
export const Missing = () => <MomoCheckout intentId="pi_1" />;
// @ts-expect-error the element's secret attribute is client-secret
export const WrongAttribute = () => <momo-checkout intent="pi_1" clientSecret="pi_1_secret_x" />;
// @ts-expect-error events carry a CustomEvent with the detail, not a string
export const WrongHandler = () => <momo-checkout intent="pi_1" client-secret="x" onfailed={(event: string) => event} />;
