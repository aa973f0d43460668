// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { DEADLINE_GRACE_MS } from '../../src/checkout/constants';
import { createCheckout } from '../../src/checkout/model';
import { sessionReader } from '../../src/checkout/session';
import { createBed, numberFor } from '../support/checkout-bed';

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
    expect(model.resendTo.value).toMatchObject({ type: 'momo', operator: 'mtn', phone: expect.stringMatching(/•/) });
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

describe('checkout model › what the merchant hears', () => {
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

describe('checkout model › uncertain outcomes', () => {
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
    // Masked the same way, though the service tells a reloaded page only the last digits.
    expect(second.screen.value).toMatchObject({
      name: 'pending',
      attempt: { method: { operator: 'mtn', country: 'cg', phone: shownBefore } },
    });
    await bed.time.advance(APPROVAL_MS + 1000);
    expect(second.screen.value.name).toBe('succeeded');
    expect(bed.confirms()).toHaveLength(1);
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

describe('checkout model › sessions', () => {
  async function newSession(bed: ReturnType<typeof createBed>) {
    return bed.merchant.createSession({
      total: 12_500,
      currency: 'xaf',
      accountId: 'acct_shop',
      successUrl: 'https://shop.example/thanks?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://shop.example/cart',
      metadata: { order: '42' },
      items: [
        { productId: 'prt_wax', quantity: 1, price: 10_000, productName: 'Pagne wax' },
        { productId: 'prt_soap', quantity: 2, price: 1_250, productName: 'Savon noir' },
      ],
    });
  }

  it('shows the items and returns to successUrl with the session id after paying', async () => {
    const bed = createBed();
    const session = await newSession(bed);
    const navigate = vi.fn();
    const model = await bed.open({
      readSession: sessionReader(bed.api, session.id),
      secret: session.clientSecret,
      navigate,
    });
    expect(model.session.value?.items).toHaveLength(2);
    expect(model.intent.value?.amount).toBe(12_500);
    bed.fill(model, 'approved_at_once');
    await model.submit();
    model.returnToMerchant();
    expect(navigate).toHaveBeenCalledWith(`https://shop.example/thanks?session=${session.id}`, 'success');
  });

  it('cancel returns to cancelUrl', async () => {
    const bed = createBed();
    const session = await newSession(bed);
    const navigate = vi.fn();
    const onCancel = vi.fn();
    const model = await bed.open({
      readSession: sessionReader(bed.api, session.id),
      secret: session.clientSecret,
      navigate,
      onCancel,
    });
    model.cancel();
    expect(navigate).toHaveBeenCalledWith('https://shop.example/cart', 'cancel');
    expect(onCancel).toHaveBeenCalledWith({ intentId: session.paymentIntentId, status: 'canceled', chargeId: null });
  });

  it("a page left open past the session's end says so when the payer pays, and charges nothing", async () => {
    const bed = createBed();
    const session = await newSession(bed);
    const model = await bed.open({ readSession: sessionReader(bed.api, session.id), secret: session.clientSecret });
    bed.fill(model, 'approved_at_once');
    await bed.time.advance(24 * 60 * 60 * 1000);
    expect(await model.submit()).toBe(false);
    expect(model.screen.value).toEqual({ name: 'error', error: 'expired', recovery: null });
    expect(bed.confirms()).toHaveLength(1);
    expect((await bed.merchant.getIntent(session.paymentIntentId)).event.charges).toEqual([]);
  });

  it('a page reloaded after the session ended, while an approval is awaited, follows it to the end', async () => {
    const bed = createBed();
    const session = await newSession(bed);
    const open = () => bed.open({ readSession: sessionReader(bed.api, session.id), secret: session.clientSecret });
    const first = await open();
    await bed.time.advance(24 * 60 * 60 * 1000 - 1000);
    bed.fill(first, 'approved_after_delay');
    await first.submit();
    expect(first.screen.value.name).toBe('pending');
    first.dispose();
    await bed.time.advance(2000);
    const reloaded = await open();
    expect(reloaded.screen.value.name).toBe('pending');
    await bed.time.advance(5000);
    expect(reloaded.screen.value.name).toBe('succeeded');
  });

  it('reads the session alone: its answer brings its intent', async () => {
    const bed = createBed();
    const session = await newSession(bed);
    const reads: string[] = [];
    bed.intercept((request) => {
      reads.push(new URL(request.url).pathname);
      return bed.sandbox.fetch(request);
    });
    const model = await bed.open({ readSession: sessionReader(bed.api, session.id), secret: session.clientSecret });
    expect(reads).toEqual([`/v1/sessions/${session.id}`]);
    expect(model.screen.value.name).toBe('form');
    expect(model.intent.value?.intent_id).toBe(session.paymentIntentId);
  });

  it('reads the intent itself from a service whose session answer does not bring it', async () => {
    const bed = createBed();
    const session = await newSession(bed);
    const reads: string[] = [];
    bed.intercept(async (request) => {
      reads.push(new URL(request.url).pathname);
      const response = await bed.sandbox.fetch(request);
      if (!new URL(request.url).pathname.startsWith('/v1/sessions/')) return response;
      const { paymentIntent: _intent, ...bare } = (await response.json()) as Record<string, unknown>;
      return new Response(JSON.stringify(bare), { status: response.status, headers: response.headers });
    });
    const model = await bed.open({ readSession: sessionReader(bed.api, session.id), secret: session.clientSecret });
    expect(reads).toEqual([`/v1/sessions/${session.id}`, `/v1/payment-intents/${session.paymentIntentId}`]);
    expect(model.screen.value.name).toBe('form');
  });

  it('never takes the intent a session answer brings for another one', async () => {
    const bed = createBed();
    const session = await newSession(bed);
    bed.intercept(async (request) => {
      const response = await bed.sandbox.fetch(request);
      if (!new URL(request.url).pathname.startsWith('/v1/sessions/')) return response;
      const read = (await response.json()) as Record<string, unknown>;
      return new Response(
        JSON.stringify({
          ...read,
          paymentIntent: { ...(read.paymentIntent as object), intent_id: 'pi_AnotherIntent0000', amount: 999 },
        }),
        { status: 200, headers: response.headers },
      );
    });
    const model = await bed.open({ readSession: sessionReader(bed.api, session.id), secret: session.clientSecret });
    expect(model.intent.value?.intent_id).toBe(session.paymentIntentId);
    expect(model.intent.value?.amount).not.toBe(999);
  });
});
