// @vitest-environment node
// What the merchant is told (src/checkout/outcome.ts), through the model with the sandbox on one
// fake clock: each outcome once (a paid payment never twice on one device), a final failure only
// when the payment can no longer be made; and leaving a widget's checkout: "canceled" only when
// nothing is under way, and the way back shows what the service says of the intent.
import { describe, expect, it, vi } from 'vitest';
import { createBed } from '../support/checkout-bed';
import { codeAnswer } from '../../src/methods/momo/steps/enter_otp';

describe('outcome › what the merchant hears', () => {
  it('onFailed once, only when the payment can no longer be made (its last attempt spent)', async () => {
    const bed = createBed({ confirmRateLimit: false });
    const [onFailed, onAttemptFailed] = [vi.fn(), vi.fn()];
    const model = await bed.open({ secret: (await bed.newIntent()).secret, onFailed, onAttemptFailed });
    for (let i = 0; i < 20; i++) {
      bed.fill(model, 'operator_unavailable');
      await model.submit();
      await bed.time.settle();
      if (i < 19) model.retry();
    }
    expect(model.screen.value).toMatchObject({ name: 'error', error: 'tooManyAttempts' });
    expect(onAttemptFailed).toHaveBeenCalledTimes(19);
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it('an attempt ended on an expired code, left before any read could say it failed: told once, then the leaving', async () => {
    const bed = createBed();
    const told: string[] = [];
    const model = await bed.startAttempt('sn', 'orange', 'approved_after_delay', {
      onAttemptFailed: (d) => told.push(`attemptfailed ${d.chargeId}`),
      onCancel: (d) => told.push(d.status),
    });
    const screen = model.screen.value;
    const expired = screen.name === 'pending' ? screen.attempt.chargeId : null;
    // No read gets through: the page learns of the attempt's end from the refused code alone.
    bed.intercept(async (request) => (request.method === 'GET' ? new Response('{}', { status: 503 }) : undefined));
    await bed.time.advance(5 * 60_000);
    const sent = model.answerStep(codeAnswer('123456'));
    await bed.time.advance(30_000);
    expect(await sent).toBe(false);
    expect(model.screen.value).toMatchObject({ name: 'failed', reason: 'approval_timeout', error: 'server' });
    expect(told).toEqual([]);
    model.cancel();
    expect(told).toEqual([`attemptfailed ${expired}`, 'canceled']);
    expect(expired).toMatch(/^ch_/);
  });

  it('a paid payment is announced once: a checkout opened again on it (a dialog reopened) tells nothing more', async () => {
    const bed = createBed();
    const intent = await bed.newIntent();
    const first = vi.fn();
    const model = await bed.open({ secret: intent.secret, onSucceeded: first });
    bed.fill(model, 'approved_at_once');
    await model.submit();
    expect(first).toHaveBeenCalledTimes(1);
    model.dispose();
    const again = vi.fn();
    const reopened = await bed.open({ secret: intent.secret, onSucceeded: again });
    expect(reopened.screen.value.name).toBe('succeeded');
    expect(again).not.toHaveBeenCalled();
  });
});

describe('outcome › cancel', () => {
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
