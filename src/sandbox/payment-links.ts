// Payment links (extension, issue 31): a merchant's link with a fixed amount or one the payer
// chooses within bounds, closed by its limit of succeeded payments, its expiry or its deactivation.
// Opening it makes nothing; each payer who presses Pay gets an intent of their own (`openLink`),
// so that two openings are two payments only if both are paid. Whether it still takes a payment is
// asked again at each confirm (`assertLinkTakes`): two payers who opened the last place of a link
// with a limit cannot both pay it.
import type { Merchant, PaymentLink, PaymentLinkRequest, PaymentLinkStatus, PublicPaymentLink } from '../api/types';
import { invalidField, SandboxError } from './errors';
import { newId } from './ids';
import { intentStatus, newIntent, settle } from './intent-lifecycle';
import { instantOf } from './sessions';
import type { IntentRecord, Owner, PaymentLinkRecord } from './store/records';
import type { Store } from './store/store';
import { isoAt } from './time';
import { checkedAmount, checkedCurrency } from './validate';

/** The shortest and longest a link may be given before it expires. */
export const MIN_LINK_LIFETIME_MS = 60 * 1000;
export const MAX_LINK_LIFETIME_MS = 366 * 24 * 60 * 60 * 1000;

/** The link's amount fields, checked as a whole: a fixed amount, or bounds, never both. */
function amountsOf(body: PaymentLinkRequest): Pick<PaymentLinkRecord, 'amount' | 'amountMin' | 'amountMax'> {
  const { amount, amountMin, amountMax } = body;
  if (amount !== undefined) {
    const extra = amountMin !== undefined ? 'amountMin' : amountMax !== undefined ? 'amountMax' : null;
    if (extra)
      throw invalidField(
        extra,
        `Give \`amount\` (fixed) or \`amountMin\` and \`amountMax\` (chosen by the payer), not both.`,
      );
    return { amount: checkedAmount(amount), amountMin: null, amountMax: null };
  }
  if (amountMin === undefined || amountMax === undefined) {
    throw invalidField(
      amountMin === undefined ? 'amountMin' : 'amountMax',
      'Give `amount` (fixed), or both `amountMin` and `amountMax` (the payer chooses within them).',
    );
  }
  const min = checkedAmount(amountMin, 'amountMin');
  const max = checkedAmount(amountMax, 'amountMax');
  if (min > max) throw invalidField('amountMax', '`amountMax` must be at least `amountMin`.');
  return { amount: null, amountMin: min, amountMax: max };
}

/** A new link from a checked body (throws, naming the field, before anything is made). */
export function newLink(body: PaymentLinkRequest, owner: Owner, now: number): PaymentLinkRecord {
  let expiresAt: number | null = null;
  if (body.expiresAt !== undefined) {
    expiresAt = instantOf(body.expiresAt);
    if (expiresAt === null || expiresAt < now + MIN_LINK_LIFETIME_MS || expiresAt > now + MAX_LINK_LIFETIME_MS) {
      throw invalidField(
        'expiresAt',
        `\`expiresAt\` must be from 60 seconds to 366 days from now: from ${isoAt(now + MIN_LINK_LIFETIME_MS)} to ${isoAt(now + MAX_LINK_LIFETIME_MS)}.`,
      );
    }
  }
  return {
    id: newId('plink'),
    owner,
    ...amountsOf(body),
    currency: checkedCurrency(body.currency),
    description: body.description,
    maxPayments: body.maxPayments ?? null,
    expiresAt,
    metadata: body.metadata ?? null,
    createdAt: now,
    deactivatedAt: null,
  };
}

/** The link's intents, settled as of `now` (those forgotten by the store no longer count). */
function intentsOf(store: Store, link: PaymentLinkRecord, now: number): IntentRecord[] {
  return store.links.intentsOf(link.id).flatMap((id) => {
    const intent = store.intent(id);
    if (!intent) return [];
    settle(intent, now);
    return [intent];
  });
}

const paidCount = (intents: readonly IntentRecord[]) => intents.filter((i) => intentStatus(i) === 'succeeded').length;

export function linkStatus(store: Store, link: PaymentLinkRecord, now: number): PaymentLinkStatus {
  if (link.deactivatedAt !== null) return 'inactive';
  if (link.expiresAt !== null && now >= link.expiresAt) return 'expired';
  if (link.maxPayments !== null && paidCount(intentsOf(store, link, now)) >= link.maxPayments) return 'full';
  return 'active';
}

const CLOSED: Record<Exclude<PaymentLinkStatus, 'active'>, string> = {
  inactive: 'This payment link was deactivated by the merchant.',
  expired: 'This payment link has expired.',
  full: 'This payment link has taken all the payments it was made for.',
};

/** The view anyone holding the id reads (`owner`: the merchant's, with the metadata). */
export function toLinkView(
  store: Store,
  link: PaymentLinkRecord,
  now: number,
  base: string,
  merchant: Merchant | null,
): PublicPaymentLink {
  const url = `${base}/l/${link.id}`;
  return {
    id: link.id,
    object: 'payment_link',
    status: linkStatus(store, link, now),
    url,
    qrUrl: `${url}/qr`,
    amount: link.amount,
    amountMin: link.amountMin,
    amountMax: link.amountMax,
    currency: link.currency,
    description: link.description,
    maxPayments: link.maxPayments,
    paymentsCount: paidCount(intentsOf(store, link, now)),
    expiresAt: link.expiresAt === null ? null : isoAt(link.expiresAt),
    createdAt: isoAt(link.createdAt),
    merchant,
  };
}

export const toMerchantLinkView = (
  store: Store,
  link: PaymentLinkRecord,
  now: number,
  base: string,
  merchant: Merchant | null,
): PaymentLink => ({ ...toLinkView(store, link, now, base, merchant), metadata: link.metadata });

/** Refuses with 409 when the link takes no payment now; `except` is an intent of it being confirmed. */
function assertOpen(store: Store, link: PaymentLinkRecord, now: number, except?: string): void {
  const status = linkStatus(store, link, now);
  if (status !== 'active') throw new SandboxError('payment_link_inactive', CLOSED[status]);
  if (link.maxPayments === null) return;
  // Paid, or being paid: another payer's attempt under way holds its place until it ends.
  const taken = intentsOf(store, link, now).filter(
    (intent) => intent.intentId !== except && ['succeeded', 'pending'].includes(intentStatus(intent)),
  ).length;
  if (taken >= link.maxPayments) {
    throw new SandboxError(
      'payment_link_inactive',
      'This payment link has taken all the payments it was made for (another payment through it is under way).',
    );
  }
}

/** A payer's own intent through the link, for `amount` when the payer chooses it; stored. */
export function openLink(store: Store, link: PaymentLinkRecord, amount: number | undefined, now: number): IntentRecord {
  if (link.amount !== null && amount !== undefined && amount !== link.amount)
    throw invalidField('amount', `This link's amount is fixed: ${link.amount}.`);
  const chosen = link.amount ?? amount;
  if (chosen === undefined) throw invalidField('amount', 'This link asks the payer for `amount`.');
  if (link.amountMin !== null && link.amountMax !== null && (chosen < link.amountMin || chosen > link.amountMax))
    throw invalidField('amount', `\`amount\` must be from ${link.amountMin} to ${link.amountMax}.`);
  assertOpen(store, link, now);
  const intent: IntentRecord = {
    ...newIntent(
      store,
      {
        owner: link.owner,
        amount: chosen,
        currency: link.currency,
        description: link.description,
        metadata: { ...link.metadata, paymentLink: link.id },
      },
      now,
    ),
    linkId: link.id,
  };
  // A payer's opening is held to the merchant's share, as the merchant's own creations are.
  store.write([{ kind: 'intent', record: intent }], link.owner, 'token');
  return intent;
}

/** Before a confirm: an intent made by a link is paid only while the link takes it. */
export function assertLinkTakes(store: Store, intent: IntentRecord, now: number): void {
  const link = intent.linkId === undefined ? undefined : store.links.get(intent.linkId);
  if (link) assertOpen(store, link, now, intent.intentId);
}
