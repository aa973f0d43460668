// A store's record of a payment, checked before it is worked on: a file cut short, not JSON, or
// not the shape fulfillment writes (a disk's fault, a hand's edit, another program) is set aside by
// its store (kept, never deleted), named by `fulfillment.damaged()` and told once to `onError`;
// every other payment goes on (docs/fulfillment.md, "Damage is contained").
import type { DamagedRecord, DeliveryState, FollowedPayment, FulfillmentKind } from './types';

/** What `onError` is told, once, when a store sets a record aside. */
export class DamagedRecordError extends Error {
  readonly code = 'MOMO_FULFILLMENT_DAMAGED';
  constructor(readonly record: DamagedRecord) {
    super(
      `momo-checkout/fulfillment: the record of ${record.intentId} is damaged (${record.reason}); set aside, kept at ${record.kept}, and no longer followed: check that payment yourself. Every other payment goes on.`,
    );
    this.name = 'DamagedRecordError';
  }
}

const KINDS: readonly FulfillmentKind[] = ['paid', 'failed', 'expired', 'overdue', 'lost'];
const STATES: readonly DeliveryState[] = ['due', 'started', 'done', 'in_doubt'];
const OUTCOMES = [null, 'paid', 'failed', 'expired', 'lost'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTime = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const isCount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isText = (value: unknown) => typeof value === 'string';
const orNull = (check: (value: unknown) => boolean) => (value: unknown) => value === null || check(value);
/** Fields fulfillment reads with a default (`?? null`): a record written before they existed lacks them. */
const orAbsent = (check: (value: unknown) => boolean) => (value: unknown) => value == null || check(value);

const FIELDS: [keyof FollowedPayment, (value: unknown) => boolean][] = [
  ['intentId', isText],
  ['sessionId', orNull(isText)],
  ['metadata', orAbsent(isObject)],
  ['followedWith', orAbsent(isText)],
  ['foundWith', orAbsent(isText)],
  ['followedAt', isTime],
  ['deadline', isTime],
  ['nextCheckAt', isTime],
  ['checks', isCount],
  ['failures', isCount],
  ['intent', orNull(isObject)],
  ['outcome', (value) => OUTCOMES.includes(value as string | null)],
  ['deliveries', isObject],
  ['handlerFailures', isCount],
  ['lastError', orNull(isText)],
];

/**
 * Why `value` is not a payment's record as fulfillment writes it (with `intentId`: that payment's),
 * or null when it is one. Fields fulfillment does not read are let be (a later version's).
 */
export function damageOf(value: unknown, intentId?: string): string | null {
  if (!isObject(value)) return 'not a JSON object';
  for (const [field, check] of FIELDS) if (!check(value[field])) return `invalid field: ${field}`;
  if (intentId !== undefined && value.intentId !== intentId) return `the record of ${String(value.intentId)}`;
  for (const [kind, state] of Object.entries(value.deliveries as object))
    if (!KINDS.includes(kind as FulfillmentKind) || !STATES.includes(state as DeliveryState))
      return `invalid field: deliveries.${kind}`;
  const notFound = value.notFound;
  if (notFound != null && !(isObject(notFound) && isTime(notFound.since) && isCount(notFound.answers)))
    return 'invalid field: notFound';
  // An answer about another intent is never this payment's state (a misbehaving service or proxy).
  const intent = value.intent as Record<string, unknown> | null;
  if (intent !== null && intent.intent_id !== value.intentId) return 'invalid field: intent (another intent)';
  return null;
}

/** Parses a record's text and checks it: the payment, or why it is damaged. */
export function parseRecord(
  text: string,
  intentId?: string,
): { payment: FollowedPayment; damage?: undefined } | { damage: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { damage: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const damage = damageOf(value, intentId);
  return damage === null ? { payment: value as FollowedPayment } : { damage };
}
