// @vitest-environment node
// "Someone else pays" (docs/decisions.md): an attempt a page did not start is another phone's, and
// nothing of it shows there — neither its step (the payer's one-time code, which a relative could
// otherwise type wrong three times and fail), nor its number, nor why it failed. The page shows the
// screen `elsewhere`, follows it to the receipt ("paid by someone else") or back to the form. In the
// model, on the sandbox and one fake clock (the setup as ./hand-off.test.ts has it).
import { describe, expect, it } from 'vitest';
import { codeAnswer } from '../../src/methods/momo/steps/enter_otp';
import { RIGHT_CODE } from '../../src/methods/momo/steps/enter_otp.sandbox';
import { createBed } from '../support/checkout-bed';

const APPROVAL_MS = 4000;
const WRONG_CODE = '654321';

/** The steps a page answered: its posts to the intent's step endpoints. */
const answers = (bed: ReturnType<typeof createBed>) =>
  bed.requests.filter((r) => r.method === 'POST' && /\/otp$/.test(new URL(r.url).pathname));

describe('an attempt a page did not start', () => {
  it('a relative’s page shows the payer’s one-time-code attempt as another phone’s: no step, no code form; its codes go nowhere, and it ends on the receipt paid by someone else', async () => {
    const bed = createBed();
    // The payer, in Senegal with Orange Money: a code to dial, then to type on the page.
    const payer = await bed.startAttempt('sn', 'orange');
    expect(payer.screen.value).toMatchObject({ name: 'pending', attempt: { step: { name: 'enter_otp' } } });
    const secret = payer.handOffPath().split('#')[1] ?? '';

    const relative = await bed.open({ secret, relative: true });
    expect(relative.screen.value).toEqual({ name: 'elsewhere' });
    // Three wrong codes pressed on the relative's page (its step's script is not shown; were it
    // reached anyway): none is sent, and the payer's attempt still waits for the payer's code.
    for (let i = 0; i < 3; i++) expect(await relative.answerStep(codeAnswer(WRONG_CODE))).toBe(false);
    await bed.time.settle();
    expect(answers(bed)).toHaveLength(0);
    await bed.time.advance(6000);
    expect(relative.screen.value).toEqual({ name: 'elsewhere' });
    expect(payer.screen.value.name).toBe('pending');

    await payer.answerStep(codeAnswer(RIGHT_CODE));
    await bed.time.settle();
    expect(payer.screen.value.name).toBe('succeeded');
    await bed.time.advance(6000);
    expect(relative.screen.value).toMatchObject({ name: 'succeeded', receipt: { method: null, byOther: true } });
    payer.dispose();
    relative.dispose();
    expect(bed.time.pending()).toBe(0);
  });

  it('a relative’s page that opened during the payer’s attempt goes back to the form when it fails, without why', async () => {
    const bed = createBed();
    const { secret } = await bed.newIntent();
    const payer = await bed.open({ secret });
    bed.fill(payer, 'declined');
    await payer.submit();
    expect(payer.screen.value.name).toBe('pending');

    const relative = await bed.open({ secret, relative: true });
    expect(relative.screen.value).toEqual({ name: 'elsewhere' });
    await bed.time.advance(APPROVAL_MS + 6000);
    expect(payer.screen.value).toEqual({ name: 'failed', reason: 'payer_declined' });
    expect(relative.screen.value).toEqual({ name: 'form' });
    expect(relative.intent.value).toMatchObject({ payment_method: null, last_payment_error: null });
    payer.dispose();
    relative.dispose();
  });

  it('a relative who presses Pay during the payer’s attempt (409) follows it as another phone’s, and is not told why it failed', async () => {
    const bed = createBed();
    const { secret } = await bed.newIntent();
    const payer = await bed.open({ secret });
    const relative = await bed.open({ secret, relative: true });
    bed.fill(payer, 'insufficient_funds');
    await payer.submit();
    expect(payer.screen.value.name).toBe('pending');

    bed.fill(relative, 'approved_after_delay', 'cg', 'airtel');
    await relative.submit();
    await bed.time.settle();
    expect(relative.screen.value).toEqual({ name: 'elsewhere' });
    await bed.time.advance(APPROVAL_MS + 6000);
    expect(payer.screen.value).toEqual({ name: 'failed', reason: 'insufficient_funds' });
    expect(relative.screen.value).toEqual({ name: 'form' });
    expect(relative.intent.value).toMatchObject({ last_payment_error: null });

    // Their own attempt now: theirs to follow, and its failure theirs to read.
    bed.fill(relative, 'declined', 'cg', 'airtel');
    await relative.submit();
    expect(relative.screen.value).toMatchObject({ name: 'pending', attempt: { method: { operator: 'airtel' } } });
    await bed.time.advance(APPROVAL_MS + 1000);
    expect(relative.screen.value).toEqual({ name: 'failed', reason: 'payer_declined' });
    payer.dispose();
    relative.dispose();
  });

  it('a payer’s tab that loses the race to pay to the relative shows none of the relative’s number, follows, and ends on the receipt paid by someone else', async () => {
    const bed = createBed();
    const { id, secret } = await bed.newIntent();
    const payer = await bed.open({ secret });
    const relative = await bed.open({ secret, relative: true });
    bed.fill(relative, 'approved_after_delay', 'cg', 'airtel');
    bed.fill(payer, 'approved_after_delay');
    await Promise.all([relative.submit(), payer.submit()]);
    await bed.time.settle();
    expect(relative.screen.value).toMatchObject({ name: 'pending', attempt: { method: { operator: 'airtel' } } });
    expect(payer.screen.value).toEqual({ name: 'elsewhere' });

    await bed.time.advance(APPROVAL_MS + 6000);
    expect(relative.screen.value.name).toBe('succeeded');
    expect(payer.screen.value).toMatchObject({ name: 'succeeded', receipt: { method: null, byOther: true } });
    const read = await bed.merchant.getIntent(id);
    expect(read.event.charges).toHaveLength(1);
    payer.dispose();
    relative.dispose();
  });

  it('a payer’s tab that loses the race to another tab of the same number still shows the attempt, its own, to approve', async () => {
    const bed = createBed();
    const { secret } = await bed.newIntent();
    const first = await bed.open({ secret });
    const second = await bed.open({ secret });
    bed.fill(first, 'approved_after_delay');
    bed.fill(second, 'approved_after_delay');
    await first.submit();
    await second.submit();
    await bed.time.settle();
    expect(second.screen.value).toMatchObject({
      name: 'pending',
      attempt: { method: { operator: 'mtn' }, step: { type: 'push' } },
    });
    await bed.time.advance(APPROVAL_MS + 6000);
    expect(second.screen.value).toMatchObject({ name: 'succeeded', receipt: { method: { operator: 'mtn' } } });
    first.dispose();
    second.dispose();
  });
  it('a relative’s own attempt, its confirm’s answer lost, is found as theirs by their number: the code step, not "another phone", and it pays', async () => {
    const bed = createBed();
    const intent = await bed.merchant.createIntent({ amount: 5000, currency: 'xof' });
    const relative = await bed.open({ secret: intent.client_secret ?? '', relative: true, defaultCountry: 'sn' });
    bed.fill(relative, 'approved_after_delay', 'sn', 'orange');
    // The confirm reaches the service, its answer does not; every read fails until the connection is back.
    let offline = true;
    bed.intercept(async (request) => {
      if (request.url.endsWith('/confirm')) {
        await bed.sandbox.fetch(request);
        throw new TypeError('network down');
      }
      if (offline) throw new TypeError('network down');
      return undefined;
    });
    const submitted = relative.submit();
    await bed.time.advance(10_000);
    await submitted;
    expect(relative.screen.value).toMatchObject({ name: 'error', error: 'confirmUnknown' });
    offline = false;
    await relative.checkNow();
    expect(relative.screen.value).toMatchObject({ name: 'pending', attempt: { step: { name: 'enter_otp' } } });
    expect(await relative.answerStep(codeAnswer(RIGHT_CODE))).toBe(true);
    await bed.time.settle();
    expect(relative.screen.value).toMatchObject({ name: 'succeeded' });
    expect(relative.screen.value.name === 'succeeded' && relative.screen.value.receipt.byOther).toBeFalsy();
    expect(bed.confirms()).toHaveLength(1);
    relative.dispose();
  });
});
