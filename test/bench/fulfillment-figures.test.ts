// @vitest-environment node
// docs/fulfillment.md's figures of 10 000 open payments are bench/fulfillment.results.json as
// bench/fulfillment-figures.ts writes them, never a hand copy; and the run they come from met the
// budgets that bench/fulfillment.ts holds each run to.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FULFILLMENT_BLOCK,
  FULFILLMENT_BUDGETS,
  type FulfillmentResults,
  fulfillmentBlock,
  fulfillmentBlockIn,
  overBudget,
} from '../../bench/fulfillment-figures';

const results = JSON.parse(
  readFileSync(new URL('../../bench/fulfillment.results.json', import.meta.url), 'utf8'),
) as FulfillmentResults;

describe('the figures of 10 000 open payments', () => {
  it('in docs/fulfillment.md are bench/fulfillment.results.json as the bench writes them', () => {
    const doc = readFileSync(new URL(`../../${FULFILLMENT_BLOCK.file}`, import.meta.url), 'utf8');
    const written = fulfillmentBlockIn(doc);
    expect(written, `no block between ${FULFILLMENT_BLOCK.start} and ${FULFILLMENT_BLOCK.end}`).not.toBeNull();
    expect(written).toBe(fulfillmentBlock(results));
  });

  it('come from a run of 10 000 that met its budgets', () => {
    expect(results.payments).toBe(10_000);
    expect(overBudget(results)).toEqual([]);
  });

  it('a run over any budget is told so', () => {
    const over = (change: Partial<FulfillmentResults>) => overBudget({ ...results, ...change });
    const limit = results.maxRequestsPerSecond + FULFILLMENT_BUDGETS.readsOverLimit;
    expect(over({ readsPerSecond: { ...results.readsPerSecond, max: limit + 1 } })).toHaveLength(1);
    expect(over({ whileDown: { ...results.whileDown, reads: FULFILLMENT_BUDGETS.readsWhileDown + 1 } })).toHaveLength(
      1,
    );
    const heapMb = { ...results.heapMb, duringMax: results.heapMb.duringMin + FULFILLMENT_BUDGETS.heapSpreadMb + 0.1 };
    expect(over({ heapMb })).toHaveLength(1);
    expect(over({ paidTold: results.payers - 1 })).toHaveLength(1);
  });
});
