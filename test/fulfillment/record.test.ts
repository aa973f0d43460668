// @vitest-environment node
// What makes a store's record damaged (src/fulfillment/record.ts): anything that is not the
// payment fulfillment wrote — cut short, not JSON, a field of the wrong kind, another payment's,
// an intent that is not its own. Fields it does not read are let be.
import { describe, expect, it } from 'vitest';
import { DamagedRecordError, damageOf, parseRecord } from '../../src/fulfillment/record';
import { followedPayment } from './support/payment';

const good = followedPayment({ intentId: 'pi_1' });

describe('parseRecord', () => {
  it('gives back a record fulfillment wrote, with fields of a later version let be', () => {
    const text = JSON.stringify({ ...good, addedLater: true });
    expect(parseRecord(text, 'pi_1')).toEqual({ payment: { ...good, addedLater: true } });
  });

  it('names what is wrong with a damaged one', () => {
    const text = JSON.stringify(good);
    expect(parseRecord(text.slice(0, 40)).damage).toMatch(/^not JSON: /);
    expect(parseRecord('[]').damage).toBe('not a JSON object');
    expect(parseRecord(text, 'pi_2').damage).toBe('the record of pi_1');
  });
});

describe('damageOf', () => {
  it('checks every field fulfillment reads', () => {
    expect(damageOf(good)).toBeNull();
    expect(damageOf({ ...good, nextCheckAt: 'soon' })).toBe('invalid field: nextCheckAt');
    expect(damageOf({ ...good, checks: -1 })).toBe('invalid field: checks');
    expect(damageOf({ ...good, outcome: 'maybe' })).toBe('invalid field: outcome');
    expect(damageOf({ ...good, deliveries: { paid: 'sent' } })).toBe('invalid field: deliveries.paid');
    expect(damageOf({ ...good, deliveries: { refund: 'due' } })).toBe('invalid field: deliveries.refund');
    expect(damageOf({ ...good, notFound: { since: 1 } })).toBe('invalid field: notFound');
    const { deadline: _, ...without } = good;
    expect(damageOf(without)).toBe('invalid field: deadline');
    expect(damageOf({ ...good, followedWith: 7 })).toBe('invalid field: followedWith');
  });

  it('lets be the fields a record written before they existed lacks, which fulfillment reads with a default', () => {
    const { followedWith: _, foundWith: __, metadata: ___, ...earlier } = good;
    expect(damageOf(earlier)).toBeNull();
  });

  it('takes an intent that is not the payment’s own for damage: nothing is delivered from it', () => {
    expect(damageOf({ ...good, intent: { intent_id: 'pi_1', status: 'succeeded' } })).toBeNull();
    expect(damageOf({ ...good, intent: { intent_id: 'pi_9', status: 'succeeded' } })).toBe(
      'invalid field: intent (another intent)',
    );
  });
});

describe('DamagedRecordError', () => {
  it('names the payment, where it is kept and why, with a code to match', () => {
    const error = new DamagedRecordError({ intentId: 'pi_1', kept: '/s/damaged/pi_1.ab.json', reason: 'not JSON' });
    expect(error.code).toBe('MOMO_FULFILLMENT_DAMAGED');
    expect(error.message).toMatch(/pi_1 is damaged \(not JSON\); set aside, kept at \/s\/damaged\/pi_1\.ab\.json/);
  });
});
