// The API records of an intent, built from the store's records so that they pass the schemas.
import type {
  ChargeRecord,
  ConfirmResult,
  Merchant,
  NextAction,
  PaymentIntent,
  PayoutRecord,
  WalletHealth,
} from '../api/types';
import { nextActionOf } from '../methods/momo/sandbox';
import { stepEntry } from '../methods/step-registry';
import { FAILURE_MESSAGES } from './outcomes';
import { failureCodeOf, feeOf, intentStatus, latestAttempt } from './intent-lifecycle';
import type { AttemptRecord, IntentRecord } from './store/records';
import { isoAt } from './time';

const CHARGE_TYPES = { pending: 'charge.pending', succeeded: 'charge.success', failed: 'charge.failed' } as const;

function failureOf(attempt: AttemptRecord): { code: string; message: string } | null {
  const code = failureCodeOf(attempt);
  return code === null ? null : { code, message: FAILURE_MESSAGES[code] };
}

function chargeRecord(intent: IntentRecord, attempt: AttemptRecord): ChargeRecord {
  const failure = failureOf(attempt);
  return {
    id: attempt.recordId,
    type: CHARGE_TYPES[attempt.status],
    event_id: intent.eventId,
    charge_id: attempt.chargeId,
    financial_transaction_id: attempt.financialTransactionId,
    transaction_id: attempt.transactionId,
    amount: intent.amount,
    captured: attempt.status === 'succeeded' ? 1 : 0,
    refunded: 0,
    disputed: 0,
    currency: intent.currency,
    status: attempt.status,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    external_id: attempt.externalId,
    created_at: isoAt(attempt.createdAt),
    updated_at: isoAt(attempt.updatedAt),
  };
}

/** The payout of the attempt that succeeded: numbered as its charge, made when it succeeded. */
function payoutRecord(intent: IntentRecord, paid: AttemptRecord): PayoutRecord {
  const fee = feeOf(intent.amount);
  return {
    id: paid.recordId,
    type: 'payout.succeeded',
    event_id: intent.eventId,
    payout_id: paid.payout.payoutId,
    financial_transaction_id: paid.payout.financialTransactionId,
    transaction_id: paid.payout.transactionId,
    amount: intent.amount,
    amount_captured: intent.amount - fee,
    amount_fee: fee,
    currency: intent.currency,
    status: 'succeeded',
    failure_code: null,
    failure_message: null,
    external_id: paid.payout.externalId,
    created_at: isoAt(paid.updatedAt),
    updated_at: isoAt(paid.updatedAt),
  };
}

/** Who reads the intent: its owner's token sees the metadata; everyone else gets null (docs/sandbox.md). */
export interface IntentViewer {
  owner: boolean;
  extensions: boolean;
  /** Extension: the profile of the merchant the intent belongs to (null: none). */
  merchant: Merchant | null;
  /** Where the sandbox serves its pages (the wallet page a launch address opens): its checkoutBaseUrl. */
  base: string;
  /**
   * Extension, on the payer's reads only (the intent's, the session's): the wallets not up that
   * could pay it (../availability.ts, notUpIn); left out of the merchant's lists and events.
   */
  availability?: WalletHealth[];
}

/** Extension: what the payer does next while the attempt is pending (src/methods/momo/sandbox.ts). */
function nextActionOfAttempt(
  intent: IntentRecord,
  attempt: AttemptRecord | undefined,
  base: string,
): NextAction | null {
  if (attempt?.status !== 'pending') return null;
  const step = stepEntry(attempt.approval);
  return nextActionOf(attempt, isoAt(attempt.expiresAt), { base, intentId: intent.intentId }, step?.sandbox);
}

/**
 * The intent as the API shows it. The interface documents `client_secret` as a required string of
 * this read, shown without a token: so anyone holding the intent id reads the secret (docs/sandbox.md).
 */
export function toPaymentIntent(
  intent: IntentRecord,
  { owner, extensions, merchant, base, availability }: IntentViewer,
): PaymentIntent {
  const attempt = latestAttempt(intent);
  const failure = attempt ? failureOf(attempt) : null;
  const paid = intent.attempts.find((a) => a.status === 'succeeded');
  const view: PaymentIntent = {
    id: intent.id,
    client_secret: intent.clientSecret,
    intent_id: intent.intentId,
    currency: intent.currency,
    amount: intent.amount,
    payment_method_types: ['momo'],
    payment_method:
      attempt && extensions
        ? {
            id: attempt.paymentMethodId,
            type: 'momo',
            momo: { country: attempt.country, operator_name: attempt.operator, msisdn_last4: attempt.msisdnLast4 },
          }
        : null,
    last_payment_error: failure && attempt ? { ...failure, charge_id: attempt.chargeId } : null,
    status: intentStatus(intent),
    metadata: owner ? intent.metadata : null,
    charge_id: attempt?.chargeId ?? null,
    canceled_at: intent.canceledAt === null ? null : isoAt(intent.canceledAt),
    description: intent.description,
    cancellation_reason: intent.cancellationReason,
    live_mode: 0,
    payout_id: paid?.payout.payoutId ?? null,
    created_at: isoAt(intent.createdAt),
    updated_at: isoAt(intent.updatedAt),
    event: {
      id: intent.eventId,
      intent_id: intent.id,
      created_at: isoAt(intent.createdAt),
      updated_at: isoAt(intent.updatedAt),
      charges: intent.attempts.map((a) => chargeRecord(intent, a)),
      payouts: paid ? [payoutRecord(intent, paid)] : [],
    },
  };
  if (extensions) {
    // When the pending attempt's approval window closes, and who is paid.
    view.approval_expires_at = attempt?.status === 'pending' ? isoAt(attempt.expiresAt) : null;
    view.next_action = nextActionOfAttempt(intent, attempt, base);
    view.merchant = merchant;
    if (intent.reference) view.reference = intent.reference;
    if (availability) view.availability = availability;
  }
  return view;
}

/** The answer of confirm: the attempt as it stands right after it started. */
export function toConfirmResult(
  intent: IntentRecord,
  attempt: AttemptRecord,
  { extensions, base }: { extensions: boolean; base: string },
): ConfirmResult {
  const result: ConfirmResult = {
    intentId: intent.intentId,
    financialTransactionId: attempt.financialTransactionId,
    transactionId: attempt.transactionId,
    amount: intent.amount,
    currency: intent.currency,
    status: attempt.status,
    captured: attempt.status === 'succeeded',
    externalId: attempt.externalId,
    id: attempt.chargeId,
    createdAt: isoAt(attempt.createdAt),
    updatedAt: isoAt(attempt.updatedAt),
    paymentMethodId: attempt.paymentMethodId,
  };
  if (extensions) result.next_action = nextActionOfAttempt(intent, attempt, base);
  return result;
}
