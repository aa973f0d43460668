// @vitest-environment node
// A checkout session (src/checkout/session.ts), through the model with the sandbox on one fake
// clock: the items shown, the session read alone (its answer brings its intent, or the intent is
// read after it, and never another one's), the ways back to the merchant, and a session that ended.
import { describe, expect, it, vi } from 'vitest';
import { sessionReader } from '../../src/checkout/session';
import { createBed } from '../support/checkout-bed';

describe('session › a checkout session', () => {
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

describe('session › Back to a session this tab left (left: its secret forgotten)', () => {
  const newSession = (bed: ReturnType<typeof createBed>) =>
    bed.merchant.createSession({
      total: 12_500,
      currency: 'xaf',
      accountId: 'acct_shop',
      successUrl: 'https://shop.example/thanks',
      cancelUrl: 'https://shop.example/cart',
      metadata: {},
      items: [{ productId: 'prt_wax', quantity: 1, price: 12_500, productName: 'Pagne wax' }],
    });

  it('reads it by its id alone and says the payer left, with the order and the way back, nothing to pay with', async () => {
    const bed = createBed();
    const session = await newSession(bed);
    const model = await bed.open({ readSession: sessionReader(bed.api, session.id), secret: '', left: true });
    expect(model.screen.value.name).toBe('canceled');
    expect(model.cancelUrl.value).toBe('https://shop.example/cart');
    expect(model.intent.value?.amount).toBe(12_500);
    expect(bed.confirms()).toHaveLength(0);
  });

  it('reads the intent by its id where the session answer does not bring it', async () => {
    const bed = createBed();
    const session = await newSession(bed);
    bed.intercept(async (request) => {
      const response = await bed.sandbox.fetch(request);
      if (!new URL(request.url).pathname.startsWith('/v1/sessions/')) return response;
      const { paymentIntent: _intent, ...bare } = (await response.json()) as Record<string, unknown>;
      return new Response(JSON.stringify(bare), { status: response.status, headers: response.headers });
    });
    const model = await bed.open({ readSession: sessionReader(bed.api, session.id), secret: '', left: true });
    expect(model.screen.value.name).toBe('canceled');
    expect(model.intent.value?.amount).toBe(12_500);
  });

  it('paid meanwhile (another tab): the receipt, not "canceled"', async () => {
    const bed = createBed();
    const session = await newSession(bed);
    const other = await bed.open({ readSession: sessionReader(bed.api, session.id), secret: session.clientSecret });
    bed.fill(other, 'approved_at_once');
    await other.submit();
    await bed.time.settle();
    const model = await bed.open({ readSession: sessionReader(bed.api, session.id), secret: '', left: true });
    expect(model.screen.value.name).toBe('succeeded');
  });

  it('a read that fails says so, with the way to read again', async () => {
    const bed = createBed();
    const session = await newSession(bed);
    bed.intercept(async () => new Response('<html>502</html>', { status: 502 }));
    const model = await bed.open({ readSession: sessionReader(bed.api, session.id), secret: '', left: true });
    // Past the client's retries of a read.
    await bed.time.advance(60_000);
    expect(model.screen.value).toMatchObject({ name: 'error', recovery: 'reload' });
    bed.intercept(async () => undefined);
    model.retry();
    await bed.time.settle();
    expect(model.screen.value.name).toBe('canceled');
  });
});
