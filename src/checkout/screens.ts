// What the payer can be shown: a closed set of screens. `name` is also the root element's
// data-state attribute, for merchants' styling and for tests.
import type { Message } from '../i18n';
import type { MethodView } from '../methods';

export interface Attempt {
  /** What paid, as the payer sees it (the wallet, the number masked); null if the service does not say. */
  method: MethodView | null;
  startedAt: number;
  /** When the operator stops accepting an approval, in ms since the epoch. */
  expiresAt: number;
}

export interface Receipt {
  amount: number;
  currency: string;
  method: MethodView | null;
  reference: string | null;
  date: string;
}

export type ErrorKind =
  | 'network'
  | 'server'
  | 'invalidResponse'
  | 'notFound'
  /** The intent this page was following is no longer found. */
  | 'lost'
  | 'badLink'
  | 'badSecret'
  | 'expired'
  | 'canceled'
  /** The service canceled the intent after as many attempts as it allows. */
  | 'tooManyAttempts'
  /** A session link on a service that cannot show sessions (no GET /v1/sessions/{id}). */
  | 'sessionUnavailable'
  | 'unknownStatus'
  | 'confirmUnknown';

export type Screen =
  | { name: 'loading' }
  | { name: 'form'; notice?: Message }
  | { name: 'confirming' }
  | { name: 'pending'; attempt: Attempt }
  | { name: 'unknown'; attempt: Attempt }
  | { name: 'succeeded'; receipt: Receipt }
  | { name: 'failed'; reason: string }
  /** The payer left a checkout that has no return address (a widget): it says so, and can come back. */
  | { name: 'canceled' }
  | { name: 'error'; error: ErrorKind; recovery: 'reload' | 'check' | null };
