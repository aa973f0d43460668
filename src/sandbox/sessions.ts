// Checkout sessions: a merchant's basket plus the intent that pays it. The hosted page receives
// the intent's client secret in the url fragment, which browsers never send to a server.
import type { Merchant, PublicSession, Session, SessionRequest, SessionStatus } from '../api/types';
import { invalidField } from './errors';
import { newId } from './ids';
import { intentStatus, newIntent, settle } from './intents';
import type { IntentRecord, Owner, SessionRecord } from './store/records';
import type { Store } from './store/store';
import { isoAt } from './time';
import { checkedCurrency, MAX_AMOUNT } from './validate';

export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Only absolute http(s) addresses: a return address must not run script or stay on our page. */
function checkReturnUrl(field: 'successUrl' | 'cancelUrl', value: string): void {
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

/** The checks the schema cannot express; throws before anything is created. */
export function checkSessionRequest(body: SessionRequest): void {
  checkReturnUrl('successUrl', body.successUrl);
  checkReturnUrl('cancelUrl', body.cancelUrl);
  checkedCurrency(body.currency);
  if (body.total > MAX_AMOUNT) throw invalidField('total', `\`total\` must be a whole number from 1 to ${MAX_AMOUNT}.`);
  const sum = body.items.reduce((acc, item) => acc + item.price * item.quantity, 0);
  if (sum !== body.total) {
    throw invalidField('total', `\`total\` (${body.total}) must equal the sum of price × quantity of the items (${sum}).`);
  }
}

/** A session and the intent that pays it, stored together (or neither: 503 if they do not fit). */
export function createSession(store: Store, body: SessionRequest, owner: Owner, now: number): SessionRecord {
  const expiresAt = now + SESSION_LIFETIME_MS;
  const id = newId('cs');
  const intent = newIntent(store, { owner, amount: body.total, currency: body.currency, metadata: body.metadata, session: { id, expiresAt } }, now);
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

function intentOf(store: Store, session: SessionRecord, now: number): IntentRecord {
  const intent = store.intent(session.intentId);
  if (!intent) throw new Error('A session lost its payment intent.');
  settle(intent, now);
  return intent;
}

function statusOf(intent: IntentRecord, session: SessionRecord, now: number): SessionStatus {
  if (intentStatus(intent) === 'succeeded') return 'complete';
  return now >= session.expiresAt ? 'expired' : 'open';
}

/** What anyone may read of a session; `merchant` (extension) is left out when undefined. */
export function toPublicSession(store: Store, session: SessionRecord, now: number, merchant?: Merchant | null): PublicSession {
  const intent = intentOf(store, session, now);
  const view: PublicSession = {
    id: session.id,
    object: 'checkout_session',
    status: statusOf(intent, session, now),
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
  if (merchant !== undefined) view.merchant = merchant;
  return view;
}

/** The merchant's view: the public one plus the secret, the metadata and the page address. */
export function toSession(store: Store, session: SessionRecord, now: number, baseUrl: string, merchant?: Merchant | null): Session {
  const intent = intentOf(store, session, now);
  return {
    ...toPublicSession(store, session, now, merchant),
    url: `${baseUrl}/pay/${session.id}#${intent.clientSecret}`,
    clientSecret: intent.clientSecret,
    metadata: session.metadata,
  };
}
