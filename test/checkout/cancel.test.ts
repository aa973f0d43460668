// Leaving a widget's checkout: the merchant hears "canceled" only when nothing is under way, the
// checkout says it was left, and coming back shows what the service says of the intent.
import { describe, expect, it } from 'vitest';
import { createBed } from '../support/checkout-bed';

describe('checkout › cancel', () => {
  it('is not offered while a confirm is on its way: the merchant never hears of a payment that may yet start', async () => {
    const bed = createBed();
    const told: string[] = [];
    const model = await bed.open({ secret: (await bed.newIntent()).secret, onCancel: (d) => told.push(d.status) });
    bed.fill(model, 'approved_after_delay');
    bed.intercept(async (request) => (request.method === 'POST' ? new Promise(() => {}) : undefined));
    void model.submit();
    expect(model.screen.value.name).toBe('confirming');
    model.cancel();
    expect(told).toEqual([]);
    expect(model.screen.value.name).toBe('confirming');
    model.dispose();
  });

  it('says it was left, and the way back reads the intent: a form again, never a second attempt', async () => {
    const bed = createBed();
    const told: string[] = [];
    const model = await bed.open({ secret: (await bed.newIntent()).secret, onCancel: (d) => told.push(d.status) });
    model.cancel();
    expect(told).toEqual(['canceled']);
    expect(model.screen.value.name).toBe('canceled');
    model.retry();
    await bed.time.settle();
    expect(model.screen.value.name).toBe('form');
  });

  it('back from a cancel while an attempt was under way elsewhere follows it instead of offering the form', async () => {
    const bed = createBed();
    const { secret } = await bed.newIntent();
    const model = await bed.open({ secret, onCancel: () => {} });
    model.cancel();
    // Another tab started an attempt meanwhile: the page learns it on its next read.
    const other = await bed.open({ secret });
    bed.fill(other, 'never_approved');
    await other.submit();
    await bed.time.settle();
    expect(other.screen.value.name).toBe('pending');
    model.retry();
    await bed.time.settle();
    expect(model.screen.value.name).not.toBe('form');
  });
});
