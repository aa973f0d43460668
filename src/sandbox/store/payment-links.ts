// The payment links the store holds (extension, issue 31), each owner's in creation order for the
// list, and the intents each link's openings made, for its count of payments. Kept in step with
// the store's other maps by `RecordSet.apply` and its forgetting, so it is rebuilt as the journal is
// read back at a start: nothing of the indexes is on disk.
import type { NewestFirst } from './owner-index';
import { OwnerIndex } from './owner-index';
import type { Owner, PaymentLinkRecord } from './records';

/** A link and what its line weighs (as `Kept` in ./kept-records, which imports this module). */
export interface KeptLink {
  record: PaymentLinkRecord;
  bytes: number;
}

export class PaymentLinks {
  /** In the order of their last change (creation or deactivation), hence of their expiry. */
  readonly kept = new Map<string, KeptLink>();
  private readonly byOwner = new OwnerIndex<PaymentLinkRecord>();
  /** The intents each link's openings made, by link id (a link forgotten keeps none). */
  private readonly intents = new Map<string, Set<string>>();

  get = (id: string): PaymentLinkRecord | undefined => this.kept.get(id)?.record;

  /** A merchant's links created in [from, before), newest first, without a copy. */
  of = (owner: Owner, from: number | null = null, before: number | null = null): NewestFirst<PaymentLinkRecord> =>
    this.byOwner.newestFirst(owner, from, before);

  /** The ids of the intents the link's openings made, oldest first. */
  intentsOf = (id: string): readonly string[] => [...(this.intents.get(id) ?? [])];

  /** Sets the record (a later line of the same id replaces it, at the back): answers the bytes it replaced. */
  set(record: PaymentLinkRecord, bytes: number): number {
    const before = this.kept.get(record.id);
    if (before) {
      this.kept.delete(record.id);
      this.byOwner.remove(before.record.owner, before.record);
    }
    this.kept.set(record.id, { record, bytes });
    this.byOwner.add(record.owner, record);
    return before?.bytes ?? 0;
  }

  /** Forgets the link (its intents stay, as records of their own): answers what it was, if anything. */
  delete(id: string): KeptLink | undefined {
    const kept = this.kept.get(id);
    if (!kept) return undefined;
    this.kept.delete(id);
    this.byOwner.remove(kept.record.owner, kept.record);
    this.intents.delete(id);
    return kept;
  }

  noteIntent(linkId: string, intentId: string): void {
    const set = this.intents.get(linkId) ?? new Set<string>();
    set.add(intentId);
    this.intents.set(linkId, set);
  }

  forgetIntent(linkId: string, intentId: string): void {
    this.intents.get(linkId)?.delete(intentId);
  }
}
