// The sweep: a read of the service's list of intents paid or ended since the last look
// (`GET /v1/payment-intents?status=succeeded,canceled&updatedFrom=…`, an extension), whose payments
// followed are then made due now. A service without the list is not asked again.
import { type ClientConfig, isApiError, listIntents } from '../api';
import { failureOf } from './not-found';
import type { ServiceState } from './service-state';
import type { FulfillmentStore } from './types';

export interface SweepContext {
  api: ClientConfig;
  take: () => Promise<void>;
  now: () => number;
  store: FulfillmentStore;
  service: ServiceState;
  report: (error: unknown, intentId: string) => void;
  /** How often (0: never). */
  sweepMs: number;
  leaseMs: number;
}

/**
 * Reads the intents paid or ended since the last sweep (a page of 100 per read, within the rate)
 * and makes those followed due now: at 10 000 open payments, a paid one is read within seconds
 * rather than when its turn comes. Only a hint: each is still read on its own before delivery.
 */
export function sweeper({ api, take, now, store, service, report, sweepMs, leaseMs }: SweepContext) {
  /** When the last sweep started (null: none yet, or the service has no list). */
  let sweptAt: number | null = null;
  let sweeping = sweepMs > 0 && store.wake !== undefined;

  return async function sweep(): Promise<void> {
    const started = now();
    if (!sweeping || !store.wake || (sweptAt !== null && started - sweptAt < sweepMs)) return;
    // A little overlap: a change stamped just before the last sweep started is seen again.
    const from = new Date((sweptAt ?? started - leaseMs) - 5000);
    sweptAt = started;
    try {
      for (let page = 1; page <= 100; page++) {
        await take();
        const { data, meta } = await listIntents(api, {
          status: ['succeeded', 'canceled'],
          updatedFrom: from,
          perPage: 100,
          page,
        });
        await store.wake(
          data.map((intent) => intent.intent_id),
          now(),
        );
        if (meta.nextPageUrl === null) break;
      }
    } catch (error) {
      // A service without the list (its own 404, or a bare one that refuses its filters): never
      // again. A proxy's 404 is no such answer: tried again later.
      const failure = failureOf(error);
      if (failure === 'unknown' || (isApiError(error) && error.status === 400)) {
        sweeping = false;
        return;
      }
      report(error, '');
      if (failure === 'unreachable' || failure === 'refused') service.failed(now());
    }
  };
}
