// @vitest-environment node
// The records (src/sandbox/store/record-set.ts): entries applied one by one, whether from a
// request or from the journal at start-up; what each owner holds and weighs; a `forget` entry read
// back from the journal forgets the record it names, and its session with an intent.
import { describe, expect, it } from 'vitest';
import { newIntent } from '../../../src/sandbox/intent-lifecycle';
import { RecordSet } from '../../../src/sandbox/store/record-set';
import type { NewestFirst } from '../../../src/sandbox/store/owner-index';
import type { Entry, IntentRecord } from '../../../src/sandbox/store/records';
import { Store } from '../../../src/sandbox/store/store';
import { DEFAULT_STATE_LIMITS } from '../../../src/sandbox/store/usage';

const ids = new Store({ limits: DEFAULT_STATE_LIMITS, retentionMs: 1000 });
const listed = (list: NewestFirst<IntentRecord>) =>
  Array.from({ length: list.length }, (_, index) => list.at(index).intentId);
const intentOf = (owner: string, now: number) => newIntent(ids, { owner, amount: 1000, currency: 'XAF' }, now);

describe('RecordSet', () => {
  it('applies entries: each owner’s intents newest first, their weight, their integer ids counted on', () => {
    const records = new RecordSet(DEFAULT_STATE_LIMITS);
    const a1 = intentOf('a', 1);
    const a2 = { ...intentOf('a', 2), id: 2, eventId: 2 };
    const b1 = intentOf('b', 3);
    for (const record of [a1, a2, b1]) records.apply({ kind: 'intent', record }, 100);
    expect(listed(records.intentsOf('a'))).toEqual([a2.intentId, a1.intentId]);
    expect(listed(records.intentsOf('b'))).toEqual([b1.intentId]);
    expect(records.usage.total).toBe(300);
    expect(records.nextIntentId('a')).toBe(3);
    expect(records.nextIntentId('b')).toBe(2);
    expect(records.counts()).toMatchObject({ intents: 3, sessions: 0 });
  });

  it('a forget entry forgets the record it names and frees its weight; its entries no longer list it', () => {
    const records = new RecordSet(DEFAULT_STATE_LIMITS);
    const kept = intentOf('a', 1);
    const gone = { ...intentOf('a', 2), id: 2 };
    records.apply({ kind: 'intent', record: kept }, 100);
    records.apply({ kind: 'intent', record: gone }, 50);
    records.apply({ kind: 'forget', key: `i:${gone.intentId}` }, 0);
    expect(records.intent(gone.intentId)).toBeUndefined();
    expect(records.usage.total).toBe(100);
    expect([...records.entries()]).toEqual([{ kind: 'intent', record: kept } satisfies Entry]);
  });

  it('an attempt for an intent it does not hold is refused, not applied to nothing', () => {
    const records = new RecordSet(DEFAULT_STATE_LIMITS);
    expect(() => records.apply({ kind: 'attempt', intentId: 'pi_none', record: {} as never }, 10)).toThrow(
      /does not exist/,
    );
  });
});
