// The contract of wallets' health (extension): what the service answers is held to its statuses;
// what a payer's page reads takes any status, so a status the page does not know never fails a read.
import { describe, expect, it } from 'vitest';
import { availabilitySchema, paymentIntentSchema, walletHealthViewSchema } from '../../../src/api/schemas';
import { paymentIntentViewParser } from '../../../src/api/schemas/parsers';
import { setup } from '../../sandbox/helpers';

const down = { country: 'cg', operator_name: 'mtn', status: 'down', delay_seconds: null };

describe('availabilitySchema', () => {
  it('takes up, slow with its delay and down; refuses another status or a delay of 0', () => {
    const data = [down, { ...down, operator_name: 'airtel', status: 'slow', delay_seconds: 300 }];
    expect(availabilitySchema.safeParse({ object: 'list', data }).success).toBe(true);
    expect(availabilitySchema.safeParse({ object: 'list', data: [{ ...down, status: 'degraded' }] }).success).toBe(
      false,
    );
    expect(
      availabilitySchema.safeParse({ object: 'list', data: [{ ...down, status: 'slow', delay_seconds: 0 }] }).success,
    ).toBe(false);
  });
});

describe('walletHealthViewSchema', () => {
  it('reads a status it does not know', () => {
    expect(walletHealthViewSchema.safeParse({ ...down, status: 'degraded' }).success).toBe(true);
  });
});

describe("the intent as a payer's page reads it (compiled rules)", () => {
  it('keeps the wallets not up, an unknown status included, and reads an intent without them', async () => {
    const { newIntent, readIntent } = setup();
    const intent = await readIntent((await newIntent()).intent_id);
    const health = [down, { ...down, operator_name: 'airtel', status: 'degraded' }];
    const read = paymentIntentViewParser.safeParse({ ...intent, availability: health });
    expect(read.success && read.data.availability).toEqual(health);
    const { availability: _none, ...bare } = intent;
    const bareRead = paymentIntentViewParser.safeParse(bare);
    expect(bareRead.success && bareRead.data.availability).toBeUndefined();
    expect(
      paymentIntentViewParser.safeParse({ ...intent, availability: [{ ...down, delay_seconds: '5' }] }).success,
    ).toBe(false);
  });
});

describe("the intent as a merchant's server reads it (paymentIntentSchema)", () => {
  it('passes on a status a later service adds, and still refuses a health entry of the wrong shape', async () => {
    const { newIntent, readIntent } = setup();
    const intent = await readIntent((await newIntent()).intent_id);
    const health = [down, { ...down, operator_name: 'airtel', status: 'degraded' }];
    const read = paymentIntentSchema.safeParse({ ...intent, availability: health });
    expect(read.success && read.data.availability).toEqual(health);
    expect(paymentIntentSchema.safeParse({ ...intent, availability: [{ ...down, status: 3 }] }).success).toBe(false);
  });
});
