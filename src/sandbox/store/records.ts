// The sandbox's records: plain data, so that each can be written to the journal as it is created
// and read back after a restart (see ../persist). Whatever changes later (an attempt settling, a
// session's intent being canceled) is computed from these and the clock, never stored.
import type {
  Metadata,
  SessionCustomer,
  SessionItem,
  WebhookEvent,
  WebhookEventType as EventType,
  WebhookFault,
} from '../../api/types';
import type { PayerStep } from '../../methods/momo/sandbox';
import type { FailureCode, OutcomeName } from '../outcomes';

/** Who created a record: the hash of the merchant token (tokens themselves are never kept). */
export type Owner = string;

export type AttemptStatus = 'pending' | 'succeeded' | 'failed';

/** The identifiers of the payout a successful attempt makes, drawn when the attempt starts. */
export interface PayoutIds {
  payoutId: string;
  financialTransactionId: string;
  transactionId: string;
  externalId: string;
}

/** One confirm of an intent: a charge on the payer's mobile-money account. */
export interface AttemptRecord {
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
  outcome: OutcomeName;
  status: AttemptStatus;
  createdAt: number;
  updatedAt: number;
  /** When the attempt reaches its final status. */
  settlesAt: number;
  /** When the payer's approval window closes. */
  expiresAt: number;
  payout: PayoutIds;
  /** Extension: the step the payer approves with, when not the push, by the service's name for it (`enter_otp`; 'otp', 'app' in older journals, renamed as read: ../persist/former-names.ts). */
  approval?: string;
  /** What the payer did about it (a code typed, the wallet's answer), in order; each its own journal line. */
  steps?: PayerStep[];
  /** The secret part of the wallet page's address (`open_wallet` only; `walletToken` in older journals). */
  openWalletToken?: string;
  /** Why it failed, once settled, when its outcome's rule does not say (a code or the wallet's answer decided). */
  failureCode?: FailureCode | null;
}

export interface IntentRecord {
  id: number;
  intentId: string;
  owner: Owner;
  clientSecret: string;
  amount: number;
  currency: string;
  metadata: Metadata | null;
  description: string | null;
  eventId: number;
  createdAt: number;
  updatedAt: number;
  attempts: AttemptRecord[];
  /** The checkout session the intent pays, if any: it ends with it (see `settle`). */
  sessionId: string | null;
  expiresAt: number | null;
  /** When the intent was canceled, and why, or null. */
  canceledAt: number | null;
  cancellationReason: 'expired' | 'too_many_attempts' | null;
  /** Extension: the payment link whose opening made it (absent: none). */
  linkId?: string;
  /** Extension: its short reference ("K7M-4Q2", ../reference.ts), unique among the owner's; absent in journals written before it. */
  reference?: string;
}

export interface TransferRecord {
  kind: 'remittance' | 'disbursement';
  id: string;
  owner: Owner;
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
  owner: Owner;
  total: number;
  currency: string;
  accountId: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Metadata;
  items: SessionItem[];
  createdAt: number;
  expiresAt: number;
  /** Extension: the payer as the merchant knows them, shown to the page that pays (absent: not given). */
  customer?: SessionCustomer;
}

/** A merchant's logo: a PNG or WebP image of at most 8 KiB, checked when it was set (../merchants). */
export interface Logo {
  type: 'png' | 'webp';
  /** The image, in base64. */
  data: string;
  /** The start of its SHA-256, in hex: its file name at /v1/merchant-logos/. */
  key: string;
}

/** Extension: the profile of a merchant token, shown to payers (docs/sandbox.md). Replaced whole when set again. */
export interface MerchantRecord {
  owner: Owner;
  name: string;
  logo: Logo | null;
  supportEmail: string | null;
  supportPhone: string | null;
  /** When it was set: it is forgotten `retentionMs` later, unless set again. */
  setAt: number;
}

/** Extension: a payment link (../payment-links.ts); written again whole when it is deactivated. */
export interface PaymentLinkRecord {
  id: string;
  owner: Owner;
  amount: number | null;
  amountMin: number | null;
  amountMax: number | null;
  currency: string;
  description: string;
  maxPayments: number | null;
  expiresAt: number | null;
  metadata: Metadata | null;
  createdAt: number;
  deactivatedAt: number | null;
}

/** A successful answer kept for its Idempotency-Key. */
export interface Answer {
  fingerprint: string;
  status: number;
  body: unknown;
  storedAt: number;
}

/** Extension (signed events): where a merchant wants its events. Deleted by a `forget` of `w:<id>`. */
export interface EndpointRecord {
  id: string;
  owner: Owner;
  url: string;
  /** Event types, or `*` for every one. */
  enabledEvents: (EventType | '*')[];
  description: string | null;
  faults: WebhookFault[];
  lateMs: number | null;
  /** `whsec_…`: shown once, at creation. */
  secret: string;
  createdAt: number;
}

/** Extension: an event, its payload as delivered (the same bytes on every attempt and replay). */
export interface EventRecord {
  id: string;
  owner: Owner;
  type: EventType;
  /** The intent, session or transfer it is about. */
  objectId: string;
  /** Which change of that object it tells (`succeeded:<charge id>`, `expired`…): each is told once. */
  transition: string;
  createdAt: number;
  payload: WebhookEvent;
}

/** Extension: one attempt to deliver an event to an endpoint; written again, whole, with its result. */
export interface DeliveryRecord {
  id: string;
  eventId: string;
  endpointId: string;
  attempt: number;
  status: 'pending' | 'succeeded' | 'failed';
  httpStatus: number | null;
  error: string | null;
  fault: WebhookFault | null;
  scheduledAt: number;
  attemptedAt: number | null;
  nextAttemptAt: number | null;
}

/** What the journal holds: one line per record created (or forgotten at the bound). */
export type Entry =
  | { kind: 'intent'; record: IntentRecord }
  | { kind: 'attempt'; intentId: string; record: AttemptRecord }
  | { kind: 'step'; intentId: string; chargeId: string; record: PayerStep }
  | { kind: 'session'; record: SessionRecord }
  | { kind: 'transfer'; record: TransferRecord }
  | { kind: 'answer'; id: string; owner: Owner; record: Answer }
  | { kind: 'merchant'; record: MerchantRecord }
  | { kind: 'endpoint'; record: EndpointRecord }
  | { kind: 'event'; record: EventRecord }
  | { kind: 'delivery'; record: DeliveryRecord }
  /** A payment link, created or deactivated: the latest line of an id replaces the one before. */
  | { kind: 'link'; record: PaymentLinkRecord }
  /** A record forgotten before it expired, to make room at the bound (see Store.write): its key. */
  | { kind: 'forget'; key: string };
