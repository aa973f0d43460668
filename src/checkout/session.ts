// The checkout session a hosted-page payer arrives with (/pay/cs_…): the merchant's items and the
// addresses to go back to, read alongside the intent. Only the hosted page imports this module,
// so the widget, which is always given a bare intent, ships none of it.
import { getSession } from '../api/endpoints/checkout';
import type { ClientConfig } from '../api/http';
import type { PublicSession } from '../api/types';
import { safeReturnUrl } from './return-url';

/** A session as the checkout uses it: return addresses already checked (null: never followed). */
export interface CheckoutSession extends Omit<PublicSession, 'successUrl' | 'cancelUrl'> {
  successUrl: string | null;
  cancelUrl: string | null;
}

export type SessionReader = (signal: AbortSignal) => Promise<CheckoutSession>;

export const sessionReader =
  (api: ClientConfig, sessionId: string): SessionReader =>
  async (signal) => {
    const session = await getSession(api, sessionId, { signal });
    return {
      ...session,
      successUrl: safeReturnUrl(session.successUrl, session.id),
      cancelUrl: safeReturnUrl(session.cancelUrl, session.id),
    };
  };
