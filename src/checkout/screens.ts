// What the payer can be shown: a closed set of screens. `name` is also the root element's
// data-state attribute, for merchants' styling and for tests.
import type { Message } from '../i18n';

export interface Attempt {
  country: string;
  operator: string;
  /** Masked number, e.g. "+242 •• ••• 12 34": the full number never leaves the form. */
  phone: string;
  /** When the operator stops accepting an approval, in ms since the epoch. */
  expiresAt: number;
  startedAt: number;
}

export interface Receipt {
  amount: number;
  currency: string;
  operator: string | null;
  phone: string | null;
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
  | { name: 'error'; error: ErrorKind; recovery: 'reload' | 'check' | null };
