// @vitest-environment node
// "Someone else pays" (docs/decisions.md) in the model, on the sandbox and one fake clock: the payer
// hands the payment on (the screen `shared`, followed), someone else pays it on a page of their own
// (`relative`), which shows nothing of an attempt it did not start; never two charges, whoever pays.
import { describe, expect, it } from 'vitest';
import { createBed } from '../support/checkout-bed';

const APPROVAL_MS = 4000;

/** Every charge the service made for the intent, and those that succeeded. */
async function chargesOf(bed: ReturnType<typeof createBed>, id: string) {
  const read = await bed.merchant.getIntent(id);
  return { all: read.event.charges, paid: read.event.charges.filter((c) => c.status === 'succeeded') };
}

/**
 * A payer's page on a new intent, and the relative's page the link handed on opens (`relative`), on
 * one sandbox and clock.
 */
async function payerAndRelative() {
  const bed = createBed();
  const { id, secret } = await bed.newIntent();
  const payer = await bed.open({ secret });
  return { bed, id, secret, payer, openRelative: () => bed.open({ secret, relative: true }) };
}

describe('someone else pays', () => {
  it('the payer hands it on, the relative pays on their own page, the payer’s screen follows to a receipt without a number', async () => {
    const { bed, id, secret, payer, openRelative } = await payerAndRelative();
    expect(payer.screen.value.name).toBe('form');
    payer.handOff();
    expect(payer.screen.value).toEqual({ name: 'shared' });
    // The link: the hosted page of the intent, the secret in the fragment, marked as handed on.
    expect(payer.handOffPath()).toBe(`/pay/${id}?relative#${secret}`);

    const relative = await openRelative();
    expect(relative.screen.value.name).toBe('form');
    bed.fill(relative, 'approved_after_delay');
    await relative.submit();
    expect(relative.screen.value.name).toBe('pending');
    await bed.time.advance(APPROVAL_MS + 1000);
    // The relative's own receipt shows the number they typed.
    expect(relative.screen.value).toMatchObject({ name: 'succeeded', receipt: { method: { operator: 'mtn' } } });

    await bed.time.advance(10_000);
    expect(payer.screen.value).toMatchObject({ name: 'succeeded', receipt: { method: null, byOther: true } });
    expect(bed.confirms()).toHaveLength(1);
    expect((await chargesOf(bed, id)).paid).toHaveLength(1);
    payer.dispose();
    relative.dispose();
    expect(bed.time.pending()).toBe(0);
  });

  it('handed on, then back on the form: the relative pays first, the payer’s Pay is refused and the receipt shows none of the relative’s number', async () => {
    const { bed, id, payer, openRelative } = await payerAndRelative();
    payer.handOff();
    payer.retry();
    expect(payer.screen.value.name).toBe('form');
    const relative = await openRelative();
    bed.fill(relative, 'approved_at_once', 'cg', 'airtel');
    await relative.submit();
    expect(relative.screen.value.name).toBe('succeeded');
    bed.fill(payer, 'approved_after_delay');
    await payer.submit();
    await bed.time.settle();
    expect(payer.screen.value).toMatchObject({ name: 'succeeded', receipt: { method: null } });
    expect((await chargesOf(bed, id)).paid).toHaveLength(1);
    payer.dispose();
    relative.dispose();
  });

  it('while handed on, the payer may pay after all ("I’ll pay myself"): the form again, and the relative’s later confirm is refused', async () => {
    const { bed, id, payer, openRelative } = await payerAndRelative();
    payer.handOff();
    payer.retry();
    expect(payer.screen.value.name).toBe('form');
    bed.fill(payer, 'approved_after_delay');
    await payer.submit();
    expect(payer.screen.value.name).toBe('pending');

    // The relative opens the link meanwhile: the payment is under way on another phone, nothing of it shows.
    const relative = await openRelative();
    expect(relative.screen.value).toEqual({ name: 'elsewhere' });
    await bed.time.advance(APPROVAL_MS + 1000);
    expect(relative.screen.value).toMatchObject({ name: 'succeeded', receipt: { method: null } });
    expect(payer.screen.value).toMatchObject({ name: 'succeeded', receipt: { method: { operator: 'mtn' } } });
    expect((await chargesOf(bed, id)).all).toHaveLength(1);
    payer.dispose();
    relative.dispose();
  });

  it('a relative who opens the link after the payer’s attempt failed sees the form, not why it failed nor with what', async () => {
    const { bed, payer, openRelative } = await payerAndRelative();
    bed.fill(payer, 'insufficient_funds');
    await payer.submit();
    await bed.time.advance(APPROVAL_MS + 2000);
    expect(payer.screen.value).toEqual({ name: 'failed', reason: 'insufficient_funds' });
    // Offered after a failure too.
    payer.handOff();
    expect(payer.screen.value).toEqual({ name: 'shared' });

    const relative = await openRelative();
    expect(relative.screen.value.name).toBe('form');
    expect(relative.intent.value).toMatchObject({ payment_method: null, last_payment_error: null });
    expect(relative.repeatRisk.value).toBe(false);
    // Their own attempt's failure is theirs to see.
    bed.fill(relative, 'declined');
    await relative.submit();
    await bed.time.advance(APPROVAL_MS + 1000);
    expect(relative.screen.value).toEqual({ name: 'failed', reason: 'payer_declined' });
    // The payer's page still follows, and says nothing of the relative's number.
    await bed.time.advance(10_000);
    expect(payer.screen.value).toEqual({ name: 'shared' });
    expect(JSON.stringify(payer.screen.value)).not.toMatch(/\d{2}/);
    payer.dispose();
    relative.dispose();
  });

  it('both pressing Pay at once: one charge, the other page follows it', async () => {
    const { bed, id, payer, openRelative } = await payerAndRelative();
    const relative = await openRelative();
    bed.fill(payer, 'approved_after_delay');
    bed.fill(relative, 'approved_after_delay', 'cg', 'airtel');
    await Promise.all([payer.submit(), relative.submit()]);
    await bed.time.settle();
    expect(bed.confirms()).toHaveLength(2);
    expect((await chargesOf(bed, id)).all).toHaveLength(1);
    await bed.time.advance(APPROVAL_MS + 10_000);
    expect(payer.screen.value.name).toBe('succeeded');
    expect(relative.screen.value.name).toBe('succeeded');
    expect((await chargesOf(bed, id)).paid).toHaveLength(1);
    payer.dispose();
    relative.dispose();
  });
});
