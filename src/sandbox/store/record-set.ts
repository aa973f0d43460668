// The records as entries (see records.ts): each applied one by one — a request's write, or a line of
// the journal read back at start-up — and every live record written out as entries for a snapshot.
// What is kept, read and forgotten is kept-records.ts, which this builds on; the store (store.ts)
// builds on this with its bounds and expiry.
import { KeptRecords, referenceKey } from './kept-records';
import type { Entry } from './records';

export type { Kept } from './kept-records';

export class RecordSet extends KeptRecords {
  /** Applies one entry: from `write`, or from the journal at start-up (no bound: it was accepted). */
  apply(entry: Entry, bytes: number): void {
    switch (entry.kind) {
      case 'intent': {
        const { record } = entry;
        this.intents.set(record.intentId, { record, bytes });
        this.intentsByOwner.add(record.owner, record);
        if (record.reference) this.byReference.set(referenceKey(record.owner, record.reference), record.intentId);
        this.usage.add(record.owner, bytes);
        this.hold(record.owner, `i:${record.intentId}`);
        if (record.linkId) this.links.noteIntent(record.linkId, record.intentId);
        this.ids.note(record.owner, {
          intent: record.id,
          event: record.eventId,
          charge: Math.max(0, ...record.attempts.map((attempt) => attempt.recordId)),
        });
        return;
      }
      case 'attempt': {
        const kept = this.intents.get(entry.intentId);
        if (!kept) throw new Error(`An attempt for an intent that does not exist: ${entry.intentId}`);
        kept.record.attempts.push(entry.record);
        kept.bytes += bytes;
        this.usage.add(kept.record.owner, bytes);
        // Its activity moves it to the back: it expires last, and is its owner's last to make room.
        this.intents.delete(entry.intentId);
        this.intents.set(entry.intentId, kept);
        this.hold(kept.record.owner, `i:${entry.intentId}`);
        this.ids.note(kept.record.owner, { charge: entry.record.recordId });
        return;
      }
      case 'step': {
        const kept = this.intents.get(entry.intentId);
        const attempt = kept?.record.attempts.find((a) => a.chargeId === entry.chargeId);
        if (!kept || !attempt) throw new Error(`A payer's step for an attempt that does not exist: ${entry.chargeId}`);
        attempt.steps = [...(attempt.steps ?? []), entry.record];
        kept.bytes += bytes;
        this.usage.add(kept.record.owner, bytes);
        return;
      }
      case 'session':
        this.sessions.set(entry.record.id, { record: entry.record, bytes });
        this.sessionsByOwner.add(entry.record.owner, entry.record);
        this.usage.add(entry.record.owner, bytes);
        return;
      case 'transfer': {
        const { record } = entry;
        this.transfers.set(record.id, { record, bytes });
        this.usage.add(record.owner, bytes);
        this.hold(record.owner, `t:${record.id}`);
        if (record.kind === 'remittance') this.remittancesByOwner.add(record.owner, record);
        return;
      }
      case 'answer':
        this.answers.set(entry.id, { record: entry.record, owner: entry.owner, bytes });
        this.usage.add(entry.owner, bytes);
        this.hold(entry.owner, `a:${entry.id}`);
        return;
      case 'merchant': {
        const { record } = entry;
        // Set again, it moves to the back: it expires last.
        this.forgetMerchant(record.owner);
        this.merchants.add(record, bytes);
        this.usage.add(record.owner, bytes);
        this.hold(record.owner, `m:${record.owner}`);
        return;
      }
      case 'endpoint':
      case 'event':
      case 'delivery':
        this.webhooks.apply(entry, bytes);
        return;
      case 'link':
        this.usage.add(entry.record.owner, bytes - this.links.set(entry.record, bytes));
        this.hold(entry.record.owner, `l:${entry.record.id}`);
        return;
      case 'forget':
        // Room made at the bound, read back from the journal: the record may have expired since.
        this.forget(entry.key);
        return;
    }
  }

  /** Every live record as entries, for a snapshot of the state. */
  *entries(): Generator<Entry> {
    for (const { record } of this.intents.values()) yield { kind: 'intent', record };
    for (const { record } of this.sessions.values()) yield { kind: 'session', record };
    for (const { record } of this.transfers.values()) yield { kind: 'transfer', record };
    for (const [id, { record, owner }] of this.answers) yield { kind: 'answer', id, owner, record };
    for (const { record } of this.merchants.kept.values()) yield { kind: 'merchant', record };
    yield* this.webhooks.entries();
    for (const { record } of this.links.kept.values()) yield { kind: 'link', record };
  }
}
