// @vitest-environment node
// The sending half of paying (src/checkout/send.ts), through the model with the sandbox on one fake
// clock: a confirm whose answer was lost is never sent again — the page reads the intent and follows
// what it finds, says that no charge has reached the service only once it has looked, and keeps
// looking quietly for a confirm that lands later, until the payer pays again.
import { describe, expect, it } from 'vitest';
import { createBed, numberFor } from '../support/checkout-bed';

const APPROVAL_MS = 4000;

describe('send › an answer lost on the way', () => {
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
