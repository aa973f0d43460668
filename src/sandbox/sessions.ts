// Checkout sessions: a merchant's basket plus the intent that pays it. The hosted page receives
// the intent's client secret in the url fragment, which browsers never send to a server.
import type { Merchant, PublicSession, Session, SessionRequest, SessionStatus } from '../api/types';
import { invalidField } from './errors';
import { newId } from './ids';
import { intentStatus, newIntent, settle } from './intent-lifecycle';
import type { IntentRecord, Owner, SessionRecord } from './store/records';
import type { Store } from './store/store';
import { isoAt } from './time';
import { checkedCurrency, MAX_AMOUNT } from './validate';

/** How long a session lasts: by default, and at most when `expiresAt` says (extension). */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The shortest a session may be given: time to open the page and approve a payment. */
export const MIN_SESSION_LIFETIME_MS = 60 * 1000;

/** The instant a date-time of the contract names, or null when its date or time does not exist. */
export function instantOf(text: string): number | null {
  const parts = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)/.exec(text);
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts.slice(1).map(Number) as [number, number, number, number, number];
  // Date.parse takes 30 February for 2 March, and 24:00 for the next midnight: the fields must name themselves.
  const named = new Date(Date.UTC(year, month - 1, day, hour, minute));
  const exists =
    named.getUTCMonth() === month - 1 &&
    named.getUTCDate() === day &&
    named.getUTCHours() === hour &&
    named.getUTCMinutes() === minute;
  const at = Date.parse(text);
  return exists && Number.isFinite(at) ? at : null;
}

/** When a session asked for at `now` ends: `expiresAt` if given (within its bounds), else a day on. */
function sessionEnd(expiresAt: string | undefined, now: number): number {
  if (expiresAt === undefined) return now + SESSION_LIFETIME_MS;
  const earliest = now + MIN_SESSION_LIFETIME_MS;
  const latest = now + SESSION_LIFETIME_MS;
  const at = instantOf(expiresAt);
  if (at === null || at < earliest || at > latest) {
    throw invalidField(
      'expiresAt',
      `\`expiresAt\` must be from 60 seconds to 24 hours from now: from ${isoAt(earliest)} to ${isoAt(latest)}.`,
    );
  }
  return at;
}

/** Only absolute http(s) addresses: a return address must not run script or stay on our page. */
function checkReturnUrl(field: 'successUrl' | 'cancelUrl', value: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses
  let ok = /^https?:\/\/[^\s/?#]/i.test(value) && !/[\s\u0000-\u001f\u007f]/.test(value);
  if (ok) {
    try {
      const url = new URL(value);
      ok = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      ok = false;
    }
  }
  if (!ok) throw invalidField(field, `\`${field}\` must be an absolute http: or https: address.`);
}

/** The checks the schema cannot express; throws before anything is created. Answers when the session ends. */
export function checkSessionRequest(body: SessionRequest, now: number): number {
  checkReturnUrl('successUrl', body.successUrl);
  checkReturnUrl('cancelUrl', body.cancelUrl);
  checkedCurrency(body.currency);
  if (body.total > MAX_AMOUNT) throw invalidField('total', `\`total\` must be a whole number from 1 to ${MAX_AMOUNT}.`);
  const sum = body.items.reduce((acc, item) => acc + item.price * item.quantity, 0);
  if (sum !== body.total) {
    throw invalidField(
      'total',
      `\`total\` (${body.total}) must equal the sum of price × quantity of the items (${sum}).`,
    );
  }
  return sessionEnd(body.expiresAt, now);
}

/** A session ending at `expiresAt` and the intent that pays it, stored together (or neither: 503 if they do not fit). */
export function newSession(
  store: Store,
  body: SessionRequest,
  owner: Owner,
  now: number,
  expiresAt: number,
): SessionRecord {
  const id = newId('cs');
  const intent = newIntent(
    store,
    { owner, amount: body.total, currency: body.currency, metadata: body.metadata, session: { id, expiresAt } },
    now,
  );
  const session: SessionRecord = {
    id,
    intentId: intent.intentId,
    owner,
    total: body.total,
    currency: body.currency,
    accountId: body.accountId,
    successUrl: body.successUrl,
    cancelUrl: body.cancelUrl,
    metadata: body.metadata,
    items: body.items,
    createdAt: now,
    expiresAt,
    ...(body.customer ? { customer: body.customer } : {}),
  };
  store.write(
    [
      { kind: 'intent', record: intent },
      { kind: 'session', record: session },
    ],
    owner,
    'token',
  );
  return session;
}

/** The session's intent, settled as of `now`. */
export function intentOf(store: Store, session: SessionRecord, now: number): IntentRecord {
  const intent = store.intent(session.intentId);
  if (!intent) throw new Error('A session lost its payment intent.');
  settle(intent, now);
  return intent;
}

/** A session's status at `now`, from its intent (settled by `intentOf`). */
export function sessionStatus(intent: IntentRecord, session: SessionRecord, now: number): SessionStatus {
  const status = intentStatus(intent);
  if (status === 'succeeded') return 'complete';
  // An approval awaited at the session's end runs its course (`settle`): the session is not over
  // until it ends unpaid, so that `expired` is final — never followed by `complete` and a merchant
  // who let the basket go when told `expired` charged after all.
  if (status === 'pending') return 'open';
  return now >= session.expiresAt ? 'expired' : 'open';
}

/**
 * What a reader may read of a session: its owner's token (`owner`), or anyone holding its id, as
 * the hosted page does; `merchant` (extension) is left out when undefined.
 */
export function toPublicSession(
  store: Store,
  session: SessionRecord,
  now: number,
  merchant?: Merchant | null,
  owner = false,
): PublicSession {
  const intent = intentOf(store, session, now);
  const view: PublicSession = {
    id: session.id,
    object: 'checkout_session',
    status: sessionStatus(intent, session, now),
    paymentIntentId: session.intentId,
    total: session.total,
    currency: session.currency,
    accountId: session.accountId,
    successUrl: session.successUrl,
    cancelUrl: session.cancelUrl,
    items: session.items,
    createdAt: isoAt(session.createdAt),
    expiresAt: isoAt(session.expiresAt),
  };
  if (merchant !== undefined) {
    // The extensions' fields (a bare service has none): who is paid, and who pays.
    view.merchant = merchant;
    // The payer's name, e-mail and phone: to the merchant always; without a token only while the
    // session can be paid, when the hosted page prefills its form from this read. Once it is paid
    // or expired (when its id is in the success page's address, the merchant's logs, analytics),
    // whoever holds the id reads null (docs/decisions.md, "Who reads a session's customer").
    view.customer = owner || view.status === 'open' ? (session.customer ?? null) : null;
  }
  return view;
}

/** The merchant's view: the public one plus the secret, the metadata and the page address. */
export function toSession(
  store: Store,
  session: SessionRecord,
  now: number,
  baseUrl: string,
  merchant?: Merchant | null,
): Session {
  const intent = intentOf(store, session, now);
  return {
    ...toPublicSession(store, session, now, merchant, true),
    url: `${baseUrl}/pay/${session.id}#${intent.clientSecret}`,
    clientSecret: intent.clientSecret,
    metadata: session.metadata,
  };
}
