// The merchants' profiles the store holds, one per token, in the order they were set (hence of
// their expiry), and the logos they show by file key, with how many profiles show each: a logo
// stays while one profile shows it. Kept in step with the store's other maps by `RecordSet.apply`
// and its forgetting, so it is rebuilt as the journal is read back at a start.
import type { Logo, MerchantRecord, Owner } from './records';

/** A profile and what its line weighs (as `Kept` in ./kept-records, which imports this module). */
export interface KeptProfile {
  record: MerchantRecord;
  bytes: number;
}

export class Profiles {
  readonly kept = new Map<Owner, KeptProfile>();
  private readonly logos = new Map<string, { logo: Logo; users: number }>();

  get = (owner: Owner): MerchantRecord | undefined => this.kept.get(owner)?.record;
  logo = (key: string): Logo | undefined => this.logos.get(key)?.logo;

  /** Sets the owner's profile at the back (it expires last); the one before must be deleted first. */
  add(record: MerchantRecord, bytes: number): void {
    this.kept.set(record.owner, { record, bytes });
    if (!record.logo) return;
    const shown = this.logos.get(record.logo.key);
    if (shown) shown.users += 1;
    else this.logos.set(record.logo.key, { logo: record.logo, users: 1 });
  }

  /** Forgets the owner's profile, and its logo if no other profile shows it: answers what it was, if anything. */
  delete(owner: Owner): KeptProfile | undefined {
    const kept = this.kept.get(owner);
    if (!kept) return undefined;
    this.kept.delete(owner);
    const { logo } = kept.record;
    const shown = logo ? this.logos.get(logo.key) : undefined;
    if (logo && shown) {
      shown.users -= 1;
      if (shown.users === 0) this.logos.delete(logo.key);
    }
    return kept;
  }
}
