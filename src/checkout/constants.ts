// Timing of the checkout, in one place. Polling is quick while an approval is likely to arrive
// (most payers approve within 20 s) and slows down after, to spare the payer's data and battery.

/** Delay before the next status check, from the time the attempt has been waiting. */
export function pollDelay(waitedMs: number): number {
  if (waitedMs < 20_000) return 1_000;
  if (waitedMs < 60_000) return 2_000;
  return 5_000;
}

/** How long a payer has to approve when the service does not say (MTN MoMo: 5 minutes). */
export const DEFAULT_APPROVAL_WINDOW_MS = 5 * 60_000;
/** Operators report late: keep following this long after the approval window has closed. */
export const DEADLINE_GRACE_MS = 30_000;
/** Once the outcome is unknown past the deadline, check this often, for this long. */
export const UNKNOWN_POLL_MS = 30_000;
export const UNKNOWN_POLL_FOR_MS = 10 * 60_000;
/** Failed status reads in a row before the page says the connection is the problem. */
export const READ_FAILURES_BEFORE_NOTICE = 3;
/**
 * After a confirm whose answer was lost, when to read the intent (ms after the previous read)
 * before concluding that the confirm never arrived: a request held up on the way lands late.
 */
export const CONFIRM_SETTLE_MS = [0, 1_500, 3_000];
/** Then, while the page says no charge has reached the service, quieter checks: 10 s, 30 s and 60 s later. */
export const CONFIRM_LATE_CHECK_MS = [10_000, 20_000, 30_000];
/** Seconds shown before a session returns the payer to the merchant's successUrl. */
export const RETURN_COUNTDOWN_S = 5;
