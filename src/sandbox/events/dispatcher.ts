// Extension (signed events): making the deliveries the events owe (./producer stores them first,
// `pending`): at least once, each signed with its endpoint's secret per Standard Webhooks; a 2xx
// answer within the timeout ends it, anything else is retried on the schedule (./retry) until it
// runs out; every attempt is written down, whole, with its result, and the next one with it — so a
// restart finds each delivery still owed, `pending`, and makes it (`resume`). Faults a merchant's
// CI asks for (per endpoint: the schema's comment defines them) are played here.
import type { SandboxConfig } from '../config';
import { newId } from '../ids';
import type { DeliveryRecord } from '../store/records';
import type { Store } from '../store/store';
import { newWebhookSecret, webhookHeaders } from './signature';
import { RETRY_SCHEDULES } from './retry';

export interface DispatcherParts {
  config: SandboxConfig;
  store: Store;
  /** Resolves once what was written is on disk: nothing is told before it is kept. */
  durable: () => Promise<void>;
}

/** What one attempt came to. */
interface Result {
  ok: boolean;
  httpStatus: number | null;
  error: string | null;
}

export class Dispatcher {
  /** Deliveries waiting for their time, each with its timer. */
  private readonly timers = new Map<string, { delivery: DeliveryRecord; timer: ReturnType<typeof setTimeout> }>();
  /** `out_of_order`: first deliveries held, by endpoint and object, for a later event to overtake. */
  private readonly held = new Map<string, DeliveryRecord[]>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(private readonly parts: DispatcherParts) {}

  /** Makes each delivery when it is due. */
  queue(deliveries: readonly DeliveryRecord[]): void {
    for (const delivery of deliveries) {
      if (delivery.fault === 'out_of_order' && delivery.attempt === 1) this.hold(delivery);
      else this.at(delivery, delivery.scheduledAt);
    }
  }

  /** Every delivery still owed (at a start). */
  resume(): void {
    this.queue([...this.parts.store.webhooks.pendingDeliveries()]);
  }

  /** Stops: no new attempt, those under way abandoned (still `pending`: a restart makes them). */
  async close(): Promise<void> {
    this.stopping.abort();
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Makes now what is due by the sandbox's clock (the pump's tick): a clock set forward — a test's,
   * or the time a restart was down — does not wait for timers set by the clock before.
   */
  runDue(now: number): void {
    for (const { delivery } of [...this.timers.values()]) if (delivery.scheduledAt <= now) this.run(delivery);
  }

  private at(delivery: DeliveryRecord, when: number): void {
    if (this.stopping.signal.aborted) return;
    this.unschedule(delivery.id);
    const timer = setTimeout(() => this.run(delivery), Math.max(0, when - this.parts.config.now()));
    timer.unref?.();
    this.timers.set(delivery.id, { delivery, timer });
  }

  private unschedule(id: string): void {
    clearTimeout(this.timers.get(id)?.timer);
    this.timers.delete(id);
  }

  /**
   * An `out_of_order` endpoint's first delivery waits (`lateMs`); a later event of the same object
   * arriving meanwhile is delivered at once, and the ones it overtook right after it.
   */
  private hold(delivery: DeliveryRecord): void {
    const objectId = this.parts.store.webhooks.event(delivery.eventId)?.objectId ?? delivery.eventId;
    const key = `${delivery.endpointId} ${objectId}`;
    const waiting = this.held.get(key) ?? [];
    if (waiting.length === 0) {
      this.held.set(key, [delivery]);
      this.at(delivery, delivery.scheduledAt);
      return;
    }
    this.held.delete(key);
    for (const older of waiting) this.unschedule(older.id);
    this.run(delivery, () => {
      for (const older of waiting.reverse()) this.run(older);
    });
  }

  private run(delivery: DeliveryRecord, then?: () => void): void {
    this.unschedule(delivery.id);
    for (const [key, waiting] of this.held) {
      const left = waiting.filter((d) => d.id !== delivery.id);
      if (left.length === waiting.length) continue;
      if (left.length === 0) this.held.delete(key);
      else this.held.set(key, left);
    }
    const attempt = this.attempt(delivery).finally(() => {
      this.inFlight.delete(attempt);
      then?.();
    });
    this.inFlight.add(attempt);
  }

  private async attempt(delivery: DeliveryRecord): Promise<void> {
    const { config, store, durable } = this.parts;
    const event = store.webhooks.event(delivery.eventId);
    const endpoint = store.webhooks.endpoint(delivery.endpointId);
    if (!event) return; // forgotten (expired, or to make room): nothing left to tell
    // Told only once kept: after a failed write the sandbox refuses everything until it is
    // restarted, and the restart makes what is owed of what reached the disk.
    const kept = await durable().then(
      () => true,
      () => false,
    );
    if (!kept || this.stopping.signal.aborted) return;
    const startedAt = config.now();
    let result: Result;
    if (!endpoint) result = { ok: false, httpStatus: null, error: 'the endpoint was deleted' };
    else {
      const body = JSON.stringify(event.payload);
      const first = delivery.attempt === 1;
      const wrongSecret = first && delivery.fault === 'bad_signature';
      const headers = webhookHeaders(wrongSecret ? newWebhookSecret() : endpoint.secret, event.id, startedAt, body);
      result = await this.post(endpoint.url, body, headers);
      if (this.stopping.signal.aborted) return;
      if (wrongSecret)
        result = {
          ok: false,
          httpStatus: result.httpStatus,
          error: `bad_signature: signed wrongly on purpose (${said(result)})`,
        };
      else if (first && delivery.fault === 'fail_then_succeed')
        result = {
          ok: false,
          httpStatus: result.httpStatus,
          error: `fail_then_succeed: counted as failed (${said(result)})`,
        };
    }
    const schedule = RETRY_SCHEDULES[config.webhookRetry];
    const retry = !result.ok && endpoint !== undefined && delivery.attempt < schedule.length;
    const doneAt = config.now();
    const nextAt = retry ? doneAt + (schedule[delivery.attempt] as number) : null;
    const made: DeliveryRecord = {
      ...delivery,
      status: result.ok ? 'succeeded' : 'failed',
      httpStatus: result.httpStatus,
      error: result.error,
      attemptedAt: startedAt,
      nextAttemptAt: nextAt,
    };
    const next: DeliveryRecord | null =
      nextAt === null
        ? null
        : {
            ...delivery,
            id: newId('wd'),
            attempt: delivery.attempt + 1,
            fault: delivery.fault === 'duplicate' ? 'duplicate' : null,
            scheduledAt: nextAt,
          };
    const owner = event.owner;
    try {
      store.write(
        [{ kind: 'delivery', record: made }, ...(next ? [{ kind: 'delivery' as const, record: next }] : [])],
        owner,
        'none',
      );
    } catch (error) {
      console.error(`[sandbox] could not record a delivery of ${event.id}: ${String(error)}`);
      return;
    }
    if (next) this.at(next, next.scheduledAt);
  }

  private async post(url: string, body: string, headers: Record<string, string>): Promise<Result> {
    const { webhookTimeoutMs } = this.parts.config;
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'momo-checkout-sandbox' },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(webhookTimeoutMs), this.stopping.signal]),
      });
      await answer.body?.cancel().catch(() => undefined);
      const ok = answer.status >= 200 && answer.status < 300;
      return { ok, httpStatus: answer.status, error: ok ? null : `HTTP ${answer.status}` };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const cause =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      return {
        ok: false,
        httpStatus: null,
        error: timedOut ? `timeout after ${webhookTimeoutMs} ms` : `no answer: ${cause}`,
      };
    }
  }
}

const said = (result: Result) =>
  result.httpStatus === null ? (result.error ?? 'no answer') : `answered ${result.httpStatus}`;
