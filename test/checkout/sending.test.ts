// How a press of Pay reaches the sending half (src/checkout/sending.ts): on the hosted page and in
// widget.js it comes with the screens' part, which may not have arrived when the payer presses Pay,
// or may not arrive at all. The press is answered at once (the screen says the confirm is on its
// way) and sends once the half is here — exactly once, however many presses; a half that cannot be
// had sends nothing, and leaves the form, with a true word, for a press that fetches it again.
// (In jsdom: each file its own modules, so the loader mocked here is this file's alone.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { createSending } from '../../src/checkout/send';
import { createBed } from '../support/checkout-bed';

type Loader = () => Promise<typeof createSending>;
const held = vi.hoisted(() => ({ loader: null as Loader | null, asked: 0 }));
vi.mock('../../src/checkout/sending', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/checkout/sending')>();
  return {
    // The following comes with the same part: here at once (its own arrival is src/checkout/model.ts's).
    loadFollowing: real.loadFollowing,
    loadSending: () => {
      held.asked++;
      return held.loader ? held.loader() : real.loadSending();
    },
  };
});
const { loadSending: arrived } =
  await vi.importActual<typeof import('../../src/checkout/sending')>('../../src/checkout/sending');

/** A sending half that arrives when the test says: `arrive()`, or `fail()`. */
function holdBack() {
  let arrive!: () => void;
  let fail!: () => void;
  held.loader = () =>
    new Promise((resolve, reject) => {
      arrive = () => void arrived().then(resolve);
      fail = () => reject(new Error('could not load /steps/screens.js'));
    });
  return { arrive: () => arrive(), fail: () => fail() };
}

afterEach(() => {
  held.loader = null;
  held.asked = 0;
});

describe('sending › Pay before the sending half has arrived', () => {
  it('says at once that the confirm is on its way, and sends it exactly once when the half arrives, however many presses', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'approved_at_once');
    const half = holdBack();
    const first = model.submit();
    expect(model.screen.value.name).toBe('confirming');
    // A double click, and Enter, while it is on its way: no form to send.
    expect(await Promise.all([model.submit(), model.submit()])).toEqual([false, false]);
    await bed.time.settle();
    expect(bed.confirms()).toHaveLength(0);
    half.arrive();
    expect(await first).toBe(true);
    expect(bed.confirms()).toHaveLength(1);
    expect(model.screen.value.name).toBe('succeeded');
  });

  it('a half that cannot be had sends nothing: the form again, saying the connection failed, and the next press fetches it and pays once', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'approved_at_once');
    const half = holdBack();
    const pressed = model.submit();
    half.fail();
    expect(await pressed).toBe(false);
    expect(model.screen.value).toEqual({ name: 'form', notice: { key: 'error.network' } });
    expect(bed.confirms()).toHaveLength(0);
    // What was typed is still there: the payer only presses again.
    expect(model.values.value.firstName).not.toBe('');
    held.loader = null;
    expect(await model.submit()).toBe(true);
    expect(held.asked).toBe(2);
    expect(bed.confirms()).toHaveLength(1);
    expect(model.screen.value.name).toBe('succeeded');
  });

  it('a checkout closed while the half is on its way sends nothing when it arrives', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'approved_at_once');
    const half = holdBack();
    const pressed = model.submit();
    model.dispose();
    half.arrive();
    expect(await pressed).toBe(false);
    await bed.time.settle();
    expect(bed.confirms()).toHaveLength(0);
  });

  it('fetches the half once for a checkout, not once a press', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'never_approved');
    await model.submit();
    await bed.time.advance(310_000);
    expect(model.screen.value.name).toBe('failed');
    expect(await model.resend()).toBe(true);
    expect(bed.confirms()).toHaveLength(2);
    expect(held.asked).toBe(1);
  });
});
