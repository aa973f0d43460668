// @vitest-environment node
// Paying (src/checkout/confirm.ts), through the model with the sandbox on one fake clock: one click
// sends one confirm, with an Idempotency-Key; another tab's attempt is followed, not doubled; a
// confirm whose answer was lost is never sent again: the page reads the intent and follows what it
// finds, says that no charge has reached the service only once it has looked, and keeps looking
// quietly for a confirm that lands later; "send it again" starts a new attempt only once the last
// one has ended. (A one-time code, sent the same way: flows.test.ts; every fault: faults.test.ts.)
import { describe, expect, it } from 'vitest';
import { createBed, numberFor } from '../support/checkout-bed';

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

describe('confirm › an answer lost on the way', () => {
  it('after a confirm whose answer was lost, reads the intent and follows it instead of confirming again', async () => {
    const bed = createBed();
    bed.intercept(async (request) => {
      if (!request.url.endsWith('/confirm')) return undefined;
      await bed.sandbox.fetch(request);
      throw new TypeError('connection reset');
    });
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'approved_after_delay');
    await model.submit();
    expect(model.screen.value.name).toBe('pending');
    expect(bed.confirms()).toHaveLength(1);
    await bed.time.advance(APPROVAL_MS + 1000);
    expect(model.screen.value.name).toBe('succeeded');
  });

  it('after a confirm that never arrived, says no charge has reached the service yet and lets the payer try again', async () => {
    const bed = createBed();
    bed.intercept(async (request) =>
      request.url.endsWith('/confirm') ? new Response('<html>502 Bad Gateway</html>', { status: 502 }) : undefined,
    );
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'approved_after_delay');
    const reads = bed.reads().length;
    const submitting = model.submit();
    // A confirm held up on the way could still land: the page looks again before concluding.
    await bed.time.advance(1000);
    expect(model.screen.value.name).toBe('confirming');
    await bed.time.advance(4000);
    await submitting;
    expect(model.screen.value).toEqual({ name: 'form', notice: { key: 'error.notSent' } });
    expect(bed.reads().length - reads).toBe(3);
    expect(bed.confirms()).toHaveLength(1);
  });

  /** A payment whose confirm a proxy holds: the page gets a 504; `deliver` hands it to the service later. */
  async function withHeldConfirm() {
    const bed = createBed();
    let held: Request | undefined;
    bed.intercept(async (request) => {
      if (!request.url.endsWith('/confirm')) return undefined;
      held = request;
      return new Response('<html>504 Gateway Timeout</html>', { status: 504 });
    });
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'approved_after_delay');
    return { bed, model, deliver: () => bed.sandbox.fetch(held!) };
  }

  it('finds a confirm that landed late and follows it', async () => {
    const { bed, model, deliver } = await withHeldConfirm();
    const submitting = model.submit();
    await bed.time.advance(500);
    // The proxy gave up, but it delivers the confirm to the service after the first read.
    await deliver();
    await bed.time.advance(5000);
    await submitting;
    expect(model.screen.value.name).toBe('succeeded');
    expect(bed.confirms()).toHaveLength(1);
  });

  it('keeps looking after saying no charge has reached the service, and follows a confirm that lands later still', async () => {
    const { bed, model, deliver } = await withHeldConfirm();
    await Promise.all([model.submit(), bed.time.advance(5000)]);
    expect(model.screen.value).toEqual({ name: 'form', notice: { key: 'error.notSent' } });
    // 20 s after the click, a proxy finally delivers the confirm: the payer's phone rings.
    await bed.time.advance(15_000);
    await deliver();
    await bed.time.advance(15_000);
    expect(model.screen.value.name).toBe('succeeded');
    expect(bed.confirms()).toHaveLength(1);
  });

  it('stops looking once the payer pays again: a later decline and "try again" stay on the form', async () => {
    const { bed, model } = await withHeldConfirm();
    await Promise.all([model.submit(), bed.time.advance(5000)]);
    expect(model.screen.value).toEqual({ name: 'form', notice: { key: 'error.notSent' } });
    bed.intercept(undefined);
    model.setField('phone', numberFor('declined').national);
    await model.submit();
    await bed.time.advance(5000);
    expect(model.screen.value.name).toBe('failed');
    model.retry();
    await bed.time.advance(60_000);
    expect(model.screen.value).toEqual({ name: 'form' });
  });

  it('looks three more times over a minute, then stops; after paying again, nothing keeps running', async () => {
    const lost = await withHeldConfirm();
    await Promise.all([lost.model.submit(), lost.bed.time.advance(5000)]);
    const reads = lost.bed.reads().length;
    await lost.bed.time.advance(5 * 60_000);
    expect(lost.bed.reads().length - reads).toBe(3);
    expect(lost.bed.time.pending()).toBe(0);

    const { bed, model } = await withHeldConfirm();
    await Promise.all([model.submit(), bed.time.advance(5000)]);
    bed.intercept(undefined);
    await model.submit();
    await bed.time.advance(10_000);
    expect(model.screen.value.name).toBe('succeeded');
    const afterSuccess = bed.reads().length;
    await bed.time.advance(2 * 60_000);
    expect(bed.reads().length).toBe(afterSuccess);
    expect(bed.time.pending()).toBe(0);
  });
});
