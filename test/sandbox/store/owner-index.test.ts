// @vitest-environment node
// Each owner's records in creation order (src/sandbox/store/owner-index.ts), what the lists read:
// against a plain model (filter every record by owner, sort), through random adds and removes in any
// order (a journal read back adds intents in the order of their last activity, not of creation),
// with ties in time, creation-time ranges and removal of any record (expiry takes the oldest, room
// made at the bound any).
import { describe, expect, it } from 'vitest';
import { OwnerIndex } from '../../../src/sandbox/store/owner-index';

interface Rec {
  createdAt: number;
  id: number;
  owner: string;
}

/** A small deterministic generator (mulberry32): the same run every time. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const newestFirstModel = (records: readonly Rec[], owner: string, from: number | null, before: number | null) =>
  records
    .filter(
      (r) => r.owner === owner && (from === null || r.createdAt >= from) && (before === null || r.createdAt < before),
    )
    .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);

const read = <T>(run: { length: number; at(index: number): T }) =>
  Array.from({ length: run.length }, (_, i) => run.at(i));

describe('store › owner index', () => {
  it('lists each owner’s records newest first, then by the tie-breaker, whatever order they were added in', () => {
    const index = new OwnerIndex<Rec>((r) => r.id);
    const records: Rec[] = [];
    const next = random(28);
    for (let id = 1; id <= 400; id++) {
      // Few distinct instants, so many ties; owners a, b, c.
      records.push({ createdAt: 1000 + Math.floor(next() * 50), id, owner: 'abc'[Math.floor(next() * 3)] as string });
    }
    const shuffled = records.slice().sort(() => next() - 0.5);
    for (const r of shuffled) index.add(r.owner, r);
    for (const owner of ['a', 'b', 'c', 'nobody']) {
      expect(read(index.newestFirst(owner))).toEqual(newestFirstModel(records, owner, null, null));
      expect(index.count(owner)).toBe(newestFirstModel(records, owner, null, null).length);
      for (const [from, before] of [
        [1010, null],
        [null, 1030],
        [1010, 1030],
        [1030, 1010],
        [1049, 1050],
        [2000, null],
      ] as const) {
        expect(read(index.newestFirst(owner, from, before))).toEqual(newestFirstModel(records, owner, from, before));
      }
    }
    expect(index.size).toBe(400);
  });

  it('keeps in step through random removals and additions, ties included, and forgets an owner left with none', () => {
    const index = new OwnerIndex<Rec>((r) => r.id);
    const next = random(7);
    let live: Rec[] = [];
    let id = 0;
    let time = 0;
    for (let step = 0; step < 3000; step++) {
      if (live.length > 0 && next() < 0.45) {
        // Expiry takes the oldest; room made at the bound takes any.
        const victim = next() < 0.5 ? (live[0] as Rec) : (live[Math.floor(next() * live.length)] as Rec);
        index.remove(victim.owner, victim);
        live = live.filter((r) => r !== victim);
      } else {
        time += next() < 0.5 ? 0 : 1;
        const r = { createdAt: time, id: ++id, owner: 'ab'[Math.floor(next() * 2)] as string };
        index.add(r.owner, r);
        live.push(r);
      }
      if (step % 100 === 0) {
        for (const owner of ['a', 'b'])
          expect(read(index.newestFirst(owner))).toEqual(newestFirstModel(live, owner, null, null));
      }
    }
    // Removing what is not there changes nothing.
    index.remove('a', { createdAt: 1, id: -1, owner: 'a' });
    expect(index.size).toBe(live.length);
    for (const r of live) index.remove(r.owner, r);
    expect(index.size).toBe(0);
    expect(index.of('a')).toEqual([]);
  });

  it('without a tie-breaker, of records created in the same millisecond the last added is listed first', () => {
    const index = new OwnerIndex<{ createdAt: number; name: string }>();
    const [x, y, z] = [
      { createdAt: 5, name: 'x' },
      { createdAt: 5, name: 'y' },
      { createdAt: 4, name: 'z' },
    ];
    index.add('o', x);
    index.add('o', y);
    index.add('o', z);
    expect(read(index.newestFirst('o')).map((r) => r.name)).toEqual(['y', 'x', 'z']);
    index.remove('o', x);
    expect(read(index.newestFirst('o')).map((r) => r.name)).toEqual(['y', 'z']);
  });
});
