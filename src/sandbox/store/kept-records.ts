// Every record of the sandbox, who created it and what it weighs, kept in the order it expires:
// the maps and indexes, their reads, and how each kind of record is forgotten (with what hangs on
// it: an intent's session, its reference, its place in its owner's lists). How records arrive, as
// entries (see records.ts) applied one by one, is record-set.ts, which builds on this; when one is
// forgotten — at the bound, to make room, or once it has expired — is the store's policy (store.ts).
import type { Answer, IntentRecord, Logo, MerchantRecord, Owner, SessionRecord, TransferRecord } from './records';
import { type Evicted, Holdings } from './holdings';
import { IdCounters } from './id-counters';
import { type NewestFirst, OwnerIndex } from './owner-index';
import { PaymentLinks } from './payment-links';
import { Profiles } from './profiles';
import { type StateLimits, Usage } from './usage';
import { WebhookRecords } from './webhook-records';

export interface Kept<T> {
  record: T;
  bytes: number;
}

/** The key of an owner's reference, in either form ("K7M-4Q2" as stored, "K7M4Q2" as looked up). */
export const referenceKey = (owner: Owner, reference: string) => `${owner}\n${reference.replace('-', '')}`;

export class KeptRecords {
  /** In the order of their last activity (creation or attempt), hence of their expiry. */
  protected readonly intents = new Map<string, Kept<IntentRecord>>();
  protected readonly sessions = new Map<string, Kept<SessionRecord>>();
  /** In creation order, hence of their expiry. */
  protected readonly transfers = new Map<string, Kept<TransferRecord>>();
  /** Each owner's intents, sessions and remittances in creation order: what the lists read. */
  protected readonly intentsByOwner = new OwnerIndex<IntentRecord>((intent) => intent.id);
  protected readonly sessionsByOwner = new OwnerIndex<SessionRecord>();
  protected readonly remittancesByOwner = new OwnerIndex<TransferRecord>();
  /** Each owner's intents by their short reference (canonical: "K7M4Q2"), as `referenceKey` keys them. */
  protected readonly byReference = new Map<string, string>();
  protected readonly answers = new Map<string, Kept<Answer> & { owner: Owner }>();
  /** Merchant profiles, one per token, in the order they were set, hence of their expiry, and their logos. */
  protected readonly merchants = new Profiles();
  /** Extension: payment links, and the intents their openings made. */
  readonly links = new PaymentLinks();
  /** Each owner's records, least recently active first, and what was forgotten of them to make room. */
  protected readonly holdings = new Holdings();
  /** The highest integer ids of each owner's live records. */
  protected readonly ids = new IdCounters();
  readonly usage: Usage;
  /** Extension: endpoints, events and their deliveries. */
  readonly webhooks = new WebhookRecords({
    weigh: (owner, change) => this.usage.add(owner, change),
    hold: (owner, key) => this.hold(owner, key),
    release: (owner, key) => this.release(owner, key),
  });

  constructor(limits: StateLimits) {
    this.usage = new Usage(limits);
  }

  // ---- Reads ----------------------------------------------------------------------------------

  intent = (id: string): IntentRecord | undefined => this.intents.get(id)?.record;
  session = (id: string): SessionRecord | undefined => this.sessions.get(id)?.record;
  answer = (id: string): Answer | undefined => this.answers.get(id)?.record;
  merchant = (owner: Owner): MerchantRecord | undefined => this.merchants.get(owner);
  logo = (key: string): Logo | undefined => this.merchants.logo(key);
  /** A remittance or disbursement by its id. */
  transfer = (id: string): TransferRecord | undefined => this.transfers.get(id)?.record;
  /** A merchant's remittances, oldest first. */
  remittancesOf = (owner: Owner): readonly TransferRecord[] => this.remittancesByOwner.of(owner);
  /** A merchant's remittances newest first, without a copy. */
  remittancesNewestFirst = (owner: Owner): NewestFirst<TransferRecord> => this.remittancesByOwner.newestFirst(owner);
  /** A merchant's intents created in [from, before) (null: unbounded), newest first (then by integer id), without a copy. */
  intentsOf = (owner: Owner, from: number | null = null, before: number | null = null): NewestFirst<IntentRecord> =>
    this.intentsByOwner.newestFirst(owner, from, before);
  /** A merchant's intent by its short reference in canonical form ("K7M4Q2"), if it has one. */
  intentByReference = (owner: Owner, canonical: string): IntentRecord | undefined => {
    const id = this.byReference.get(referenceKey(owner, canonical));
    return id === undefined ? undefined : this.intent(id);
  };
  /** A merchant's sessions created in [from, before), newest first, without a copy. */
  sessionsOf = (owner: Owner, from: number | null = null, before: number | null = null): NewestFirst<SessionRecord> =>
    this.sessionsByOwner.newestFirst(owner, from, before);

  counts() {
    const remittances = this.remittancesByOwner.size;
    return {
      intents: this.intents.size,
      sessions: this.sessions.size,
      remittances,
      disbursements: this.transfers.size - remittances,
    };
  }

  *allIntents(): Generator<IntentRecord> {
    for (const { record } of this.intents.values()) yield record;
  }

  *allTransfers(): Generator<TransferRecord> {
    for (const { record } of this.transfers.values()) yield record;
  }

  /** Every session, oldest first. */
  *allSessions(): Generator<SessionRecord> {
    for (const { record } of this.sessions.values()) yield record;
  }

  nextIntentId = (owner: Owner = ''): number => this.ids.nextIntentId(owner);
  nextEventId = (owner: Owner = ''): number => this.ids.nextEventId(owner);
  nextChargeId = (owner: Owner = ''): number => this.ids.nextChargeId(owner);

  /** What forgetting the record of `key` frees: an intent weighs with its session. */
  protected weightOf(key: string): number {
    const id = key.slice(2);
    switch (key[0]) {
      case 'i': {
        const kept = this.intents.get(id);
        const session = kept?.record.sessionId ? this.sessions.get(kept.record.sessionId) : undefined;
        return (kept?.bytes ?? 0) + (session?.bytes ?? 0);
      }
      case 't':
        return this.transfers.get(id)?.bytes ?? 0;
      case 'a':
        return this.answers.get(id)?.bytes ?? 0;
      case 'e':
        return this.webhooks.events.get(id)?.bytes ?? 0;
      case 'l':
        return this.links.kept.get(id)?.bytes ?? 0;
      default:
        return this.merchants.kept.get(id)?.bytes ?? 0;
    }
  }

  /** Forgets one record by its key (and an intent's session with it); nothing if it is gone already. */
  protected forget(key: string): void {
    const id = key.slice(2);
    switch (key[0]) {
      case 'i':
        this.forgetIntent(id);
        break;
      case 't':
        this.forgetTransfer(id);
        break;
      case 'a':
        this.forgetAnswer(id);
        break;
      case 'm':
        this.forgetMerchant(id);
        break;
      case 'e':
      case 'w':
        this.webhooks.forget(key);
        break;
      case 'l':
        this.forgetLink(id);
        break;
    }
  }

  protected hold(owner: Owner, key: string): void {
    this.holdings.hold(owner, key);
  }

  private release(owner: Owner, key: string): void {
    if (this.holdings.release(owner, key)) this.ids.forget(owner);
  }

  /** What was forgotten of the owner's records to make room since the process started, if anything. */
  evictedOf = (owner: Owner): Evicted | undefined => this.holdings.evictedOf(owner);

  protected forgetIntent(id: string): void {
    const kept = this.intents.get(id);
    if (!kept) return;
    this.intents.delete(id);
    this.intentsByOwner.remove(kept.record.owner, kept.record);
    if (kept.record.reference) this.byReference.delete(referenceKey(kept.record.owner, kept.record.reference));
    this.usage.add(kept.record.owner, -kept.bytes);
    this.release(kept.record.owner, `i:${id}`);
    if (kept.record.linkId) this.links.forgetIntent(kept.record.linkId, id);
    const session = kept.record.sessionId === null ? undefined : this.sessions.get(kept.record.sessionId);
    if (session) {
      this.sessions.delete(session.record.id);
      this.sessionsByOwner.remove(session.record.owner, session.record);
      this.usage.add(session.record.owner, -session.bytes);
    }
  }

  protected forgetTransfer(id: string): void {
    const kept = this.transfers.get(id);
    if (!kept) return;
    this.transfers.delete(id);
    this.usage.add(kept.record.owner, -kept.bytes);
    this.release(kept.record.owner, `t:${id}`);
    if (kept.record.kind === 'remittance') this.remittancesByOwner.remove(kept.record.owner, kept.record);
  }

  protected forgetAnswer(id: string): void {
    const kept = this.answers.get(id);
    if (!kept) return;
    this.answers.delete(id);
    this.usage.add(kept.owner, -kept.bytes);
    this.release(kept.owner, `a:${id}`);
  }

  protected forgetLink(id: string): void {
    const kept = this.links.delete(id);
    if (!kept) return;
    this.usage.add(kept.record.owner, -kept.bytes);
    this.release(kept.record.owner, `l:${id}`);
  }

  protected forgetMerchant(owner: Owner): void {
    const kept = this.merchants.delete(owner);
    if (!kept) return;
    this.usage.add(owner, -kept.bytes);
    this.release(owner, `m:${owner}`);
  }
}
