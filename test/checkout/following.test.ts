// @vitest-environment node
// Following a payment while the payer approves it (src/checkout/following.ts), through the model
// with the sandbox on one fake clock: how often it reads, until when, "I have approved" read at
// once, an outcome still unknown past its window, and an intent that can no longer be found.
// (The follower's timing on its own: follower.test.ts; offline and back: flows.test.ts.)
import { describe, expect, it } from 'vitest';
import { DEADLINE_GRACE_MS } from '../../src/checkout/constants';
import { createBed } from '../support/checkout-bed';

const APPROVAL_MS = 4000;
const TIMEOUT_MS = 300_000;

describe('following › while the payer approves', () => {
  it('keeps following a late approval until just before the attempt expires', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'approved_late');
    await model.submit();
    await bed.time.advance(TIMEOUT_MS - 10_000);
    expect(model.screen.value.name).toBe('pending');
    await bed.time.advance(20_000);
    expect(model.screen.value.name).toBe('succeeded');
  });

  it('bounds the status reads while waiting one minute', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'never_approved');
    await model.submit();
    const before = bed.reads().length;
    await bed.time.advance(60_000);
    const reads = bed.reads().length - before;
    // Every 2 s for 6 s, then each wait half the time waited: 9 reads (it was 40), never a tight loop.
    expect(reads).toBeGreaterThanOrEqual(8);
    expect(reads).toBeLessThanOrEqual(10);
  });

  it('checks at once on "I have approved" without confirming again', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'approved_after_delay');
    await model.submit();
    await bed.time.advance(APPROVAL_MS);
    const reads = bed.reads().length;
    await model.checkNow();
    expect(bed.reads().length).toBe(reads + 1);
    expect(model.screen.value.name).toBe('succeeded');
    expect(bed.confirms()).toHaveLength(1);
  });
});

describe('following › past the window, and a payment gone', () => {
  it('says "still verifying", never "failed", when the outcome is unknown past the deadline', async () => {
    // The service gives no deadline here and the operator answers late: the page must wait.
    const bed = createBed({ pendingTimeoutMs: 8 * 60_000 });
    bed.intercept(async (request) => {
      const response = await bed.sandbox.fetch(request);
      const body = await response.json();
      delete body.approval_expires_at;
      delete body.next_action;
      return Response.json(body, { status: response.status });
    });
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'approved_late');
    await model.submit();
    await bed.time.advance(5 * 60_000 + DEADLINE_GRACE_MS + 15_000);
    expect(model.screen.value.name).toBe('unknown');
    await bed.time.advance(3 * 60_000);
    expect(model.screen.value.name).toBe('succeeded');
  });

  it('says so, and offers a check, when the intent it follows can no longer be found', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'never_approved');
    await model.submit();
    expect(model.screen.value.name).toBe('pending');
    // The service has lost its records (a sandbox restarted without its store): every read is 404.
    const notFound = () =>
      Response.json({ error: { code: 'not_found', message: 'No such payment intent.', field: null } }, { status: 404 });
    bed.intercept(async (request) => (request.method === 'GET' ? notFound() : undefined));
    await bed.time.advance(2000);
    expect(model.screen.value).toEqual({ name: 'error', error: 'lost', recovery: 'check' });
    // No polling of a payment that is gone; the payer's check reads once and says the same.
    const reads = bed.reads().length;
    await bed.time.advance(60_000);
    expect(bed.reads()).toHaveLength(reads);
    model.retry();
    await bed.time.settle();
    expect(bed.reads()).toHaveLength(reads + 1);
    expect(model.screen.value).toEqual({ name: 'error', error: 'lost', recovery: 'check' });
    // Back again (a brief outage behind a proxy), the payment is followed where it stands.
    bed.intercept(undefined);
    model.retry();
    await bed.time.settle();
    expect(model.screen.value.name).toBe('pending');
    expect(bed.confirms()).toHaveLength(1);
  });
});
