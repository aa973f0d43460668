// @vitest-environment node
// The store's payment links (src/sandbox/store/payment-links.ts) through the record set: a later
// line of a link replaces it (its deactivation) and weighs only once, its openings' intents are
// counted to it, and what is forgotten leaves no trace in the indexes.
import { describe, expect, it } from 'vitest';
import { newIntent } from '../../../src/sandbox/intent-lifecycle';
import type { PaymentLinkRecord } from '../../../src/sandbox/store/records';
import { Store } from '../../../src/sandbox/store/store';
import { DEFAULT_STATE_LIMITS } from '../../../src/sandbox/store/usage';

const link = (id: string, createdAt: number): PaymentLinkRecord => ({
  id,
  owner: 'a',
  amount: 1000,
  amountMin: null,
  amountMax: null,
  currency: 'xaf',
  description: 'Poisson braisé',
  maxPayments: null,
  expiresAt: null,
  metadata: null,
  createdAt,
  deactivatedAt: null,
});

describe('PaymentLinks in the store', () => {
  it('replaces a link by its later line, weighing the last one only', () => {
    const store = new Store({ limits: DEFAULT_STATE_LIMITS, retentionMs: 1000 });
    store.apply({ kind: 'link', record: link('plink_1', 1) }, 100);
    store.apply({ kind: 'link', record: { ...link('plink_1', 1), deactivatedAt: 5 } }, 120);
    expect(store.usage.total).toBe(120);
    expect(store.links.get('plink_1')?.deactivatedAt).toBe(5);
    expect(store.links.of('a').length).toBe(1);
  });

  it("counts its openings' intents, and forgets them with the intent and itself once expired", () => {
    const store = new Store({ limits: DEFAULT_STATE_LIMITS, retentionMs: 1000 });
    store.apply({ kind: 'link', record: link('plink_1', 1) }, 100);
    const intent = { ...newIntent(store, { owner: 'a', amount: 1000, currency: 'xaf' }, 2), linkId: 'plink_1' };
    store.apply({ kind: 'intent', record: intent }, 200);
    expect(store.links.intentsOf('plink_1')).toEqual([intent.intentId]);
    // The same snapshot read back holds the link and its intent.
    expect([...store.entries()].map((entry) => entry.kind).sort()).toEqual(['intent', 'link']);
    store.forgetExpired(1002);
    expect(store.links.get('plink_1')).toBeUndefined();
    expect(store.intent(intent.intentId)).toBeUndefined();
    expect(store.links.intentsOf('plink_1')).toEqual([]);
    expect(store.usage.total).toBe(0);
  });
});
