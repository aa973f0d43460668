// The sandbox's memory: plain records, one store per sandbox instance (tests never share state).
import type { Metadata, SessionItem } from '../api/types';
import { Counter } from './ids';
import { IdempotencyStore } from './idempotency';
import type { OutcomeRule } from './outcomes';

export type AttemptStatus = 'pending' | 'succeeded' | 'failed';

/** One confirm of an intent: a charge on the payer's mobile-money account. */
export interface Attempt {
  recordId: number;
  chargeId: string;
  paymentMethodId: string;
  financialTransactionId: string;
  transactionId: string;
  externalId: string;
  country: string;
  operator: string;
  /** Only the last digits are kept: the intent is readable without a token. */
  msisdnLast4: string;
  rule: OutcomeRule;
  status: AttemptStatus;
  createdAt: number;
  updatedAt: number;
  /** When the attempt reaches its final status. */
  settlesAt: number;
  /** When the payer's approval window closes. */
  expiresAt: number;
}

export interface Payout {
  recordId: number;
  payoutId: string;
  financialTransactionId: string;
  transactionId: string;
  externalId: string;
  amount: number;
  fee: number;
  createdAt: number;
}

export interface IntentRecord {
  id: number;
  intentId: string;
  clientSecret: string;
  amount: number;
  currency: string;
  metadata: Metadata | null;
  description: string | null;
  eventId: number;
  createdAt: number;
  updatedAt: number;
  attempts: Attempt[];
  payout: Payout | null;
  /** A checkout session's intent ends with the session: see `settle`. Null for a bare intent. */
  expiresAt: number | null;
  /** When the intent was canceled (only a session's expiry cancels one), or null. */
  canceledAt: number | null;
}

export interface TransferRecord {
  kind: 'remittance' | 'disbursement';
  id: string;
  amount: number;
  currency: string;
  firstName: string;
  lastName: string;
  operator: string;
  country: string;
  phone: string;
  walletId: string;
  financialTransactionId: string;
  transactionId: string;
  externalId: string;
  createdAt: number;
  executesAt: number;
}

export interface SessionRecord {
  id: string;
  intentId: string;
  total: number;
  currency: string;
  accountId: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Metadata;
  items: SessionItem[];
  createdAt: number;
  expiresAt: number;
}

export interface Store {
  intents: Map<string, IntentRecord>;
  sessions: Map<string, SessionRecord>;
  /** In creation order; lists read it backwards (newest first). */
  remittances: TransferRecord[];
  disbursements: Map<string, TransferRecord>;
  idempotency: IdempotencyStore;
  counters: { intent: Counter; event: Counter; charge: Counter; payout: Counter };
}

export function createStore(): Store {
  return {
    intents: new Map(),
    sessions: new Map(),
    remittances: [],
    disbursements: new Map(),
    idempotency: new IdempotencyStore(),
    counters: { intent: new Counter(), event: new Counter(), charge: new Counter(), payout: new Counter() },
  };
}
