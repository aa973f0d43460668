// Timing of the checkout, in one place. Each status read costs the payer about 0.9 KB on the wire
// (its headers up, a 304 down), so the reads come where an approval is likely, and thin out after.

/** Reads every 2 s while the payer is likely approving (the push reaches the phone, the PIN is typed). */
const QUICK_POLL_MS = 2_000;
const QUICK_POLL_FOR_MS = 6_000;
/** Then each wait is this share of the time already waited (the later, the less a few seconds matter)… */
const POLL_GROWTH = 0.5;
/** …up to this. */
const SLOWEST_POLL_MS = 15_000;

/**
 * Delay before the next status check, from the time the attempt has been waiting: reads at 2, 4
 * and 6 s, then 9, 13.5, 20, 30, 45 and 60 s, then every 15 s — 9 in the first minute (it was
 * 40). An approval in the first 6 s is seen within 2 s, a later one within half the time it took
 * (15 s at most); coming back to the page, or "check now", reads at once whatever the schedule.
 */
export function pollDelay(waitedMs: number): number {
  if (waitedMs < QUICK_POLL_FOR_MS) return QUICK_POLL_MS;
  return Math.min(SLOWEST_POLL_MS, Math.round((waitedMs * POLL_GROWTH) / 100) * 100);
}

/**
 * Seconds a scheduled status read asks the service to hold it while nothing changes (an extension,
 * `Prefer: wait`: see ClientConfig.heldReadS): with the schedule above, a minute of waiting is 3
 * reads instead of 9 where the service holds them (each read ~0.9 KB with its headers) — the first,
 * at 2 s, held already on the tag the confirm's answer gave (RequestSpec.tagFor), then at 22 and
 * 42 s — and an approval is seen as it happens. Below the idle limit of common proxies (30 s and
 * more), and the sandbox's longest hold (25 s).
 */
export const HELD_READ_S = 20;

/** How long a payer has to approve when the service does not say (MTN MoMo: 5 minutes). */
export const DEFAULT_APPROVAL_WINDOW_MS = 5 * 60_000;
/** Operators report late: keep following this long after the approval window has closed. */
export const DEADLINE_GRACE_MS = 30_000;
/** Once the outcome is unknown past the deadline, check this often, for this long. */
export const UNKNOWN_POLL_MS = 30_000;
/**
 * How often a payment handed on to someone else is read (docs/decisions.md "Someone else pays"):
 * they pay on their own phone when they can, so no faster than this; a service that holds reads
 * answers the moment it is paid anyway.
 */
export const HANDED_ON_POLL_MS = 5_000;
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
