// @vitest-environment node
// What the records keep and how each kind is forgotten (src/sandbox/store/kept-records.ts): an
// intent is found by its short reference in either form, weighs with its session, and takes its
// session, its reference and its place in its owner's list with it when it goes; a record forgotten
// twice is forgotten once.
import { describe, expect, it } from 'vitest';
import { newIntent } from '../../../src/sandbox/intent-lifecycle';
import { RecordSet } from '../../../src/sandbox/store/record-set';
import type { SessionRecord } from '../../../src/sandbox/store/records';
import { Store } from '../../../src/sandbox/store/store';
import { DEFAULT_STATE_LIMITS } from '../../../src/sandbox/store/usage';

const ids = new Store({ limits: DEFAULT_STATE_LIMITS, retentionMs: 1000 });

/** The records, with their protected forgetting in reach of the test. */
class Records extends RecordSet {
  weigh = (key: string) => this.weightOf(key);
  drop = (key: string) => this.forget(key);
}

function session(intentId: string, owner: string): SessionRecord {
  return {
    id: 'cs_1',
    intentId,
    owner,
    total: 1000,
    currency: 'XAF',
    accountId: 'acct',
    successUrl: 'https://shop.example/ok',
    cancelUrl: 'https://shop.example/back',
    metadata: {},
    items: [],
    createdAt: 1,
    expiresAt: 2,
  };
}

describe('KeptRecords', () => {
  it('finds an intent by its reference as stored or without its hyphen, only for its owner', () => {
    const records = new Records(DEFAULT_STATE_LIMITS);
    const intent = { ...newIntent(ids, { owner: 'a', amount: 1000, currency: 'XAF' }, 1), reference: 'K7M-4Q2' };
    records.apply({ kind: 'intent', record: intent }, 100);
    expect(records.intentByReference('a', 'K7M4Q2')?.intentId).toBe(intent.intentId);
    expect(records.intentByReference('b', 'K7M4Q2')).toBeUndefined();
  });

  it('weighs an intent with its session, and forgets both, its reference and its listing together', () => {
    const records = new Records(DEFAULT_STATE_LIMITS);
    const base = newIntent(ids, { owner: 'a', amount: 1000, currency: 'XAF' }, 1);
    const intent = { ...base, reference: 'K7M-4Q2', sessionId: 'cs_1' };
    records.apply({ kind: 'intent', record: intent }, 100);
    records.apply({ kind: 'session', record: session(intent.intentId, 'a') }, 40);
    expect(records.weigh(`i:${intent.intentId}`)).toBe(140);
    records.drop(`i:${intent.intentId}`);
    expect(records.session('cs_1')).toBeUndefined();
    expect(records.intentByReference('a', 'K7M4Q2')).toBeUndefined();
    expect(records.intentsOf('a').length).toBe(0);
    expect(records.usage.total).toBe(0);
    records.drop(`i:${intent.intentId}`);
    expect(records.usage.total).toBe(0);
  });
});
