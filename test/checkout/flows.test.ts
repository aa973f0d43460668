// @vitest-environment node
// The payer's steps after the confirm, through the model with the sandbox on one fake clock: a
// one-time code (sent once, a wrong one said, an answer lost settled by a read, never resent), the
// wallet's app, the warning before paying Orange Money again from the same number, a read sent
// before "send a new request" saying nothing of it, and what the waiting screen says (another
// tab's attempt, "check now", no window the service did not give).
import { describe, expect, it } from 'vitest';
import { pause } from '../../src/api/clock';
import { createBed, numberFor } from '../support/checkout-bed';
import { codeAnswer } from '../../src/methods/momo/steps/enter_otp';

const orangeSenegal = async (bed: ReturnType<typeof createBed>) => ({ model: await bed.startAttempt('sn', 'orange') });

const stepOf = (model: { screen: { value: { name: string } } }) => {
  const screen = model.screen.value as {
    name: string;
    attempt?: {
      step: { type: string; name?: string; detail?: { url?: string }; refused?: string | null; sending?: boolean };
    };
  };
  return screen.name === 'pending' ? screen.attempt!.step : null;
};
const codes = (bed: ReturnType<typeof createBed>) =>
  bed.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/otp'));

describe('checkout › a one-time code', () => {
  it('asks for the code; a wrong one is said and the attempt still waits; the right one pays; one confirm', async () => {
    const bed = createBed();
    const { model } = await orangeSenegal(bed);
    expect(stepOf(model)).toMatchObject({
      name: 'enter_otp',
      detail: { dial_code: '#144#391#', length: 6 },
      sending: false,
      refused: null,
    });
    expect(await model.answerStep(codeAnswer('000000'))).toBe(false);
    await bed.time.settle();
    expect(stepOf(model)).toMatchObject({ name: 'enter_otp', refused: 'otp_invalid', sending: false });
    expect(await model.answerStep(codeAnswer('123456'))).toBe(true);
    await bed.time.settle();
    expect(model.screen.value.name).toBe('succeeded');
    expect(bed.confirms()).toHaveLength(1);
    expect(codes(bed)).toHaveLength(2);
  });

  // What is a code (its digits, its length) is the step's to check (test/methods/momo-steps.test.tsx).
  it('sends one code at a time', async () => {
    const bed = createBed();
    const { model } = await orangeSenegal(bed);
    const first = model.answerStep(codeAnswer('123456'));
    expect(await model.answerStep(codeAnswer('123456'))).toBe(false);
    await first;
    expect(codes(bed)).toHaveLength(1);
  });

  it('an answer lost on the way is never resent: the intent says whether the code was taken', async () => {
    const bed = createBed();
    const { model } = await orangeSenegal(bed);
    bed.intercept(async (request) => {
      if (!request.url.endsWith('/otp')) return undefined;
      await bed.sandbox.fetch(request);
      throw new TypeError('connection reset');
    });
    await model.answerStep(codeAnswer('123456'));
    await bed.time.settle();
    expect(codes(bed)).toHaveLength(1);
    expect(model.screen.value.name).toBe('succeeded');
  });

  it('three wrong codes fail the attempt, said in plain words; paying again from that number is warned about', async () => {
    const bed = createBed();
    const { model } = await orangeSenegal(bed);
    for (let i = 0; i < 3; i++) {
      await model.answerStep(codeAnswer('000000'));
      await bed.time.settle();
    }
    expect(model.screen.value).toEqual({ name: 'failed', reason: 'otp_invalid' });
    expect(model.repeatRisk.value).toBe(true);
    model.setField('phone', numberFor('approved_after_delay', 'sn', 'mixx').national);
    expect(model.repeatRisk.value).toBe(false);
    model.setField('phone', numberFor('approved_after_delay', 'sn', 'orange').national);
    model.setField('operator', 'orange');
    expect(model.repeatRisk.value).toBe(true);
    // Minutes later, the operator takes it again: no more warning.
    await bed.time.advance(5 * 60_000 + 1);
    model.setField('firstName', 'Awa');
    expect(model.repeatRisk.value).toBe(false);
  });

  it('a code after the window ends the attempt at once, its reads failing or not: a new request offered, nothing sent by itself; a check, then the new request pays', async () => {
    const bed = createBed();
    const told: (string | null)[] = [];
    const model = await bed.startAttempt('sn', 'orange', 'approved_after_delay', {
      onAttemptFailed: (detail) => told.push(detail.chargeId),
    });
    const attempt = model.screen.value.name === 'pending' ? model.screen.value.attempt : null;
    // The page cannot read the intent: it does not learn that the window has passed.
    bed.intercept(async (request) => (request.method === 'GET' ? new Response('{}', { status: 503 }) : undefined));
    await bed.time.advance(5 * 60_000);
    expect(stepOf(model)).toMatchObject({ name: 'enter_otp', refused: null });
    const sent = model.answerStep(codeAnswer('123456'));
    await bed.time.settle();
    // The service said the attempt has ended: its screen at once, before the read that follows
    // lands — no code field to type another code into.
    expect(model.screen.value).toMatchObject({ name: 'failed', reason: 'approval_timeout' });
    expect(model.resendTo.value).toMatchObject({ operator: 'orange' });
    expect(codes(bed)).toHaveLength(1);
    // The read fails: the screen stays, says so, and still offers the new request.
    await bed.time.advance(30_000);
    expect(await sent).toBe(false);
    expect(model.screen.value).toMatchObject({ name: 'failed', reason: 'approval_timeout', error: 'server' });
    expect(model.resendTo.value).toMatchObject({ operator: 'orange' });
    // Nothing is sent by itself while the payer reads: never a second confirm unasked.
    const before = bed.requests.length;
    await bed.time.advance(2 * 60_000);
    expect(bed.requests).toHaveLength(before);
    expect(bed.confirms()).toHaveLength(1);
    // "Check the payment status": the service says the same, and the screen no longer says it could not check.
    bed.intercept(async () => undefined);
    await model.checkNow();
    expect(model.screen.value).toEqual({ name: 'failed', reason: 'approval_timeout' });
    expect(model.repeatRisk.value).toBe(true);
    // The merchant hears of the failed attempt once, named by its charge, when the read says it
    // (the service's refusal alone is not told: the read has the last word).
    expect(told).toEqual([attempt?.chargeId]);
    expect(attempt?.chargeId).toMatch(/^ch_/);
    // The way on: a new request with the same details, its own code.
    expect(await model.resend()).toBe(true);
    await bed.time.settle();
    expect(stepOf(model)).toMatchObject({ name: 'enter_otp', refused: null });
    await model.answerStep(codeAnswer('123456'));
    await bed.time.settle();
    expect(model.screen.value.name).toBe('succeeded');
    expect(bed.confirms()).toHaveLength(2);
    expect(codes(bed)).toHaveLength(2);
    // Moving on from an attempt a read has already told does not tell it again.
    expect(told).toEqual([attempt?.chargeId]);
  });

  it('a service that says the code expired while its read says the attempt still waits: the read has the last word, and a new code pays', async () => {
    const bed = createBed();
    const told: (string | null)[] = [];
    const model = await bed.startAttempt('sn', 'orange', 'approved_after_delay', {
      onAttemptFailed: (detail) => told.push(detail.chargeId),
    });
    let answered = false;
    bed.intercept(async (request) => {
      if (answered || !request.url.endsWith('/otp')) return undefined;
      answered = true;
      return Response.json(
        { error: { code: 'otp_expired', message: 'This code has expired.', field: null } },
        { status: 409 },
      );
    });
    const sent = model.answerStep(codeAnswer('123456'));
    expect(model.screen.value.name).toBe('pending');
    await bed.time.settle();
    await sent;
    // Ended at once on the service's word, then shown as its read says: the code step again.
    expect(model.screen.value.name).toBe('pending');
    expect(stepOf(model)).toMatchObject({ name: 'enter_otp', refused: null, sending: false });
    expect(bed.confirms()).toHaveLength(1);
    expect(await model.answerStep(codeAnswer('123456'))).toBe(true);
    await bed.time.settle();
    expect(model.screen.value.name).toBe('succeeded');
    expect(bed.confirms()).toHaveLength(1);
    // No failed attempt was ever told of the one that paid.
    expect(told).toEqual([]);
  });
});

describe('checkout › a read sent before "send a new request"', () => {
  // After an expired code the page offers a new request at once, and reads the intent to learn what
  // became of the attempt. That read, answered late (held here on the fake clock), is of the attempt
  // before: it never shows the new one failed, nor stops its following.
  it.each([
    ['lands after the new request is answered', 'lands', 0],
    ['lands while the new request is on its way', 'lands', 10_000],
    ['fails while the new request is on its way', 'fails', 10_000],
  ] as const)(
    '%s: the new attempt is shown and followed to its end; the expired one told once',
    async (_, read, confirmHeldMs) => {
      const bed = createBed();
      const told: (string | null)[] = [];
      const model = await bed.startAttempt('sn', 'orange', 'approved_after_delay', {
        onAttemptFailed: (detail) => told.push(detail.chargeId),
      });
      const expired = model.screen.value.name === 'pending' ? model.screen.value.attempt.chargeId : null;
      expect(expired).toMatch(/^ch_/);
      // No read gets through while the code's window passes.
      bed.intercept(async (request) => (request.method === 'GET' ? new Response('{}', { status: 503 }) : undefined));
      await bed.time.advance(5 * 60_000);
      // The first read after the code is served at once (the attempt has ended), its answer held 5 s —
      // or it fails then, with an answer that is not an intent; the new request's confirm is held too.
      let codeSent = false;
      let heldRead = true;
      bed.intercept(async (request) => {
        if (request.url.endsWith('/otp')) codeSent = true;
        if (request.method === 'GET' && codeSent && heldRead) {
          heldRead = false;
          const answer = await bed.sandbox.fetch(request);
          await pause(bed.time.clock, 5_000);
          return read === 'lands' ? answer : Response.json({});
        }
        if (request.method === 'GET') return undefined;
        const answer = await bed.sandbox.fetch(request);
        if (request.url.endsWith('/confirm')) await pause(bed.time.clock, confirmHeldMs);
        return answer;
      });
      const sent = model.answerStep(codeAnswer('123456'));
      await bed.time.settle();
      expect(model.screen.value).toMatchObject({ name: 'failed', reason: 'approval_timeout' });
      expect(told).toEqual([]);
      // The payer asks for a new request before the read lands: the expired attempt is told then.
      const resent = model.resend();
      expect(told).toEqual([expired]);
      await bed.time.advance(15_000);
      expect(await sent).toBe(false);
      expect(await resent).toBe(true);
      const screen = model.screen.value;
      if (screen.name !== 'pending') throw new Error(JSON.stringify(screen));
      expect(screen.attempt.chargeId).not.toBe(expired);
      expect(screen.attempt.step).toMatchObject({ name: 'enter_otp', refused: null });
      // Still followed: the page keeps reading it, and its code pays it.
      const readsBefore = bed.reads().length;
      await bed.time.advance(30_000);
      expect(bed.reads().length).toBeGreaterThan(readsBefore);
      expect(await model.answerStep(codeAnswer('123456'))).toBe(true);
      await bed.time.settle();
      expect(model.screen.value.name).toBe('succeeded');
      expect(bed.confirms()).toHaveLength(2);
      expect(told).toEqual([expired]);
    },
  );

  it('a check asked for before it does not say the new attempt was checked and still waits', async () => {
    const bed = createBed();
    const model = await bed.startAttempt('sn', 'orange');
    // No code typed: the window passes, and a read says the attempt failed.
    await bed.time.advance(6 * 60_000);
    expect(model.screen.value).toEqual({ name: 'failed', reason: 'approval_timeout' });
    // The payer asks for a check, then for a new request before the check's answer (held 5 s on the
    // fake clock) lands.
    let held = true;
    bed.intercept(async (request) => {
      if (request.method !== 'GET' || !held) return undefined;
      held = false;
      const answer = await bed.sandbox.fetch(request);
      await pause(bed.time.clock, 5_000);
      return answer;
    });
    const check = model.checkNow();
    expect(await model.resend()).toBe(true);
    expect(model.screen.value.name).toBe('pending');
    await bed.time.advance(5_000);
    await check;
    expect(model.screen.value.name).toBe('pending');
    expect(model.checkedAt.value).toBeNull();
    expect(bed.confirms()).toHaveLength(2);
  });
});

describe('checkout › the wallet’s app', () => {
  it('gives the launch address, follows the attempt, and shows the receipt', async () => {
    const bed = createBed();
    const model = await bed.startAttempt('sn', 'wave');
    const step = stepOf(model) as { name: string; detail: { url: string } };
    expect(step.name).toBe('open_wallet');
    expect(step.detail.url).toMatch(/^http:\/\/sandbox\.test\/v1\/_sandbox\/wallet\/pi_/);
    await bed.sandbox.fetch(
      new Request(step.detail.url, { method: 'POST', body: new URLSearchParams({ answer: 'approve' }) }),
    );
    await bed.time.advance(2_000);
    expect(model.screen.value.name).toBe('succeeded');
  });
});

describe('checkout › back from the wallet’s app', () => {
  it('reads nothing while the tab is hidden, and reads at once when the payer comes back: no read was due', async () => {
    const bed = createBed();
    const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const page = Object.assign(new EventTarget(), { document, navigator: { onLine: true } });
    const show = (state: 'visible' | 'hidden') => {
      document.visibilityState = state;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    const model = await bed.startAttempt('sn', 'wave', 'approved_at_once', { page: page as never });
    const step = stepOf(model) as { name: string; detail: { url: string } };
    expect(step.name).toBe('open_wallet');
    // The payer taps "Open Wave": the app takes the screen, the checkout's tab is hidden.
    show('hidden');
    // (A read already scheduled still goes; none after it.)
    await bed.time.advance(5_000);
    const readsBefore = bed.reads().length;
    await bed.time.advance(30_000);
    expect(bed.reads()).toHaveLength(readsBefore);
    // No timer left to poll with: only the payer's return can bring a read now.
    expect(bed.time.pending()).toBe(0);
    await bed.sandbox.fetch(
      new Request(step.detail.url, { method: 'POST', body: new URLSearchParams({ answer: 'approve' }) }),
    );
    expect(model.screen.value.name).toBe('pending');
    show('visible');
    await bed.time.settle();
    expect(bed.reads()).toHaveLength(readsBefore + 1);
    expect(model.screen.value.name).toBe('succeeded');
  });
});

describe('checkout › a launch address the page will not open', () => {
  it('a `javascript:` open_wallet is read (not an invalid answer) and shown as the app step without a link, never the push; the payment is still followed', async () => {
    const bed = createBed();
    let real = '';
    // The service's answers, with a launch address no page may open, on the confirm and on reads.
    bed.intercept(async (request) => {
      const answer = await bed.sandbox.fetch(request);
      if (!answer.ok || !/\/(confirm|pi_[^/]+)$/.test(new URL(request.url).pathname)) return answer;
      const body = (await answer.json()) as { next_action?: { open_wallet?: { url: string } } | null };
      if (body.next_action?.open_wallet) {
        real = body.next_action.open_wallet.url;
        body.next_action.open_wallet.url = 'javascript:alert(document.domain)';
      }
      return Response.json(body, { status: answer.status });
    });
    const model = await bed.startAttempt('sn', 'wave');
    expect(model.screen.value.name).toBe('pending');
    expect(stepOf(model)).toMatchObject({ name: 'open_wallet', detail: { url: 'javascript:alert(document.domain)' } });
    await bed.time.advance(1_000);
    expect(stepOf(model)).toMatchObject({ name: 'open_wallet', detail: { url: 'javascript:alert(document.domain)' } });
    expect(bed.reads().length).toBeGreaterThan(0);
    // The payer approves in their app all the same: the page follows it to the receipt.
    await bed.sandbox.fetch(new Request(real, { method: 'POST', body: new URLSearchParams({ answer: 'approve' }) }));
    await bed.time.advance(2_000);
    expect(model.screen.value.name).toBe('succeeded');
  });
});

describe('checkout › the waiting screen', () => {
  it('a second tab follows the first tab’s attempt, with its number and wallet, when it typed the same number; with another, as another phone’s, of which nothing shows', async () => {
    const bed = createBed();
    const intent = await bed.merchant.createIntent({ amount: 5000, currency: 'xaf' });
    const first = await bed.open({ secret: intent.client_secret ?? '' });
    const same = await bed.open({ secret: intent.client_secret ?? '' });
    const other = await bed.open({ secret: intent.client_secret ?? '' });
    bed.fill(first, 'approved_after_delay', 'cg', 'mtn');
    bed.fill(same, 'approved_after_delay', 'cg', 'mtn');
    bed.fill(other, 'approved_after_delay', 'cg', 'airtel');
    await first.submit();
    await same.submit();
    await other.submit();
    await bed.time.settle();
    const screen = same.screen.value;
    if (screen.name !== 'pending') throw new Error(screen.name);
    expect(screen.attempt.method).toMatchObject({ operator: 'mtn', phone: expect.stringMatching(/45\u00a000$/) });
    // Another number's page (a relative the payment was handed on to, pressing Pay as the payer did).
    expect(other.screen.value).toEqual({ name: 'elsewhere' });
  });

  it('"check now" says when it found the attempt still waiting', async () => {
    const bed = createBed({ approvalMs: 60_000 });
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'approved_after_delay');
    await model.submit();
    await bed.time.settle();
    expect(model.checkedAt.value).toBeNull();
    await model.checkNow();
    expect(model.checkedAt.value).toBe(bed.time.now());
  });

  it('never shows a window the service did not give: the confirm’s answer brings it, a bare service none', async () => {
    const bed = createBed({ approvalMs: 1_000, pendingTimeoutMs: 3_000 });
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    bed.fill(model, 'approved_after_delay');
    const submitted = model.submit();
    const confirming = model.screen.value;
    expect(confirming.name === 'confirming' && confirming.attempt.expiresAt).toBeNull();
    await submitted;
    const pending = model.screen.value;
    expect(pending.name === 'pending' && pending.attempt.expiresAt! - bed.time.now()).toBe(3_000);

    const bare = createBed({ extensions: false });
    const plain = await bare.open({ secret: (await bare.newIntent()).secret });
    bare.fill(plain, 'approved_after_delay');
    await plain.submit();
    const waiting = plain.screen.value;
    expect(waiting.name === 'pending' && waiting.attempt.expiresAt).toBeNull();
  });
});

describe('checkout › offline when pressing pay', () => {
  it('says what it knows, then checks by itself once the connection is back, and shows what it finds', async () => {
    const bed = createBed();
    const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const navigator = { onLine: true };
    const page = Object.assign(new EventTarget(), { document, navigator });
    const intent = await bed.newIntent();
    const model = await bed.open({ secret: intent.secret, page: page as never });
    bed.fill(model, 'approved_after_delay');
    // The confirm reaches the service, its answer does not; every read fails while offline.
    let offline = true;
    bed.intercept(async (request) => {
      if (request.url.endsWith('/confirm')) {
        await bed.sandbox.fetch(request);
        throw new TypeError('network down');
      }
      if (offline) throw new TypeError('network down');
      return undefined;
    });
    navigator.onLine = false;
    const submitted = model.submit();
    await bed.time.advance(10_000);
    await submitted;
    expect(model.screen.value).toMatchObject({ name: 'error', error: 'confirmUnknown', recovery: 'check' });
    offline = false;
    navigator.onLine = true;
    page.dispatchEvent(new Event('online'));
    await bed.time.settle();
    // The approval came while the page could not see it: the read shows it paid.
    expect(model.screen.value.name).toBe('succeeded');
    expect(bed.confirms()).toHaveLength(1);
  });
});

describe('checkout › back on a shared phone', () => {
  it('a form come back to from another page (the back/forward cache) no longer shows what was typed; it is still payable', async () => {
    const bed = createBed();
    const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const page = Object.assign(new EventTarget(), { document, navigator: { onLine: true } });
    const model = await bed.open({ secret: (await bed.newIntent()).secret, page: page as never });
    bed.fill(model, 'approved_after_delay');
    expect(model.values.value.firstName).not.toBe('');
    page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await bed.time.settle();
    expect(model.values.value).toMatchObject({ firstName: '', lastName: '', email: '', phone: '' });
    expect(model.screen.value.name).toBe('form');
    // A page restored while an approval is awaited keeps following it: nothing is forgotten there.
    bed.fill(model, 'approved_after_delay');
    await model.submit();
    page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(model.screen.value.name).toBe('pending');
  });
});
