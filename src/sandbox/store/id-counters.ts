// The integer ids (the interface's `id` and `event_id` of intents and charges) count per merchant
// token, from the highest its live records hold: they say nothing of other merchants' volume.
// (Unique among a token's live records; the string ids are what every call names.) Rebuilt from the
// records as the journal is read back, and an owner's counts go with its last record.
import type { Owner } from './records';

type Counts = { intent: number; event: number; charge: number };

export class IdCounters {
  private readonly counters = new Map<Owner, Counts>();

  nextIntentId = (owner: Owner = ''): number => (this.counters.get(owner)?.intent ?? 0) + 1;
  nextEventId = (owner: Owner = ''): number => (this.counters.get(owner)?.event ?? 0) + 1;
  nextChargeId = (owner: Owner = ''): number => (this.counters.get(owner)?.charge ?? 0) + 1;

  /** Raises the owner's counts to those of a record it holds. */
  note(owner: Owner, counts: Partial<Counts>): void {
    const counter = this.counters.get(owner) ?? { intent: 0, event: 0, charge: 0 };
    counter.intent = Math.max(counter.intent, counts.intent ?? 0);
    counter.event = Math.max(counter.event, counts.event ?? 0);
    counter.charge = Math.max(counter.charge, counts.charge ?? 0);
    this.counters.set(owner, counter);
  }

  /** The owner holds no record any more: its ids count from 1 again. */
  forget(owner: Owner): void {
    this.counters.delete(owner);
  }
}
