// @vitest-environment node
// Integer ids count per merchant from the highest its live records hold: another merchant's volume
// never shows in them, and an owner with no record left starts from 1 again.
import { describe, expect, it } from 'vitest';
import { IdCounters } from '../../../src/sandbox/store/id-counters';

describe('integer ids per merchant', () => {
  it('follow the highest id each owner holds, apart from every other owner', () => {
    const ids = new IdCounters();
    ids.note('sk_test_a', { intent: 7, event: 9, charge: 3 });
    ids.note('sk_test_a', { charge: 2 });
    expect([ids.nextIntentId('sk_test_a'), ids.nextEventId('sk_test_a'), ids.nextChargeId('sk_test_a')]).toEqual([
      8, 10, 4,
    ]);
    expect(ids.nextIntentId('sk_test_b')).toBe(1);
    ids.forget('sk_test_a');
    expect(ids.nextChargeId('sk_test_a')).toBe(1);
  });
});
