// @vitest-environment node
// The checkout's model as a whole (src/checkout/model.ts), with the sandbox on one fake clock:
// loading, the form, a payment from the click to its end, a reload. What each part it is made of
// does has a file of its own: confirm, following, outcome and session.test.ts.
import { describe, expect, it, vi } from 'vitest';
import { createCheckout } from '../../src/checkout/model';
import { createBed } from '../support/checkout-bed';

const APPROVAL_MS = 4000;
const TIMEOUT_MS = 300_000;

describe('checkout model › loading', () => {
  it("sends the intent's read within start(), before its caller goes on to render", async () => {
    const bed = createBed();
    const { id, secret } = await bed.newIntent();
    const model = createCheckout({ api: bed.api, clientSecret: secret, page: null });
    model.start();
    // Nothing awaited yet: the widget renders right after start(), and the read is already out.
    expect(bed.reads().map((r) => new URL(r.url).pathname)).toEqual([`/v1/payment-intents/${id}`]);
    await bed.time.settle();
    expect(model.screen.value.name).toBe('form');
    model.dispose();
  });

  it('shows the form with the intent once it is read', async () => {
    const bed = createBed();
    const { id, secret } = await bed.newIntent(7500);
    const model = await bed.open({ secret });
    expect(model.screen.value.name).toBe('form');
    expect(model.intent.value).toMatchObject({ intent_id: id, amount: 7500 });
    // The intent comes from the secret alone: the only read is of this intent.
    expect(bed.reads().map((r) => new URL(r.url).pathname)).toEqual([`/v1/payment-intents/${id}`]);
  });

  it('reads a secret in the _sc_ form the interface also allows', async () => {
    const bed = createBed();
    const { id } = await bed.newIntent(7500);
    const model = await bed.open({ secret: `${id}_sc_0a1B2c3D4e5F` });
    expect(model.screen.value.name).toBe('form');
    expect(model.intent.value?.intent_id).toBe(id);
  });

  it('refuses a link without a valid secret and sends nothing', async () => {
    const bed = createBed();
    const { id } = await bed.newIntent();
    const model = await bed.open({ intentId: id, secret: 'not-a-secret' });
    expect(model.screen.value).toEqual({ name: 'error', error: 'badLink', recovery: null });
    expect(bed.requests).toHaveLength(0);
  });

  it("refuses another intent's secret as not valid (not as incomplete) and sends nothing", async () => {
    const bed = createBed();
    const [mine, other] = [await bed.newIntent(), await bed.newIntent()];
    const model = await bed.open({ intentId: mine.id, secret: other.secret });
    expect(model.screen.value).toEqual({ name: 'error', error: 'badSecret', recovery: null });
    expect(bed.requests).toHaveLength(0);
  });

  it('says the payment cannot be found for an unknown intent', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: 'pi_doesnotexist0000000000_secret_abcdefabcdef' });
    expect(model.screen.value).toMatchObject({ name: 'error', error: 'notFound' });
  });

  it('offers to try again when the service is unreachable, and recovers', async () => {
    const bed = createBed();
    const { secret } = await bed.newIntent();
    bed.intercept(() => Promise.reject(new TypeError('Failed to fetch')));
    const model = await bed.open({ secret });
    // The read is tried three times, 0.4 s and 1.2 s apart (± a quarter), before the page gives up.
    await bed.time.advance(1_100);
    expect(model.screen.value.name).toBe('loading');
    expect(bed.reads()).toHaveLength(2);
    await bed.time.advance(900);
    expect(bed.reads()).toHaveLength(3);
    expect(model.screen.value).toMatchObject({ name: 'error', error: 'network', recovery: 'reload' });
    bed.intercept(undefined);
    model.retry();
    await bed.time.settle();
    expect(model.screen.value.name).toBe('form');
  });

  it('shows a clear screen for a status it does not know', async () => {
    const bed = createBed();
    bed.intercept(async (request) => {
      const response = await bed.sandbox.fetch(request);
      if (request.method !== 'GET') return response;
      return Response.json({ ...(await response.json()), status: 'requires_capture' });
    });
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    expect(model.screen.value).toEqual({ name: 'error', error: 'unknownStatus', recovery: 'check' });
  });
});

describe('checkout model › form', () => {
  it('sends nothing while a field is invalid and shows every error', async () => {
    const bed = createBed();
    const { secret } = await bed.newIntent();
    const model = await bed.open({ secret });
    expect(await model.submit()).toBe(false);
    expect(bed.confirms()).toHaveLength(0);
    expect(model.screen.value).toEqual({ name: 'form', notice: { key: 'form.fixErrors' } });
    expect(Object.keys(model.visibleErrors.value).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
      'operator',
      'phone',
    ]);
  });

  it('shows a field error only after the payer leaves the field', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    model.setField('email', 'not-an-email');
    expect(model.visibleErrors.value.email).toBeUndefined();
    model.blur('email');
    expect(model.visibleErrors.value.email).toEqual({ key: 'error.email.invalid' });
  });

  it('detects the operator from the number and lets the payer change it', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    const number = bed.fill(model, 'approved_after_delay', 'cg', 'airtel');
    expect(model.values.value.operator).toBe('airtel');
    expect(model.filled.value.has('operator')).toBe(true);
    model.setField('operator', 'mtn');
    model.setField('phone', number.national);
    expect(model.values.value.operator).toBe('mtn');
    model.blur('phone');
    expect(model.visibleErrors.value.phone).toMatchObject({ key: 'error.phone.other_network', warning: true });
  });
});

describe('checkout model › paying', () => {
  it('follows an approving number from pending to succeeded and tells the merchant once', async () => {
    const bed = createBed();
    const { id, secret } = await bed.newIntent(5000);
    const onSucceeded = vi.fn();
    const model = await bed.open({ secret, onSucceeded });
    bed.fill(model, 'approved_after_delay');
    const submitting = model.submit();
    expect(model.screen.value.name).toBe('confirming');
    expect(await submitting).toBe(true);
    const pending = model.screen.value;
    if (pending.name !== 'pending') throw new Error(`expected pending, got ${pending.name}`);
    await bed.time.advance(APPROVAL_MS + 1000);
    // The receipt shows the number as the waiting screen did.
    expect(model.screen.value).toMatchObject({
      name: 'succeeded',
      receipt: {
        amount: 5000,
        currency: 'xaf',
        method: { type: 'momo', operator: 'mtn', phone: pending.attempt.method?.phone },
      },
    });
    await bed.time.advance(10_000);
    expect(onSucceeded).toHaveBeenCalledTimes(1);
    const detail = onSucceeded.mock.calls[0]?.[0];
    expect(detail).toEqual({ intentId: id, status: 'succeeded', chargeId: expect.stringMatching(/^ch_/) });
    expect(JSON.stringify(detail)).not.toContain('secret');
    expect(bed.time.pending()).toBe(0);
  });

  it('shows a decline, then a retry on the same intent succeeds', async () => {
    const bed = createBed();
    const [onFailed, onAttemptFailed] = [vi.fn(), vi.fn()];
    const model = await bed.open({ secret: (await bed.newIntent()).secret, onFailed, onAttemptFailed });
    bed.fill(model, 'declined');
    await model.submit();
    await bed.time.advance(APPROVAL_MS + 1000);
    expect(model.screen.value).toEqual({ name: 'failed', reason: 'payer_declined' });
    // One attempt failed; the payment can still be made: not a final failure.
    expect(onAttemptFailed).toHaveBeenCalledTimes(1);
    expect(onFailed).not.toHaveBeenCalled();
    model.retry();
    expect(model.screen.value.name).toBe('form');
    bed.fill(model, 'approved_at_once');
    await model.submit();
    expect(model.screen.value.name).toBe('succeeded');
    expect(bed.confirms()).toHaveLength(2);
  });

  it.each([
    ['insufficient_funds', APPROVAL_MS + 2000, 'insufficient_funds'],
    ['operator_unavailable', 0, 'operator_unavailable'],
    ['never_approved', TIMEOUT_MS + 15_000, 'approval_timeout'],
  ] as const)('explains %s in plain words', async (outcome, wait, reason) => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, outcome);
    await model.submit();
    await bed.time.advance(wait);
    expect(model.screen.value).toEqual({ name: 'failed', reason });
  });
});

describe('checkout model › resuming', () => {
  it('a reload during approval keeps waiting and never confirms again', async () => {
    const bed = createBed();
    const { secret } = await bed.newIntent();
    const first = await bed.open({ secret });
    bed.fill(first, 'approved_after_delay');
    await first.submit();
    const shownBefore = first.screen.value.name === 'pending' ? first.screen.value.attempt.method?.phone : undefined;
    first.dispose();
    const second = await bed.open({ secret });
    // In full in the tab that typed it; masked after a reload, as the service tells only the last digits.
    expect(shownBefore).not.toMatch(/•/);
    const last4 = (shownBefore ?? '').replace(/\D/g, '').slice(-4);
    expect(second.screen.value).toMatchObject({
      name: 'pending',
      attempt: { method: { operator: 'mtn', country: 'cg', phone: expect.stringMatching(/^\+242\u00a0•/) } },
    });
    const after = second.screen.value.name === 'pending' ? second.screen.value.attempt.method?.phone : '';
    expect((after ?? '').replace(/\D/g, '').slice(-4)).toBe(last4);
    await bed.time.advance(APPROVAL_MS + 1000);
    expect(second.screen.value.name).toBe('succeeded');
    expect(bed.confirms()).toHaveLength(1);
  });

  it('dispose stops every timer', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'never_approved');
    await model.submit();
    expect(bed.time.pending()).toBe(1);
    model.dispose();
    expect(bed.time.pending()).toBe(0);
  });
});
