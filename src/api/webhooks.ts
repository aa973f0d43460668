// Extension (issue 32): checking an event the service pushed to a merchant's endpoint, signed per
// the Standard Webhooks specification (https://www.standardwebhooks.com): `webhook-id`,
// `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`,
// space-separated while a secret is rotated). The HMAC and the secret's `whsec_` format are the
// specification's own library's (`standardwebhooks`, pure JavaScript: it runs wherever this client
// does, Node, Deno, Bun, workers, and synchronously); the policy around it is this module's — a
// window the caller's clock decides, several secrets at once, a reason per refusal, and the event
// parsed with the contract's schema, so a handler gets a typed event or an error, never half of one.
import { Webhook } from 'standardwebhooks';
import { EVENT_TYPES, webhookEventSchema } from './schemas/events';
import type { WebhookEvent } from './types';

/**
 * Why an event was refused. Answer a 400 (the service retries the delivery: a secret or a clock put
 * right in the meantime lets it through), but to `unknown_type`: its signature was good, so answer 2xx
 * and ignore it, or the service retries an event this version will never read.
 */
export type WebhookFailure =
  | 'missing_headers'
  | 'bad_timestamp'
  | 'too_old'
  | 'too_new'
  | 'bad_signature'
  | 'bad_payload'
  | 'unknown_type';

export class WebhookError extends Error {
  readonly reason: WebhookFailure;
  constructor(reason: WebhookFailure, message: string) {
    super(message);
    this.name = 'WebhookError';
    this.reason = reason;
  }
}

export interface VerifyWebhookOptions {
  /** How far the event's timestamp may be from `now`, either way, in seconds: a replay outside it is refused. Default 300 (the specification's). */
  toleranceS?: number;
  /** The current time, in ms since the epoch (default `Date.now`). */
  now?: () => number;
}

type HeaderValue = string | readonly string[] | undefined;
/** A fetch `Headers`, or Node's `req.headers` (names in any case). */
export type WebhookHeaders = Headers | Readonly<Record<string, HeaderValue>>;

const header = (headers: WebhookHeaders, name: string): string | undefined => {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers as Record<string, HeaderValue>))
    if (key.toLowerCase() === name) return typeof value === 'string' ? value : value?.join(' ');
  return undefined;
};

/** Equal strings, in a time that depends on their lengths only. */
function sameText(a: string, b: string): boolean {
  let differ = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) differ |= a.charCodeAt(i) ^ b.charCodeAt(i % (b.length || 1));
  return differ === 0;
}

/**
 * The event in `body` — the request's body exactly as received (text or bytes, before any JSON
 * parsing: a re-serialised object no longer matches its signature) — once its signature by one of
 * `secrets` (`whsec_…`, as the endpoint's registration answered) and its timestamp are right.
 * Throws a `WebhookError` otherwise. The same event may arrive more than once (delivery is at least
 * once): keep `event.id` and do its work once.
 */
export function verifyWebhook(
  secrets: string | readonly string[],
  body: string | Uint8Array,
  headers: WebhookHeaders,
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  if (typeof body !== 'string' && !(body instanceof Uint8Array))
    throw new TypeError(
      'verifyWebhook takes the raw body (text or bytes), not a parsed object: its signature covers the exact bytes.',
    );
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  const id = header(headers, 'webhook-id');
  const sent = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !sent || !signatures)
    throw new WebhookError('missing_headers', 'webhook-id, webhook-timestamp and webhook-signature are required.');
  if (!/^\d{1,12}$/.test(sent))
    throw new WebhookError('bad_timestamp', `webhook-timestamp is not a time: ${sent.slice(0, 20)}`);
  const atS = Number(sent);
  const nowS = Math.floor((options.now ?? Date.now)() / 1000);
  const toleranceS = options.toleranceS ?? 300;
  if (nowS - atS > toleranceS)
    throw new WebhookError('too_old', `signed ${nowS - atS} s ago (tolerance ${toleranceS} s).`);
  if (atS - nowS > toleranceS)
    throw new WebhookError('too_new', `signed ${atS - nowS} s ahead (tolerance ${toleranceS} s).`);

  const offered = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => entry.slice(3));
  const expected = (Array.isArray(secrets) ? secrets : [secrets as string]).map((secret) =>
    new Webhook(secret).sign(id, new Date(atS * 1000), text).slice(3),
  );
  // Every pair compared, so the time taken says nothing of which secret or signature came close.
  let matched = false;
  for (const mine of expected) for (const theirs of offered) matched = sameText(mine, theirs) || matched;
  if (!matched) throw new WebhookError('bad_signature', 'no signature matches this body with the endpoint’s secret.');

  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new WebhookError('bad_payload', 'the body is not JSON.');
  }
  const parsed = webhookEventSchema.safeParse(payload);
  if (parsed.success) {
    if (parsed.data.id !== id) throw new WebhookError('bad_payload', 'the body’s id is not webhook-id.');
    return parsed.data;
  }
  const type = (payload as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && !Object.hasOwn(EVENT_TYPES, type))
    throw new WebhookError('unknown_type', `${type} is an event this version does not know: answer 200 and ignore it.`);
  throw new WebhookError(
    'bad_payload',
    `the event does not match the contract: ${parsed.error.issues[0]?.message ?? ''}`,
  );
}
