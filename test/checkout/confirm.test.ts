// @vitest-environment node
// Paying (src/checkout/confirm.ts), through the model with the sandbox on one fake clock: one click
// sends one confirm, with an Idempotency-Key; another tab's attempt is followed, not doubled; "send
// it again" starts a new attempt only once the last one has ended. (A confirm whose answer was lost:
// send.test.ts; Pay before the sending half has arrived: sending.test.ts; a one-time code, sent the
// same way: flows.test.ts; every fault: faults.test.ts.)
import { describe, expect, it } from 'vitest';
import { createBed } from '../support/checkout-bed';

const APPROVAL_MS = 4000;
const TIMEOUT_MS = 300_000;

describe('confirm › one click, one confirm', () => {
  it('sends exactly one confirm for a double click', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'approved_after_delay');
    const results = await Promise.all([model.submit(), model.submit(), model.submit()]);
    expect(results).toEqual([true, false, false]);
    expect(bed.confirms()).toHaveLength(1);
  });

  it('confirms with the msisdn in international digits and an idempotency key', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    const number = bed.fill(model, 'approved_at_once');
    await model.submit();
    const confirm = bed.confirms()[0]!;
    expect(confirm.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    const body = await confirm.json();
    expect(body.payment_method_data).toEqual({
      type: 'momo',
      momo: { country: 'cg', msisdn: number.msisdn, operator_name: 'mtn' },
    });
    expect(confirm.url).not.toContain('secret');
    expect(model.screen.value).toMatchObject({
      name: 'succeeded',
      receipt: { reference: expect.stringMatching(/^ch_/) },
    });
  });

  it('a second tab paying the same intent follows the first attempt instead of starting another', async () => {
    const bed = createBed();
    const { id, secret } = await bed.newIntent();
    const tabA = await bed.open({ secret });
    const tabB = await bed.open({ secret });
    bed.fill(tabA, 'approved_after_delay');
    bed.fill(tabB, 'approved_after_delay');
    await tabA.submit();
    await tabB.submit();
    expect(tabB.screen.value.name).toBe('pending');
    await bed.time.advance(APPROVAL_MS + 1000);
    expect(tabA.screen.value.name).toBe('succeeded');
    expect(tabB.screen.value.name).toBe('succeeded');
    const intent = await bed.merchant.getIntent(id);
    expect(intent.event.charges).toHaveLength(1);
  });
});

describe('confirm › sending it again', () => {
  it('"send it again" starts a new attempt with the same details once the last one has ended', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'never_approved');
    expect(model.resendTo.value).toBeNull();
    await model.submit();
    expect(await model.resend()).toBe(false);
    // Past the first minute the page reads every 15 s.
    await bed.time.advance(TIMEOUT_MS + 15_000);
    expect(model.screen.value).toEqual({ name: 'failed', reason: 'approval_timeout' });
    // The number in full, as the payer typed it: a typo can be seen before sending to it again.
    expect(model.resendTo.value).toMatchObject({ type: 'momo', operator: 'mtn', phone: model.values.value.phone });
    expect(model.resendTo.value?.phone).not.toMatch(/•/);
    expect(await model.resend()).toBe(true);
    expect(model.screen.value.name).toBe('pending');
    expect(bed.confirms()).toHaveLength(2);
    const [first, second] = await Promise.all(bed.confirms().map((c) => c.json()));
    expect(second.payment_method_data).toEqual(first.payment_method_data);
  });

  it('after a reload on a failed attempt, asks for the details again instead of resending', async () => {
    const bed = createBed();
    const { secret } = await bed.newIntent();
    const first = await bed.open({ secret });
    bed.fill(first, 'operator_unavailable');
    await first.submit();
    first.dispose();
    const second = await bed.open({ secret });
    expect(second.screen.value).toEqual({ name: 'failed', reason: 'operator_unavailable' });
    expect(second.resendTo.value).toBeNull();
    expect(await second.resend()).toBe(false);
    second.retry();
    expect(second.screen.value.name).toBe('form');
  });
});
