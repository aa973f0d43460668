// The checkout session a hosted-page payer arrives with (/pay/cs_…): the merchant's items, the
// addresses to go back to and (extension) its intent, in one read. Only the hosted page imports
// this module, so the widget, which is always given a bare intent, ships none of it.
import { getSession } from '../api/endpoints/checkout';
import { isApiError } from '../api/errors';
import type { ClientConfig } from '../api/http';
import type { PublicSession } from '../api/types';
import { safeReturnUrl } from './return-url';

/** A session as the checkout uses it: return addresses already checked (null: never followed). */
export interface CheckoutSession extends Omit<PublicSession, 'successUrl' | 'cancelUrl'> {
  successUrl: string | null;
  cancelUrl: string | null;
}

/**
 * The session, or `unavailable` when the service has none to show: reading a session is a
 * sandbox extension (docs/sandbox.md), and a service without it answers 404.
 */
export type SessionReader = (signal: AbortSignal) => Promise<CheckoutSession | 'unavailable'>;

export const sessionReader =
  (api: ClientConfig, sessionId: string): SessionReader =>
  async (signal) => {
    const session = await getSession(api, sessionId, { signal }).catch((error: unknown) => {
      if (isApiError(error) && error.kind === 'http' && error.status === 404) return 'unavailable' as const;
      throw error;
    });
    if (session === 'unavailable') return session;
    return {
      ...session,
      successUrl: safeReturnUrl(session.successUrl, session.id),
      cancelUrl: safeReturnUrl(session.cancelUrl, session.id),
    };
  };
