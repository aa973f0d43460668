// Who holds what, for making room at the whole's bound (./store.ts `write`): each owner's records
// least recently active first, the plan of what to forget (the largest holders' oldest first), and
// what was forgotten of each owner that way, so that the merchant can be told (issue 28: many small
// keys could push a real shop's paid intents out before its fulfillment read them, unseen).
import type { Owner } from './records';
import type { Usage } from './usage';

/** Owners whose evictions are remembered at most; past it, the one told of least recently goes. */
const MAX_NOTED_OWNERS = 10_000;

/** What was forgotten of one owner's records to make room, since the process started. */
export interface Evicted {
  count: number;
  /** When the last of them went (the store's time). */
  lastAt: number;
}

export class Holdings {
  /**
   * Each owner's records, least recently active first, by key: `i:<intent id>` (with its session),
   * `t:<transfer id>`, `a:<Idempotency-Key answer id>`, `m:<owner>` (its profile), `e:<event id>`
   * (with its deliveries).
   */
  private readonly held = new Map<Owner, Set<string>>();
  private readonly evicted = new Map<Owner, Evicted>();

  /** Notes the key as the owner's most recently active. */
  hold(owner: Owner, key: string): void {
    let keys = this.held.get(owner);
    if (!keys) {
      keys = new Set();
      this.held.set(owner, keys);
    }
    keys.delete(key);
    keys.add(key);
  }

  /** Lets go of the key; true when the owner holds nothing more. */
  release(owner: Owner, key: string): boolean {
    const keys = this.held.get(owner);
    keys?.delete(key);
    if (keys?.size !== 0) return false;
    this.held.delete(owner);
    return true;
  }

  /**
   * The records to forget so that `need` bytes are given back, each with its owner, or null if that
   * cannot be: each taken from the owner holding the most once the ones before it are gone, its
   * least recently active first, a profile last; never one of `keep`, nor a payment under way
   * (`awaited`). Nothing changes here.
   */
  plan(
    need: number,
    usage: Usage,
    keep: ReadonlySet<string>,
    weightOf: (key: string) => number,
    awaited: (key: string) => boolean,
  ): { key: string; owner: Owner }[] | null {
    const planned: { key: string; owner: Owner }[] = [];
    const left = new Map<Owner, number>();
    const queues = new Map<Owner, Iterator<string>>();
    const exhausted = new Set<Owner>();
    let still = need;
    while (still > 0) {
      let owner: Owner | undefined;
      let most = 0;
      for (const candidate of usage.largest(exhausted.size + 16)) {
        if (exhausted.has(candidate)) continue;
        const holds = left.get(candidate) ?? usage.of(candidate);
        if (holds > most) [owner, most] = [candidate, holds];
      }
      if (owner === undefined) return null;
      let queue = queues.get(owner);
      if (!queue) {
        queue = this.evictable(owner, keep, awaited);
        queues.set(owner, queue);
      }
      const next = queue.next();
      if (next.done) {
        exhausted.add(owner);
        continue;
      }
      const weight = weightOf(next.value);
      planned.push({ key: next.value, owner });
      left.set(owner, most - weight);
      still -= weight;
    }
    return planned;
  }

  /** An owner's records that may be forgotten to make room, least recently active first, its profile last. */
  private *evictable(owner: Owner, keep: ReadonlySet<string>, awaited: (key: string) => boolean): Generator<string> {
    let profile: string | null = null;
    for (const key of this.held.get(owner) ?? []) {
      if (keep.has(key)) continue;
      if (key.startsWith('m:')) profile = key;
      else if (!awaited(key)) yield key;
    }
    if (profile) yield profile;
  }

  /** Notes `count` records of `owner` forgotten at `at` to make room. */
  noteEvicted(owner: Owner, count: number, at: number): void {
    const before = this.evicted.get(owner);
    this.evicted.delete(owner);
    this.evicted.set(owner, { count: (before?.count ?? 0) + count, lastAt: at });
    if (this.evicted.size > MAX_NOTED_OWNERS) this.evicted.delete(this.evicted.keys().next().value as Owner);
  }

  /** What was forgotten of the owner's records to make room, if anything. */
  evictedOf(owner: Owner): Evicted | undefined {
    return this.evicted.size === 0 ? undefined : this.evicted.get(owner);
  }
}
