// Extension (signed events): what an intent, a session or a transfer has gone through, read from
// its records and the clock as every read is (`settle`), as the changes an event tells — each with
// a key of its own, so that each is told once however often the record is looked at, and when it
// happened (not when it was noticed).
import type { WebhookEventType } from '../../api/types';
import { intentStatus, settle } from '../intent-lifecycle';
import { sessionStatus } from '../sessions';
import type { IntentRecord, SessionRecord, TransferRecord } from '../store/records';

export interface Transition {
  type: WebhookEventType;
  /** Which change of the object it is: `pending:<charge id>`, `failed:<charge id>`, `expired`… */
  key: string;
  /** When it happened. */
  at: number;
}

/** What an intent has gone through by `now`: each attempt's wait and end, its cancellation. Settles it first. */
export function intentTransitions(intent: IntentRecord, now: number): Transition[] {
  settle(intent, now);
  const out: Transition[] = [];
  const latest = intent.attempts.at(-1);
  for (const attempt of intent.attempts) {
    const ch = attempt.chargeId;
    // The wait is told while it is seen (right after the confirm that starts it): an attempt refused
    // at once never waited, and one seen only once it ended is told by its end.
    if (attempt === latest && attempt.status === 'pending')
      out.push({ type: 'payment_intent.pending', key: `pending:${ch}`, at: attempt.createdAt });
    if (attempt.status === 'failed')
      out.push({ type: 'payment_intent.payment_failed', key: `failed:${ch}`, at: attempt.updatedAt });
    if (attempt.status === 'succeeded')
      out.push({ type: 'payment_intent.succeeded', key: `succeeded:${ch}`, at: attempt.updatedAt });
  }
  if (intent.canceledAt !== null) out.push({ type: 'payment_intent.canceled', key: 'canceled', at: intent.canceledAt });
  return out;
}

/** Whether an intent may still change without a request: an attempt awaited, or a session that may end it. */
export const intentMoving = (intent: IntentRecord): boolean => {
  const status = intentStatus(intent);
  return status === 'pending' || (status === 'requires_payment_method' && intent.expiresAt !== null);
};

/** A session's end: paid (when its intent was), or expired unpaid. `intent` settled at `now`. */
export function sessionTransitions(session: SessionRecord, intent: IntentRecord, now: number): Transition[] {
  const status = sessionStatus(intent, session, now);
  if (status === 'complete') {
    const paid = intent.attempts.find((attempt) => attempt.status === 'succeeded');
    return [{ type: 'checkout.session.completed', key: 'completed', at: paid?.updatedAt ?? now }];
  }
  // Expired when the session ended, or later when an approval awaited then ended unpaid.
  if (status === 'expired')
    return [
      { type: 'checkout.session.expired', key: 'expired', at: Math.max(session.expiresAt, intent.canceledAt ?? 0) },
    ];
  return [];
}

/** A remittance's or disbursement's end: the sandbox executes every one it accepted (`executionMs` later). */
export function transferTransitions(transfer: TransferRecord, now: number): Transition[] {
  if (now < transfer.executesAt) return [];
  return [{ type: `${transfer.kind}.succeeded`, key: 'succeeded', at: transfer.executesAt }];
}
