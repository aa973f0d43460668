// How the sandbox plays mobile money's approvals (./approval.ts says which wallet approves how):
// what an attempt waits for when it starts, what the payer's steps (a one-time code typed, an
// answer in the sandbox's wallet page) make of it, and the `next_action` a pending attempt shows.
// Server code: the sandbox imports it, a payer's page never does.
import { type FailureCode, findWallet, type NextAction, type OutcomeName } from '../kit';
import { approvalOf, SANDBOX_CODE_LENGTH } from './approval';

/** What a payer did about an attempt that waits for them: kept in the journal, in order. */
export type PayerStep =
  | { at: number; kind: 'code'; right: boolean }
  | { at: number; kind: 'wallet'; approved: boolean };

/** The fields of an attempt record this module reads and writes. */
export interface ApprovedAttempt {
  country: string;
  operator: string;
  outcome: OutcomeName;
  /** When its outcome's rule settles it: for 95 (approved late), the moment the code or the app's answer is taken. */
  settlesAt: number;
  expiresAt: number;
  /** Absent: the push (also every attempt a bare service, or an older sandbox, started). */
  approval?: 'otp' | 'app';
  steps?: PayerStep[];
  /** The launch address's secret part, for the wallet page (`app` only). */
  walletToken?: string;
}

/** Test codes (docs/sandbox.md): this one is right; any other is wrong, `000000` being the documented one. */
export const RIGHT_CODE = '123456';
/** Wrong codes an attempt takes: the next one fails it, as operators block a code guessed at. */
export const MAX_WRONG_CODES = 3;

/** How a new attempt is approved: a push, unless the wallet works otherwise and the service says so (extensions). */
export function approvalAtStart(country: string, operator: string, extensions: boolean): ApprovedAttempt['approval'] {
  const kind = extensions ? approvalOf(country, operator).kind : 'push';
  return kind === 'push' ? undefined : kind;
}

/** How an attempt ends: when, how, and why if it failed. */
export interface Resolution {
  at: number;
  status: 'succeeded' | 'failed';
  failureCode: FailureCode | null;
}

/**
 * How an attempt that waits for a code or the wallet's app ends, from what the payer did. The last
 * two digits of the number still choose where they apply: 91 lacks the funds, 92 is never
 * answered by the operator once the code is in, 95 is approved late; the code or the app is the
 * payer's own approval, so 90 (declines) and 93 (at once) change nothing there.
 */
export function resolveApproval(attempt: ApprovedAttempt): Resolution {
  const timeout: Resolution = { at: attempt.expiresAt, status: 'failed', failureCode: 'approval_timeout' };
  const steps = (attempt.steps ?? []).filter((step) => step.at < attempt.expiresAt);
  let wrong = 0;
  for (const step of steps) {
    if (step.kind === 'code' && !step.right) {
      if (++wrong >= MAX_WRONG_CODES) return { at: step.at, status: 'failed', failureCode: 'otp_invalid' };
      continue;
    }
    if (step.kind === 'wallet' && !step.approved)
      return { at: step.at, status: 'failed', failureCode: 'payer_declined' };
    switch (attempt.outcome) {
      case 'insufficient_funds':
        return { at: step.at, status: 'failed', failureCode: 'insufficient_funds' };
      case 'never_approved':
        return timeout;
      case 'approved_late':
        return { at: Math.max(step.at, attempt.settlesAt), status: 'succeeded', failureCode: null };
      default:
        return { at: step.at, status: 'succeeded', failureCode: null };
    }
  }
  return timeout;
}

/** Whether the attempt still waits for a code: none right yet, fewer wrong ones than the limit. */
export function awaitsCode(attempt: ApprovedAttempt): boolean {
  if (attempt.approval !== 'otp') return false;
  const steps = attempt.steps ?? [];
  return (
    !steps.some((step) => step.kind === 'code' && step.right) &&
    steps.filter((step) => step.kind === 'code').length < MAX_WRONG_CODES
  );
}

/** Whether the wallet page may still answer for the attempt. */
export const awaitsWallet = (attempt: ApprovedAttempt): boolean =>
  attempt.approval === 'app' && !(attempt.steps ?? []).some((step) => step.kind === 'wallet');

/**
 * What the payer does next about a pending attempt (extension). `walletUrl` is the sandbox's wallet
 * page for this attempt. A code typed in and awaiting the operator (92, 95) asks nothing more.
 */
export function nextActionOf(attempt: ApprovedAttempt, expiresAt: string, walletUrl: string): NextAction | null {
  if (attempt.approval === 'otp') {
    return awaitsCode(attempt)
      ? {
          type: 'enter_otp',
          enter_otp: { dial_code: approvalDial(attempt), length: SANDBOX_CODE_LENGTH, expires_at: expiresAt },
        }
      : null;
  }
  if (attempt.approval === 'app')
    return awaitsWallet(attempt)
      ? { type: 'open_wallet', open_wallet: { url: walletUrl, expires_at: expiresAt } }
      : null;
  return {
    type: 'approve_on_phone',
    approve_on_phone: { ussd_code: findWallet(attempt.country, attempt.operator)?.ussd ?? null, expires_at: expiresAt },
  };
}

function approvalDial(attempt: ApprovedAttempt): string | null {
  const approval = approvalOf(attempt.country, attempt.operator);
  return approval.kind === 'otp' ? approval.dial : null;
}
