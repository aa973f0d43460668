// Fulfillment's fast path (issue 32): an event the service pushed to the merchant's endpoint wakes
// the payment it is about, and that payment is then read and delivered by the loop, through the
// same claims and the same store as polling. The event is a wake-up, never the truth: nothing is
// delivered from its body, so one that arrives first, twice, late, out of order or not at all
// changes when a payment is read, never what is told or how often.
import { type WebhookEvent, verifyWebhook, type WebhookFailure, type WebhookHeaders, WebhookError } from '../api';
import type { FulfillmentStore } from './types';

/**
 * What became of a pushed event, and the status to answer it with. `woken`: a payment followed and
 * not finished, read at once. `ignored` (answer 2xx all the same, or the service retries it for
 * nothing): about no payment followed here, one already finished, no payment at all (a transfer),
 * or a type this version does not know. `refused` (answer 400): not signed by your secret, or
 * outside its time window; nothing changed.
 */
export type ReceivedEvent =
  | { status: 200; outcome: 'woken'; eventId: string; intentId: string }
  | {
      status: 200;
      outcome: 'ignored';
      eventId: string | null;
      reason: 'not_followed' | 'finished' | 'not_a_payment' | 'unknown_type' | 'no_wake';
    }
  | { status: 400; outcome: 'refused'; reason: Exclude<WebhookFailure, 'unknown_type'>; message: string };

/** The endpoint's secret(s), or a function that gives them at each event (learned after start, rotated). */
export type WebhookSecrets = string | readonly string[] | (() => string | readonly string[] | undefined);

export interface ReceiverContext {
  secrets: WebhookSecrets | undefined;
  /** How far an event's timestamp may be from now, in seconds (default 300). */
  toleranceS: number | undefined;
  store: FulfillmentStore;
  now: () => number;
  /** Tells the loop a payment became due (it looks at once, if it runs). */
  nudge: () => void;
}

/** The payment an event is about: an intent's own id, or a session's intent. */
export function intentOfEvent(event: WebhookEvent): string | null {
  const { object } = event.data;
  if ('intent_id' in object) return object.intent_id;
  if ('paymentIntentId' in object) return object.paymentIntentId;
  return null;
}

export function eventReceiver({ secrets, toleranceS, store, now, nudge }: ReceiverContext) {
  return async function receiveEvent(body: string | Uint8Array, headers: WebhookHeaders): Promise<ReceivedEvent> {
    const current = typeof secrets === 'function' ? secrets() : secrets;
    if (current === undefined || current.length === 0)
      throw new TypeError(
        'receiveEvent needs the endpoint’s secret: createFulfillment({ webhookSecrets: "whsec_…" }) (docs/webhooks.md).',
      );
    let event: WebhookEvent;
    try {
      event = verifyWebhook(current, body, headers, { toleranceS, now });
    } catch (error) {
      if (!(error instanceof WebhookError)) throw error;
      if (error.reason === 'unknown_type')
        return { status: 200, outcome: 'ignored', eventId: null, reason: 'unknown_type' };
      return { status: 400, outcome: 'refused', reason: error.reason, message: error.message };
    }
    const intentId = intentOfEvent(event);
    if (intentId === null) return { status: 200, outcome: 'ignored', eventId: event.id, reason: 'not_a_payment' };
    const payment = await store.get(intentId);
    if (!payment) return { status: 200, outcome: 'ignored', eventId: event.id, reason: 'not_followed' };
    if (payment.outcome !== null && Object.values(payment.deliveries).every((s) => s === 'done' || s === 'in_doubt'))
      return { status: 200, outcome: 'ignored', eventId: event.id, reason: 'finished' };
    // A store without `wake` reads the payment at its own pace: the event is then only a hint lost.
    if (!store.wake) return { status: 200, outcome: 'ignored', eventId: event.id, reason: 'no_wake' };
    await store.wake([intentId], now());
    nudge();
    return { status: 200, outcome: 'woken', eventId: event.id, intentId };
  };
}
