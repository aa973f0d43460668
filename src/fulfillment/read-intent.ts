// One read of a followed payment's intent, and what it learns: its end (then the delivery it calls
// for is due), when to read it again, or, for a failed read, whether the payment is lost, whether
// every read must wait (./service-state.ts), and when to try this one again.
import { type ClientConfig, getIntent } from '../api';
import { failureOf, isLost, notFoundError, notOursError, otherIntentError } from './not-found';
import { backoff, nextCheck, outcomeOf, type Pace } from './schedule';
import type { ServiceState } from './service-state';
import type { Claimed, FollowedPayment, FulfillmentStore } from './types';

export interface ReadContext {
  api: ClientConfig;
  /** The fingerprint of this process's key (./fulfillment.ts `keyFingerprint`). */
  key: string;
  /** Waits for the rate's next read. */
  take: () => Promise<void>;
  now: () => number;
  pace: Pace;
  store: FulfillmentStore;
  service: ServiceState;
  report: (error: unknown, intentId: string) => void;
}

/** Reads the intent; records its end, or when to read it again. False: leave it (saved). */
export function intentReader({ api, key, take, now, pace, store, service, report }: ReadContext) {
  return async function read(payment: FollowedPayment, claimed: Claimed): Promise<boolean> {
    await take();
    try {
      const intent = await getIntent(api, payment.intentId);
      // An answer about another intent says nothing of this one: a failed read, never a delivery.
      if (intent.intent_id !== payment.intentId) throw otherIntentError(payment.intentId, intent.intent_id);
      payment.intent = intent;
      payment.checks += 1;
      payment.failures = 0;
      payment.notFound = null;
      // Found with this key: its processes alone work on it from now on.
      payment.foundWith = key;
      service.answered(now());
    } catch (error) {
      const at = now();
      const failure = failureOf(error);
      // Whose answer this is: only the payment's own key's `not_found` says anything of it.
      const ours = (payment.foundWith ?? payment.followedWith) === key;
      let told = error;
      if (failure === 'unknown' && ours) {
        const run = { since: payment.notFound?.since ?? at, answers: (payment.notFound?.answers ?? 0) + 1 };
        payment.notFound = run;
        if (isLost(run, at, service.provenAt, pace.lostAfterMs)) {
          payment.outcome = 'lost';
          payment.deliveries.lost ??= 'due';
          return true;
        }
        told = notFoundError(payment.intentId, run, service.provenAt, error);
      } else if (failure === 'unknown') {
        told = notOursError(payment.intentId, error);
      }
      payment.failures += 1;
      payment.lastError = told instanceof Error ? told.message : String(told);
      report(told, payment.intentId);
      // The service down or overloaded, a proxy's 404, a refused key, or every payment of this key
      // unknown so far (a wrong key or address): every read waits, not only this payment's.
      if (
        failure === 'unreachable' ||
        failure === 'refused' ||
        (failure === 'unknown' && ours && service.provenAt === null)
      )
        service.failed(at);
      payment.nextCheckAt = backoff(payment.failures, at, pace);
      await store.save(payment, claimed.claim);
      return false;
    }
    const at = now();
    const outcome = outcomeOf(payment.intent);
    if (outcome) {
      payment.outcome = outcome;
      payment.deliveries[outcome] ??= 'due';
    } else {
      if (at >= payment.deadline) payment.deliveries.overdue ??= 'due';
      payment.nextCheckAt = nextCheck(payment, at, pace);
    }
    return true;
  };
}
