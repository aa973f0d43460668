// What happens to a payment attempt, chosen by the last two digits of the payer's national number.
// This table is the documentation: docs/sandbox.md and the tests are written from it.

import type { TestOutcome } from '../phone';

/** Named as the phone module's test numbers are, so TEST_NUMBERS can be looked up by outcome. */
export type OutcomeName = TestOutcome;

export type FailureCode =
  | 'payer_declined'
  | 'insufficient_funds'
  | 'approval_timeout'
  | 'operator_unavailable'
  | 'otp_invalid';

export interface OutcomeRule {
  /** Last two digits of the national number, or null for "any other number". */
  suffix: string | null;
  outcome: OutcomeName;
  description: string;
  /** Status answered by confirm. */
  confirmStatus: 'pending' | 'succeeded' | 'failed';
  /** Final status of the attempt. */
  finalStatus: 'succeeded' | 'failed';
  failureCode: FailureCode | null;
  /** When the final status is reached (ms after confirm), from the sandbox timings. */
  settlesAfter: (timing: OutcomeTiming) => number;
}

export interface OutcomeTiming {
  approvalMs: number;
  pendingTimeoutMs: number;
}

export const FAILURE_MESSAGES: Readonly<Record<FailureCode, string>> = {
  payer_declined: 'The payer declined the payment on their phone.',
  insufficient_funds: 'The payer does not have enough money in their mobile-money account.',
  approval_timeout: 'The payer did not approve the payment in time.',
  operator_unavailable: 'The mobile-money operator is unavailable. Please try again in a few minutes.',
  otp_invalid: 'The payer typed a wrong one-time code too many times.',
};

/** Moment a late approval lands: shortly before the attempt would expire. */
export const lateApprovalMs = ({ pendingTimeoutMs }: OutcomeTiming): number =>
  pendingTimeoutMs - Math.min(2000, pendingTimeoutMs / 10);

export const OUTCOME_RULES: readonly OutcomeRule[] = [
  {
    suffix: '90',
    outcome: 'declined',
    description: 'Pending, then the payer declines: failed with payer_declined after approvalMs.',
    confirmStatus: 'pending',
    finalStatus: 'failed',
    failureCode: 'payer_declined',
    settlesAfter: (t) => t.approvalMs,
  },
  {
    suffix: '91',
    outcome: 'insufficient_funds',
    description: 'Pending, then failed with insufficient_funds after approvalMs.',
    confirmStatus: 'pending',
    finalStatus: 'failed',
    failureCode: 'insufficient_funds',
    settlesAfter: (t) => t.approvalMs,
  },
  {
    suffix: '92',
    outcome: 'never_approved',
    description: 'The payer never answers: pending until pendingTimeoutMs, then failed with approval_timeout.',
    confirmStatus: 'pending',
    finalStatus: 'failed',
    failureCode: 'approval_timeout',
    settlesAfter: (t) => t.pendingTimeoutMs,
  },
  {
    suffix: '93',
    outcome: 'approved_at_once',
    description: 'Approved at once: confirm answers succeeded.',
    confirmStatus: 'succeeded',
    finalStatus: 'succeeded',
    failureCode: null,
    settlesAfter: () => 0,
  },
  {
    suffix: '94',
    outcome: 'operator_unavailable',
    description: 'The operator is down: confirm answers failed with operator_unavailable; the intent stays payable.',
    confirmStatus: 'failed',
    finalStatus: 'failed',
    failureCode: 'operator_unavailable',
    settlesAfter: () => 0,
  },
  {
    suffix: '95',
    outcome: 'approved_late',
    description:
      'Approved late: pending, then succeeded at pendingTimeoutMs − min(2000, pendingTimeoutMs / 10), just before the attempt would expire.',
    confirmStatus: 'pending',
    finalStatus: 'succeeded',
    failureCode: null,
    settlesAfter: lateApprovalMs,
  },
  {
    suffix: '96',
    outcome: 'prompt_lost',
    description:
      'The push never reaches the phone: pending until the payer approves from the wallet\u2019s menu (POST /v1/_sandbox/menu/{id}): succeeded then; else failed with approval_timeout at pendingTimeoutMs. A later attempt of the same intent gets its push: succeeded after approvalMs.',
    confirmStatus: 'pending',
    finalStatus: 'failed',
    failureCode: 'approval_timeout',
    settlesAfter: (t) => t.pendingTimeoutMs,
  },
  {
    suffix: null,
    outcome: 'approved_after_delay',
    description: 'Any other number: pending, then succeeded after approvalMs.',
    confirmStatus: 'pending',
    finalStatus: 'succeeded',
    failureCode: null,
    settlesAfter: (t) => t.approvalMs,
  },
];

const DEFAULT_RULE = OUTCOME_RULES.find((rule) => rule.suffix === null) as OutcomeRule;

/** The rule of an outcome, as an attempt's record names it. */
export const ruleOf = (outcome: OutcomeName): OutcomeRule =>
  OUTCOME_RULES.find((rule) => rule.outcome === outcome) ?? DEFAULT_RULE;

/** The rule for a payer's national number (digits only). */
export function outcomeFor(nationalNumber: string): OutcomeRule {
  const suffix = nationalNumber.slice(-2);
  return OUTCOME_RULES.find((rule) => rule.suffix === suffix) ?? DEFAULT_RULE;
}
