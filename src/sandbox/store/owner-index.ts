// Each owner's records of one kind, in creation order: what a list reads, so that a list costs what
// its page costs and never looks at another owner's records (issue 28). Kept in step with the
// store's maps by the store itself (every record enters and leaves through `Store.apply` and
// `Store.forget`), so it is rebuilt as the journal is read back at a start: nothing of it is on disk.
import type { Owner } from './records';

/** What the index orders by: when the record was created (then a tie-breaker of the index's own). */
export interface Created {
  createdAt: number;
}

/** A run of one owner's records, newest first: `at(0)` is the newest. Reading it copies nothing. */
export interface NewestFirst<T> {
  readonly length: number;
  at(index: number): T;
}

/** The first position of `list` (sorted) for which `before(record)` is false. */
function partition<T>(list: readonly T[], before: (record: T) => boolean): number {
  let [lo, hi] = [0, list.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid] as T)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class OwnerIndex<T extends Created> {
  private readonly byOwner = new Map<Owner, T[]>();
  /** Records in all. */
  size = 0;

  /** `tie` orders records created in the same millisecond (intents: their integer id); by default, the order added. */
  constructor(private readonly tie: (record: T) => number = () => 0) {}

  private compare(a: T, b: T): number {
    return a.createdAt - b.createdAt || this.tie(a) - this.tie(b);
  }

  /** The owner's records, oldest first. */
  of(owner: Owner): readonly T[] {
    return this.byOwner.get(owner) ?? [];
  }

  /** How many the owner has. */
  count(owner: Owner): number {
    return this.byOwner.get(owner)?.length ?? 0;
  }

  /**
   * The owner's records created in [from, before) (null: unbounded), newest first; of a tie, the
   * last added first. Two binary searches: nothing is copied or sorted.
   */
  newestFirst(owner: Owner, from: number | null = null, before: number | null = null): NewestFirst<T> {
    const list = this.of(owner);
    const start = from === null ? 0 : partition(list, (record) => record.createdAt < from);
    const end = before === null ? list.length : partition(list, (record) => record.createdAt < before);
    return { length: Math.max(0, end - start), at: (index) => list[end - 1 - index] as T };
  }

  /** Adds a record after every one it does not precede (usually: at the end). */
  add(owner: Owner, record: T): void {
    let list = this.byOwner.get(owner);
    if (!list) {
      list = [];
      this.byOwner.set(owner, list);
    }
    this.size += 1;
    const last = list.at(-1);
    if (last === undefined || this.compare(last, record) <= 0) list.push(record);
    else
      list.splice(
        partition(list, (other) => this.compare(other, record) <= 0),
        0,
        record,
      );
  }

  /** Removes this record (the same object); nothing if it is not there. */
  remove(owner: Owner, record: T): void {
    const list = this.byOwner.get(owner);
    if (!list) return;
    // Expiry usually takes the oldest, at the front; room made at the bound may take any.
    let at = list[0] === record ? 0 : -1;
    for (let i = partition(list, (other) => this.compare(other, record) < 0); at < 0 && i < list.length; i++) {
      if (list[i] === record) at = i;
      else if (this.compare(list[i] as T, record) !== 0) break;
    }
    if (at < 0) return;
    this.size -= 1;
    if (at === 0) list.shift();
    else list.splice(at, 1);
    if (list.length === 0) this.byOwner.delete(owner);
  }
}
