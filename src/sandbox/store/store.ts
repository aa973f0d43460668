// The sandbox's state (its records: kept-records.ts, record-set.ts) and when a record is
// forgotten. Each record is created by one entry (see records.ts), whether it comes from a request
// (checked against the bounds here, then written to the journal when there is one) or from the
// journal at start-up.
// Nothing runs in the background: what has expired is dropped when the next request comes, from
// the front of maps kept in the order records expire.
//
// At the whole sandbox's bound, nobody is refused for what others hold: room is made by
// forgetting the least recently active records of the largest holders first (see `write`), so
// made-up `sk_test_…` tokens that fill the sandbox lose their own oldest records, and a merchant
// who holds less than they do, and that merchant's payers, go on as if they were not there.
import { attemptEndsAt } from '../attempt-end';
import type { Entry, IntentRecord, Owner } from './records';
import { RecordSet } from './record-set';
import type { StateLimits } from './usage';

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

export class Store extends RecordSet {
  /** The latest time the store was told of (`forgetExpired`): an attempt awaited then is never forgotten to make room. */
  private now = 0;
  /** Records forgotten before they expired, to make room at the bound, since the process started. */
  evicted = 0;
  private sink: EntrySink | null = null;
  private written: ((entry: Entry) => void) | null = null;

  constructor(private readonly options: StoreOptions) {
    super(options.limits);
  }

  /** From now on, every entry written also goes to `sink` (after the state was loaded from it). */
  writeTo(sink: EntrySink): void {
    this.sink = sink;
  }

  /** Tells `listener` of every entry written from now on (not those read back): what may have changed. */
  onWrite(listener: (entry: Entry) => void): void {
    this.written = listener;
  }

  // ---- Writes ---------------------------------------------------------------------------------

  /**
   * Applies entries created together (a session and its intent), all or none: 503 if they do not
   * fit `bound` — a merchant's creation is held to its token's share (`token`), what payers add to
   * an intent to nothing but the whole (`total`), and the answer kept for an Idempotency-Key of
   * work already done to nothing (`none`: refusing it would invite the retry to do the work
   * twice). At the whole's bound, room is made by forgetting the least recently active records of
   * the largest holders (never the intent being paid, nor one whose attempt is awaited): 503 only
   * when nothing can go. Synchronous, so nothing interleaves between the check and the change.
   */
  write(entries: readonly Entry[], owner: Owner, bound: 'token' | 'total' | 'none'): void {
    const lines = entries.map((entry) => JSON.stringify(entry));
    const sizes = lines.map((line) => Buffer.byteLength(line) + 1);
    // A profile set again replaces the last one: only the difference counts.
    const replaced = entries.reduce(
      (sum, entry) => sum + (entry.kind === 'merchant' ? (this.merchants.kept.get(entry.record.owner)?.bytes ?? 0) : 0),
      0,
    );
    const bytes = sizes.reduce((a, b) => a + b, 0) - replaced;
    let victims: { key: string; owner: Owner }[] = [];
    if (bound !== 'none') {
      if (bound === 'token') this.usage.checkShare(owner, bytes);
      // What the write is about is never what makes room for it: a payer's attempt or step keeps
      // its intent (else the step would be applied to nothing), a profile set again its profile.
      const keep = new Set(
        entries.flatMap((entry) =>
          entry.kind === 'attempt' || entry.kind === 'step'
            ? [`i:${entry.intentId}`]
            : entry.kind === 'merchant'
              ? [`m:${entry.record.owner}`]
              : [],
        ),
      );
      const need = this.usage.total + bytes - this.usage.limits.maxBytes;
      const found =
        need <= 0
          ? []
          : this.holdings.plan(
              need,
              this.usage,
              keep,
              (key) => this.weightOf(key),
              (key) => this.awaited(key),
            );
      if (!found) throw this.usage.full();
      victims = found;
    }
    this.sink?.check();
    for (const { key, owner } of victims) {
      this.forget(key);
      this.sink?.append(JSON.stringify({ kind: 'forget', key } satisfies Entry));
      this.holdings.noteEvicted(owner, 1, this.now);
    }
    if (victims.length > 0) this.noteEviction(victims.length);
    entries.forEach((entry, i) => {
      this.apply(entry, sizes[i] as number);
    });
    for (const line of lines) this.sink?.append(line);
    if (this.written) for (const entry of entries) this.written(entry);
  }

  private noteEviction(count: number): void {
    if (this.evicted === 0) {
      console.warn(
        '[sandbox] the sandbox is full: the least recently active records of the largest holders are forgotten to make room (docs/sandbox-state.md)',
      );
    }
    this.evicted += count;
  }

  /** Whether the key is an intent whose latest attempt is still awaited: a payment under way. */
  private awaited(key: string): boolean {
    if (!key.startsWith('i:')) return false;
    const attempt = this.intents.get(key.slice(2))?.record.attempts.at(-1);
    return attempt !== undefined && attempt.status === 'pending' && attemptEndsAt(attempt) > this.now;
  }

  // ---- Expiry ---------------------------------------------------------------------------------

  /** When a record is forgotten: `retentionMs` after its last activity. */
  intentExpiresAt(intent: IntentRecord): number {
    return Math.max(intent.createdAt, intent.attempts.at(-1)?.createdAt ?? 0) + this.options.retentionMs;
  }

  /** Forgets what has expired at `now`. Each map is in expiry order: only its front is looked at. */
  forgetExpired(now: number): void {
    this.now = Math.max(this.now, now);
    for (const [id, kept] of this.intents) {
      if (this.intentExpiresAt(kept.record) > now) break;
      this.forgetIntent(id);
    }
    for (const [id, kept] of this.transfers) {
      if (kept.record.createdAt + this.options.retentionMs > now) break;
      this.forgetTransfer(id);
    }
    for (const [id, kept] of this.answers) {
      if (kept.record.storedAt + IDEMPOTENCY_TTL_MS > now) break;
      this.forgetAnswer(id);
    }
    for (const [owner, kept] of this.merchants.kept) {
      if (kept.record.setAt + this.options.retentionMs > now) break;
      this.forgetMerchant(owner);
    }
    for (const [id, kept] of this.webhooks.events) {
      if (kept.record.createdAt + this.options.retentionMs > now) break;
      this.webhooks.forget(`e:${id}`);
    }
    for (const [id, { record }] of this.links.kept) {
      if (Math.max(record.createdAt, record.deactivatedAt ?? 0) + this.options.retentionMs > now) break;
      this.forgetLink(id);
    }
  }
}
