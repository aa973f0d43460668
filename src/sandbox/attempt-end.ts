// When and how an attempt ends, apart from the rest of the intent's lifecycle: the store asks it
// before forgetting an intent to make room (a payment under way is never forgotten), and the
// lifecycle settles the attempt by it; the lifecycle module writes through the store, so the store
// importing it would be an import circle.
import { resolveApproval, resolveMenu } from '../methods/momo/sandbox';
import { stepEntry } from '../methods/step-registry';
import { ruleOf } from './outcomes';
import type { AttemptRecord } from './store/records';

/** How the attempt ends: its outcome's rule for a push (or the payer's approval from the menu); what the payer did for a code or the wallet's app. */
export function resolutionOf(attempt: AttemptRecord) {
  const step = stepEntry(attempt.approval);
  if (step) return resolveApproval(attempt, step.sandbox);
  const rule = ruleOf(attempt.outcome);
  // Approved from the wallet's menu before the push's outcome came (96: the push never did).
  return (
    resolveMenu(attempt, attempt.settlesAt) ?? {
      at: attempt.settlesAt,
      status: rule.finalStatus,
      failureCode: rule.failureCode,
    }
  );
}

/**
 * When the attempt reaches its final status, as `settle` will find it: a push at its outcome's
 * `settlesAt`; a one-time code or the wallet's app when the payer's step decides it, else at
 * `expiresAt`. Until then the store never forgets its intent to make room (a payment under way).
 */
export const attemptEndsAt = (attempt: AttemptRecord): number => resolutionOf(attempt).at;
