// Extension (issue 32): the events the service pushes to a merchant's endpoints. The interface
// shows an intent's embedded `event` record and says delivery of events is "not shown"
// (docs/decisions.md, "Signed events"): this is that delivery's payload, shaped as the Standard
// Webhooks specification recommends (`type`, `timestamp`, `data`), with the event's own id — the
// same id as the `webhook-id` header, so a merchant keeps it to do each event once.
import * as z from 'zod/mini';
import { prefixed, timestamp } from './fields';
import { disbursementSchema, paymentIntentSchema, remittanceSchema, sessionSchema } from './index';

/**
 * Every event type, by what it is about. An intent's: an attempt now waits for the payer (a push,
 * a code, the wallet's app), an attempt failed (the intent can be paid again), paid, or canceled
 * (its session expired, or its attempts ran out). A session's: paid, or expired unpaid. A transfer's
 * end, either way.
 */
export const EVENT_TYPES = {
  'payment_intent.pending': 'payment_intent',
  'payment_intent.payment_failed': 'payment_intent',
  'payment_intent.succeeded': 'payment_intent',
  'payment_intent.canceled': 'payment_intent',
  'checkout.session.completed': 'checkout.session',
  'checkout.session.expired': 'checkout.session',
  'remittance.succeeded': 'remittance',
  'remittance.failed': 'remittance',
  'disbursement.succeeded': 'disbursement',
  'disbursement.failed': 'disbursement',
} as const;

export type EventType = keyof typeof EVENT_TYPES;
export const eventTypeSchema = z.enum(Object.keys(EVENT_TYPES) as [EventType, ...EventType[]]);

const event = <T extends EventType, S extends z.ZodMiniType>(type: T, object: S) =>
  z.object({
    id: prefixed('evt'),
    type: z.literal(type),
    /** When the event happened (ISO 8601): not when it was delivered, which a retry repeats. */
    timestamp: timestamp(),
    data: z.object({ object }),
  });

const intentEvent = <T extends EventType>(type: T) => event(type, paymentIntentSchema);
const sessionEvent = <T extends EventType>(type: T) => event(type, sessionSchema);

/** A delivered event, by its `type`. A type this version does not know fails to parse: see `verifyWebhook`. */
export const webhookEventSchema = z.discriminatedUnion('type', [
  intentEvent('payment_intent.pending'),
  intentEvent('payment_intent.payment_failed'),
  intentEvent('payment_intent.succeeded'),
  intentEvent('payment_intent.canceled'),
  sessionEvent('checkout.session.completed'),
  sessionEvent('checkout.session.expired'),
  event('remittance.succeeded', remittanceSchema),
  event('remittance.failed', remittanceSchema),
  event('disbursement.succeeded', disbursementSchema),
  event('disbursement.failed', disbursementSchema),
]);
