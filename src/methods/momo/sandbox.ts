// How the sandbox plays mobile money's approvals (./approval.ts says which wallet approves how):
// what an attempt waits for when it starts, what the payer's answers (a one-time code typed, an
// answer in the sandbox's wallet page) make of it, and the `next_action` a pending attempt shows.
// What each step asks and what its answers mean is the step's own emulation, in its folder
// (./steps/<name>.sandbox.ts, listed in src/methods/step-registry.ts); here is what every step shares.
// Server code: the sandbox imports it, a payer's page never does.
import type { ErrorCode, FailureCode, NextAction, OutcomeName } from '../kit';
import { findWallet } from '../kit';
import { approvalOf } from './approval';

/**
 * What a payer answered about an attempt that waits for them, under the step's name: a code typed,
 * the wallet's answer ('code' and 'wallet' in older journals: src/sandbox/persist/former-names.ts).
 */
export type PayerAnswer = { kind: 'enter_otp'; right: boolean } | { kind: 'open_wallet'; approved: boolean };

/**
 * What a payer did about an attempt that waits for them: kept in the journal, in order. Besides a
 * step's answers, the push approved from the wallet's own menu (its USSD code) when it did not come:
 * sandbox-only, POST /v1/_sandbox/menu/{id} (src/sandbox/routes/menu.ts).
 */
export type PayerStep = { at: number } & (PayerAnswer | { kind: 'menu' });

/** The fields of an attempt record this module reads and writes. */
export interface ApprovedAttempt {
  country: string;
  operator: string;
  outcome: OutcomeName;
  /** When its outcome's rule settles it: for 95 (approved late), the moment the code or the app's answer is taken. */
  settlesAt: number;
  expiresAt: number;
  /** The step the payer approves with, by its name (`next_action.type`); absent: the push. */
  approval?: string;
  steps?: PayerStep[];
  /** The launch address's secret part, for the wallet page (`open_wallet` only). */
  openWalletToken?: string;
}

/** A refusal of what the payer sent, as the service words it: its error code, message and field. */
export interface StepRefusal {
  code: ErrorCode;
  message: string;
  field?: string;
}

/**
 * The endpoint of the service's through which the payer answers the step from a page (the one-time
 * code's `POST /v1/payment-intents/{id}/otp`), taken with the intent's client secret and an
 * Idempotency-Key as a confirm is; the sandbox's HTTP is src/sandbox/routes/approvals.ts.
 */
export interface StepEndpoint {
  /** Its address under the intent's: `/v1/payment-intents/{id}/<path>`. */
  path: string;
  /** The payer's answer in the request's body, or why the body is refused before anything is looked at. */
  read(body: Readonly<Record<string, unknown>>): PayerAnswer | StepRefusal;
  /** Said when no attempt of the intent waits for this answer. */
  notExpected: StepRefusal;
  /** Said when the attempt it was for has expired while it still waited for it. */
  expired: StepRefusal;
  /** Once the answer is recorded: the refusal it makes (a wrong code, with the tries left), or null if it was taken. */
  refusal(attempt: ApprovedAttempt): StepRefusal | null;
}

/**
 * A page of the sandbox's own that plays the payer's side of the step (the wallet's app a launch
 * address opens): `/v1/_sandbox/<path>/{id}/{token}`, the token the step's secret for the attempt.
 * Its frame, its form's protection and its headers are the sandbox's (src/sandbox/routes/approvals.ts).
 */
export interface StepSandboxPage {
  path: string;
  /** The page's title. */
  title: string;
  /** The attempt's secret part of the address (made by `start`). */
  token(attempt: ApprovedAttempt): string | undefined;
  /** The page's content: the attempt as it stands, and, while the step waits, the form (`form` opens it with its hidden fields). */
  html(view: { status: string; wallet: string; amount: string; number: string; form: string }): string;
  /** What the posted form answers, or null (nothing to record). */
  read(form: Readonly<Record<string, unknown>>): PayerAnswer | null;
}

/** How the sandbox plays one step: each in the step's folder (./steps/<name>.sandbox.ts). */
export interface StepEmulation {
  /** The endpoint the payer answers through, if the step is answered on the payer's page. */
  endpoint?: StepEndpoint;
  /** The sandbox's own page that plays the payer's side, if the step opens one. */
  page?: StepSandboxPage;
  /** What the attempt starts with, beyond its record (the wallet page's secret). */
  start?(attempt: ApprovedAttempt): void;
  /** Whether the attempt still waits for the payer's part of the step. */
  awaits(attempt: ApprovedAttempt): boolean;
  /** The step's detail in `next_action` while it waits (`expires_at` added by the caller). */
  detail(attempt: ApprovedAttempt, where: { base: string; intentId: string }): Record<string, unknown>;
  /**
   * What one of the payer's answers makes of the attempt, after the `earlier` ones: approved, failed
   * (with why), or neither (a wrong code with tries left; an answer of another step).
   */
  judge(answer: PayerStep, earlier: readonly PayerStep[]): 'approved' | FailureCode | null;
}

/** How a new attempt is approved: a push (undefined), unless the wallet works otherwise and the service says so (extensions). */
export function approvalAtStart(country: string, operator: string, extensions: boolean): string | undefined {
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
 * How an attempt that waits for the payer's step ends, from what they did. The last two digits of
 * the number still choose where they apply: 91 lacks the funds, 92 is never answered by the
 * operator once the code is in, 95 is approved late; the code or the app is the payer's own
 * approval, so 90 (declines) and 93 (at once) change nothing there.
 */
export function resolveApproval(attempt: ApprovedAttempt, emulation: StepEmulation): Resolution {
  const timeout: Resolution = { at: attempt.expiresAt, status: 'failed', failureCode: 'approval_timeout' };
  const steps = (attempt.steps ?? []).filter((step) => step.at < attempt.expiresAt);
  for (const [index, step] of steps.entries()) {
    const verdict = emulation.judge(step, steps.slice(0, index));
    if (verdict === null) continue;
    if (verdict !== 'approved') return { at: step.at, status: 'failed', failureCode: verdict };
    return approvedAt(attempt, step.at, timeout);
  }
  return timeout;
}

/** What the payer's approval at `at` makes of the attempt, by the number's outcome (see resolveApproval). */
function approvedAt(attempt: ApprovedAttempt, at: number, timeout: Resolution): Resolution {
  switch (attempt.outcome) {
    case 'insufficient_funds':
      return { at, status: 'failed', failureCode: 'insufficient_funds' };
    case 'never_approved':
      return timeout;
    case 'approved_late':
      return { at: Math.max(at, attempt.settlesAt), status: 'succeeded', failureCode: null };
    default:
      return { at, status: 'succeeded', failureCode: null };
  }
}

/**
 * How a push ends once the payer approved it from the wallet's menu (`menu` steps), or null: not
 * approved so, or only after its outcome had settled it. The same rules as a step's approval.
 */
export function resolveMenu(attempt: ApprovedAttempt, settlesAt: number): Resolution | null {
  const ends = Math.min(settlesAt, attempt.expiresAt);
  const step = (attempt.steps ?? []).find((s) => s.kind === 'menu' && s.at < ends);
  if (!step) return null;
  return approvedAt(attempt, step.at, { at: attempt.expiresAt, status: 'failed', failureCode: 'approval_timeout' });
}

/**
 * What the payer does next about a pending attempt (extension): its step's, while the step waits
 * for them (null once they have done their part: a code typed and awaiting the operator, 92, 95),
 * else the push with the wallet's USSD code. `where`: the sandbox's address, for a step's pages.
 */
export function nextActionOf(
  attempt: ApprovedAttempt,
  expiresAt: string,
  where: { base: string; intentId: string },
  emulation: StepEmulation | undefined,
): NextAction | null {
  const name = attempt.approval;
  if (name && emulation) {
    if (!emulation.awaits(attempt)) return null;
    return { type: name, [name]: { ...emulation.detail(attempt, where), expires_at: expiresAt } } as NextAction;
  }
  return {
    type: 'approve_on_phone',
    approve_on_phone: { ussd_code: findWallet(attempt.country, attempt.operator)?.ussd ?? null, expires_at: expiresAt },
  };
}
