// The sandbox's state: every record, who created it, what it weighs, and when it is forgotten.
// Each record is created by one entry (see records.ts) applied here, whether it comes from a
// request (checked against the bounds, then written to the journal when there is one) or from
// the journal at start-up. Nothing runs in the background: what has expired is dropped when the
// next request comes, from the front of maps kept in the order records expire.
import type { Answer, Entry, IntentRecord, Logo, MerchantRecord, Owner, SessionRecord, TransferRecord } from './records';
import { type StateLimits, Usage } from './usage';

/** Keys of Idempotency-Key answers are remembered for a day, as retries happen within minutes. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Where entries go once applied: the journal on disk, when the sandbox keeps its state. */
export interface EntrySink {
  /** Throws when nothing more can be written. */
  check(): void;
  append(line: string): void;
}

export interface StoreOptions {
  limits: StateLimits;
  /** How long a record is kept after its last activity. */
  retentionMs: number;
}

interface Kept<T> {
  record: T;
  bytes: number;
}

export class Store {
  /** In the order of their last activity (creation or attempt), hence of their expiry. */
  private readonly intents = new Map<string, Kept<IntentRecord>>();
  private readonly sessions = new Map<string, Kept<SessionRecord>>();
  /** In creation order, hence of their expiry. */
  private readonly transfers = new Map<string, Kept<TransferRecord>>();
  private readonly remittancesByOwner = new Map<Owner, TransferRecord[]>();
  private readonly answers = new Map<string, Kept<Answer> & { owner: Owner }>();
  /** Merchant profiles, one per token, in the order they were set, hence of their expiry. */
  private readonly merchants = new Map<Owner, Kept<MerchantRecord>>();
  /** The logos of those profiles by file key, with how many profiles show each. */
  private readonly logos = new Map<string, { logo: Logo; users: number }>();
  private readonly last = { intent: 0, event: 0, charge: 0 };
  readonly usage: Usage;
  private sink: EntrySink | null = null;

  constructor(private readonly options: StoreOptions) {
    this.usage = new Usage(options.limits);
  }

  /** From now on, every entry written also goes to `sink` (after the state was loaded from it). */
  writeTo(sink: EntrySink): void {
    this.sink = sink;
  }

  // ---- Reads ----------------------------------------------------------------------------------

  intent = (id: string): IntentRecord | undefined => this.intents.get(id)?.record;
  session = (id: string): SessionRecord | undefined => this.sessions.get(id)?.record;
  answer = (id: string): Answer | undefined => this.answers.get(id)?.record;
  merchant = (owner: Owner): MerchantRecord | undefined => this.merchants.get(owner)?.record;
  logo = (key: string): Logo | undefined => this.logos.get(key)?.logo;
  /** A remittance or disbursement by its id. */
  transfer = (id: string): TransferRecord | undefined => this.transfers.get(id)?.record;
  /** A merchant's remittances, oldest first. */
  remittancesOf = (owner: Owner): readonly TransferRecord[] => this.remittancesByOwner.get(owner) ?? [];

  counts() {
    let remittances = 0;
    for (const list of this.remittancesByOwner.values()) remittances += list.length;
    return { intents: this.intents.size, sessions: this.sessions.size, remittances, disbursements: this.transfers.size - remittances };
  }

  *allIntents(): Generator<IntentRecord> {
    for (const { record } of this.intents.values()) yield record;
  }

  /** Every session, oldest first. */
  *allSessions(): Generator<SessionRecord> {
    for (const { record } of this.sessions.values()) yield record;
  }

  nextIntentId = () => this.last.intent + 1;
  nextEventId = () => this.last.event + 1;
  nextChargeId = () => this.last.charge + 1;

  // ---- Writes ---------------------------------------------------------------------------------

  /**
   * Applies entries created together (a session and its intent), all or none: 503 if they do not
   * fit `bound` — a merchant's creation is held to its token's share and the whole (`token`), what
   * payers add to an intent to the whole only (`total`), and the answer kept for an
   * Idempotency-Key of work already done to nothing (`none`: refusing it would invite the retry
   * to do the work twice). Synchronous, so nothing interleaves between the check and the change.
   */
  write(entries: readonly Entry[], owner: Owner, bound: 'token' | 'total' | 'none'): void {
    const lines = entries.map((entry) => JSON.stringify(entry));
    const sizes = lines.map((line) => Buffer.byteLength(line) + 1);
    // A profile set again replaces the last one: only the difference counts.
    const replaced = entries.reduce((sum, entry) => sum + (entry.kind === 'merchant' ? (this.merchants.get(entry.record.owner)?.bytes ?? 0) : 0), 0);
    if (bound !== 'none') this.usage.check(owner, sizes.reduce((a, b) => a + b, 0) - replaced, bound === 'token');
    this.sink?.check();
    entries.forEach((entry, i) => this.apply(entry, sizes[i] as number));
    for (const line of lines) this.sink?.append(line);
  }

  /** Applies one entry: from `write`, or from the journal at start-up (no bound: it was accepted). */
  apply(entry: Entry, bytes: number): void {
    switch (entry.kind) {
      case 'intent': {
        const { record } = entry;
        this.intents.set(record.intentId, { record, bytes });
        this.usage.add(record.owner, bytes);
        this.last.intent = Math.max(this.last.intent, record.id);
        this.last.event = Math.max(this.last.event, record.eventId);
        for (const attempt of record.attempts) this.last.charge = Math.max(this.last.charge, attempt.recordId);
        return;
      }
      case 'attempt': {
        const kept = this.intents.get(entry.intentId);
        if (!kept) throw new Error(`An attempt for an intent that does not exist: ${entry.intentId}`);
        kept.record.attempts.push(entry.record);
        kept.bytes += bytes;
        this.usage.add(kept.record.owner, bytes);
        this.last.charge = Math.max(this.last.charge, entry.record.recordId);
        // Its activity moves it to the back: it expires last.
        this.intents.delete(entry.intentId);
        this.intents.set(entry.intentId, kept);
        return;
      }
      case 'session':
        this.sessions.set(entry.record.id, { record: entry.record, bytes });
        this.usage.add(entry.record.owner, bytes);
        return;
      case 'transfer': {
        const { record } = entry;
        this.transfers.set(record.id, { record, bytes });
        this.usage.add(record.owner, bytes);
        if (record.kind === 'remittance') {
          const list = this.remittancesByOwner.get(record.owner) ?? [];
          list.push(record);
          this.remittancesByOwner.set(record.owner, list);
        }
        return;
      }
      case 'answer':
        this.answers.set(entry.id, { record: entry.record, owner: entry.owner, bytes });
        this.usage.add(entry.owner, bytes);
        return;
      case 'merchant': {
        const { record } = entry;
        // Set again, it moves to the back: it expires last.
        this.forgetMerchant(record.owner);
        this.merchants.set(record.owner, { record, bytes });
        this.usage.add(record.owner, bytes);
        if (record.logo) {
          const shown = this.logos.get(record.logo.key);
          if (shown) shown.users += 1;
          else this.logos.set(record.logo.key, { logo: record.logo, users: 1 });
        }
        return;
      }
    }
  }

  private forgetMerchant(owner: Owner): void {
    const kept = this.merchants.get(owner);
    if (!kept) return;
    this.merchants.delete(owner);
    this.usage.add(owner, -kept.bytes);
    const { logo } = kept.record;
    const shown = logo ? this.logos.get(logo.key) : undefined;
    if (!logo || !shown) return;
    shown.users -= 1;
    if (shown.users === 0) this.logos.delete(logo.key);
  }

  // ---- Expiry ---------------------------------------------------------------------------------

  /** When a record is forgotten: `retentionMs` after its last activity. */
  intentExpiresAt(intent: IntentRecord): number {
    return Math.max(intent.createdAt, intent.attempts.at(-1)?.createdAt ?? 0) + this.options.retentionMs;
  }

  /** Forgets what has expired at `now`. Each map is in expiry order: only its front is looked at. */
  forgetExpired(now: number): void {
    for (const [id, kept] of this.intents) {
      if (this.intentExpiresAt(kept.record) > now) break;
      this.intents.delete(id);
      this.usage.add(kept.record.owner, -kept.bytes);
      const session = kept.record.sessionId === null ? undefined : this.sessions.get(kept.record.sessionId);
      if (session) {
        this.sessions.delete(session.record.id);
        this.usage.add(session.record.owner, -session.bytes);
      }
    }
    for (const [id, kept] of this.transfers) {
      if (kept.record.createdAt + this.options.retentionMs > now) break;
      this.transfers.delete(id);
      this.usage.add(kept.record.owner, -kept.bytes);
      const list = kept.record.kind === 'remittance' ? this.remittancesByOwner.get(kept.record.owner) : undefined;
      list?.shift();
      if (list?.length === 0) this.remittancesByOwner.delete(kept.record.owner);
    }
    for (const [id, kept] of this.answers) {
      if (kept.record.storedAt + IDEMPOTENCY_TTL_MS > now) break;
      this.answers.delete(id);
      this.usage.add(kept.owner, -kept.bytes);
    }
    for (const [owner, kept] of this.merchants) {
      if (kept.record.setAt + this.options.retentionMs > now) break;
      this.forgetMerchant(owner);
    }
  }

  /** Every live record as entries, for a snapshot of the state. */
  *entries(): Generator<Entry> {
    for (const { record } of this.intents.values()) yield { kind: 'intent', record };
    for (const { record } of this.sessions.values()) yield { kind: 'session', record };
    for (const { record } of this.transfers.values()) yield { kind: 'transfer', record };
    for (const [id, { record, owner }] of this.answers) yield { kind: 'answer', id, owner, record };
    for (const { record } of this.merchants.values()) yield { kind: 'merchant', record };
  }
}
