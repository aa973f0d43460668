// Extension (signed events): when a failed delivery is tried again. `standard` is the Standard
// Webhooks specification's schedule; `fast` the same number of attempts within seconds, for a
// merchant's tests and CI (SANDBOX_WEBHOOK_RETRY=fast, or the `webhookRetry` option).
import type { WebhookRetry } from '../config';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait before each attempt, the first at once: eight attempts, then the delivery has failed. */
export const RETRY_SCHEDULES: Readonly<Record<WebhookRetry, readonly number[]>> = {
  standard: [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR],
  fast: [0, 100, 200, 400, 800, 1600, 3200, 6400],
};
