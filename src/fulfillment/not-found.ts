// When a failed read may mark a payment lost, and when it says the service (or its address, or the
// key) is the trouble. `lost` is final: a payment so marked is never read again. So a 404 alone
// never makes it: a proxy's HTML 404 during a deploy, a wrong path in `baseUrl` and a key that is
// not the payment's all answer 404 for every payment at once, and none of them means "this payment
// will never be paid". Nor does another key's answer: only the key a payment was followed with (or
// found with) may make it lost, so two shops sharing a store never lose each other's payments.
// Pure functions, tested on their own (test/fulfillment/not-found.test.ts).
import { isApiError, isTransient } from '../api';

/**
 * What a failed read of an intent says:
 * - `unknown`: the service's own JSON error `not_found` for it — forgotten, never its, or read
 *   with a key that is not the one it was created with;
 * - `refused`: the key is refused (401, 403): every read fails alike;
 * - `unreachable`: no answer from the service itself — network, time limit, 429, 5xx, or a 404
 *   without the service's error body (a proxy's or load balancer's page);
 * - `other`: anything else (a 400, an answer that breaks the contract): this payment's alone.
 */
export type ReadFailure = 'unknown' | 'refused' | 'unreachable' | 'other';

export function failureOf(error: unknown): ReadFailure {
  if (!isApiError(error)) return 'other';
  if (error.kind === 'http' && error.status === 404) return error.code === 'not_found' ? 'unknown' : 'unreachable';
  if (error.kind === 'http' && (error.status === 401 || error.status === 403)) return 'refused';
  return isTransient(error) ? 'unreachable' : 'other';
}

/** A payment's run of `unknown` answers: since when, and how many (a successful read ends it). */
export interface NotFoundRun {
  since: number;
  answers: number;
}

/** Answers in a run before a payment may be lost (with `Pace.lostAfterMs` between the first and the last). */
export const LOST_AFTER_ANSWERS = 3;

/**
 * Whether a payment whose run of `unknown` answers is `run` is lost at `now`: the service kept
 * saying so, at least three times over `lostAfterMs` (a service that has just created a payment,
 * or restored a backup, may not know it for a while); and a read by this process has found a
 * payment (`provenAt`), so its address and key do reach the service and find payments there.
 * Without that proof every payment answers alike, which is a wrong key or address (they cannot
 * change while the process runs): never lost, reported until it is put right.
 */
export function isLost(run: NotFoundRun, now: number, provenAt: number | null, lostAfterMs: number): boolean {
  return run.answers >= LOST_AFTER_ANSWERS && now - run.since >= lostAfterMs && provenAt !== null;
}

/** What `onError` is told of an `unknown` answer that did not (yet) make the payment lost. */
export function notFoundError(intentId: string, run: NotFoundRun, provenAt: number | null, cause: unknown): Error {
  const why =
    provenAt === null
      ? 'no read by this process has found any payment yet, so the key or the address is more likely wrong than the payment: is `api.token` the key it was created with, and `api.baseUrl` the service?'
      : `it is reported lost once the service has said so ${LOST_AFTER_ANSWERS} times over \`pace.lostAfterMs\``;
  return new Error(
    `The service answers that it does not know ${intentId} (404 not_found, ${run.answers} time(s) since ${new Date(run.since).toISOString()}); it is still followed: ${why}.`,
    { cause },
  );
}

/** What `onError` is told of an `unknown` answer to a key that is not the payment's: never counted towards lost. */
export function notOursError(intentId: string, cause: unknown): Error {
  return new Error(
    `The service answers that it does not know ${intentId} to this process's key, which is not the key it was followed with: it is left to that key's processes (a store shared by two keys), and never reported lost by this one.`,
    { cause },
  );
}

/**
 * What `onError` is told of an answer about another intent than the one asked for (a misbehaving
 * service, or a proxy or cache mixing answers up): nothing of it is kept or delivered, and the
 * payment is read again later, as after any failed read of its own.
 */
export function otherIntentError(intentId: string, answered: unknown): Error {
  return new Error(
    `The service answered a read of ${intentId} with another intent (${JSON.stringify(answered)}): nothing is delivered from it; ${intentId} is read again later.`,
  );
}
