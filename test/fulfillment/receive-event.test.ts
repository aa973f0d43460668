// @vitest-environment node
// Fulfillment's fast path (issue 32): a signed event wakes the payment it is about, which is then
// read through the same exactly-once path as polling. `paid` is told once whether the event comes
// first, twice, late, out of order or never; a forged or stale event changes nothing. The events
// are signed here by the sandbox's signer, as the sandbox delivers them.
import { describe, expect, it, vi } from 'vitest';
import type { PaymentIntent, Session } from '../../src/api';
import { intentOfEvent } from '../../src/fulfillment/receive-event';
import { newWebhookSecret, webhookHeaders } from '../../src/sandbox/events/signature';
import { bed, drain } from './support/bed';

const SECOND = 1000;
const secret = newWebhookSecret();
let sequence = 0;

/** An event as the sandbox delivers it, signed at `at` (default: the bed's now). */
function signed(
  type: 'payment_intent.succeeded' | 'payment_intent.pending' | 'checkout.session.completed',
  object: PaymentIntent | Session,
  at: number,
) {
  sequence += 1;
  const id = `evt_test${sequence}`;
  const body = JSON.stringify({ id, type, timestamp: new Date(at).toISOString(), data: { object } });
  return { id, body, headers: webhookHeaders(secret, id, at, body) };
}

async function paidBed() {
  const t = bed();
  // No sweep of the service's list (an extension a bare service lacks): between two checks of its
  // own pace, only the event can make a payment read sooner.
  const f = t.fulfillment({ webhookSecrets: secret, sweepMs: 0 });
  const session = await t.newSession('CMD-W');
  await f.follow(session);
  const open = await t.merchant.getIntent(session.paymentIntentId);
  return { t, f, session, open };
}

const intentReads = (reads: string[]) => reads.filter((r) => r.startsWith('GET /v1/payment-intents/pi_')).length;

describe('fulfillment.receiveEvent', () => {
  it('reads a payment at once when its succeeded event comes first, and tells paid once', async () => {
    const { t, f, session } = await paidBed();
    await t.pay(session.paymentIntentId, 'approved_at_once');
    await drain(f);
    // Polling alone would not look before its first check is due.
    expect(t.calls).toEqual([]);
    const paid = await t.merchant.getIntent(session.paymentIntentId);
    const event = signed('payment_intent.succeeded', paid, t.now());
    expect(await f.receiveEvent(event.body, event.headers)).toEqual({
      status: 200,
      outcome: 'woken',
      eventId: event.id,
      intentId: session.paymentIntentId,
    });
    await drain(f);
    expect(t.calls.map((e) => [e.kind, e.intentId])).toEqual([['paid', session.paymentIntentId]]);
  });

  it('with the loop running, a burst of copies is read at once and told once, the fake clock never moving on', async () => {
    const { t, f, session } = await paidBed();
    f.start();
    // Its first pass made (nothing due): its next look is a poll away.
    await t.advanceTimers(0);
    await t.pay(session.paymentIntentId, 'approved_at_once');
    const paid = await t.merchant.getIntent(session.paymentIntentId);
    const event = signed('payment_intent.succeeded', paid, t.now());
    const answers = await Promise.all([1, 2, 3].map(() => f.receiveEvent(event.body, event.headers)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // Only the timers due now run (the loop's nudge): polling's first check is 15 s of fake time away.
    await vi.waitFor(async () => {
      await t.advanceTimers(0);
      expect(t.calls.map((e) => e.kind)).toEqual(['paid']);
    }, 10_000);
    let stopped = false;
    void f.stop().then(() => (stopped = true));
    while (!stopped) await t.advanceTimers(SECOND);
    expect(t.calls.map((e) => e.kind)).toEqual(['paid']);
  });

  it('tells paid once when the same event comes twice, and again after polling saw it (late)', async () => {
    const { t, f, session } = await paidBed();
    await t.pay(session.paymentIntentId, 'approved_at_once');
    const paid = await t.merchant.getIntent(session.paymentIntentId);
    const event = signed('payment_intent.succeeded', paid, t.now());
    // Both copies before any pass, then one more after: the store's claim and delivery decide.
    expect((await f.receiveEvent(event.body, event.headers)).outcome).toBe('woken');
    expect((await f.receiveEvent(event.body, event.headers)).outcome).toBe('woken');
    await drain(f);
    expect(await f.receiveEvent(event.body, event.headers)).toMatchObject({ status: 200, reason: 'finished' });
    await drain(f);
    expect(t.calls.map((e) => e.kind)).toEqual(['paid']);
  });

  it('ignores an event that comes after polling already told paid (late), without reading again', async () => {
    const { t, f, session } = await paidBed();
    await t.pay(session.paymentIntentId, 'approved_at_once');
    for (let i = 0; i < 5; i++) {
      t.advance(20 * SECOND);
      await drain(f);
    }
    expect(t.calls.map((e) => e.kind)).toEqual(['paid']);
    const reads = intentReads(t.reads);
    const paid = await t.merchant.getIntent(session.paymentIntentId);
    const event = signed('payment_intent.succeeded', paid, t.now() - 60 * SECOND);
    expect(await f.receiveEvent(event.body, event.headers)).toMatchObject({ status: 200, reason: 'finished' });
    await drain(f);
    expect(t.calls.map((e) => e.kind)).toEqual(['paid']);
    expect(intentReads(t.reads)).toBe(reads + 1); // the test's own read only
  });

  it('tells paid once when succeeded comes before pending (out of order), the stale pending changing nothing', async () => {
    const { t, f, session, open } = await paidBed();
    await t.pay(session.paymentIntentId, 'approved_at_once');
    const paid = await t.merchant.getIntent(session.paymentIntentId);
    const succeeded = signed('payment_intent.succeeded', paid, t.now());
    const pending = signed('payment_intent.pending', { ...open, status: 'pending' }, t.now());
    await f.receiveEvent(succeeded.body, succeeded.headers);
    await drain(f);
    expect((await f.receiveEvent(pending.body, pending.headers)).status).toBe(200);
    await drain(f);
    expect(t.calls.map((e) => e.kind)).toEqual(['paid']);
  });

  it('reads on a pending event and tells nothing until the API says paid: the body is never the truth', async () => {
    const { t, f, session } = await paidBed();
    await t.pay(session.paymentIntentId, 'approved_after_delay');
    // A forged-looking claim of success, correctly signed, about a payment still pending.
    const pendingIntent = await t.merchant.getIntent(session.paymentIntentId);
    const early = signed('payment_intent.succeeded', { ...pendingIntent, status: 'succeeded' }, t.now());
    expect((await f.receiveEvent(early.body, early.headers)).outcome).toBe('woken');
    await drain(f);
    expect(t.calls).toEqual([]);
    expect((await f.get(session.paymentIntentId))?.outcome).toBe(null);
  });

  it('wakes the payment of a session event (checkout.session.completed)', async () => {
    const { t, f, session } = await paidBed();
    await t.pay(session.paymentIntentId, 'approved_at_once');
    const event = signed('checkout.session.completed', { ...session, status: 'complete' } as Session, t.now());
    expect(await f.receiveEvent(event.body, event.headers)).toMatchObject({ outcome: 'woken' });
    await drain(f);
    expect(t.calls.map((e) => e.kind)).toEqual(['paid']);
  });

  it('tells paid once by polling alone when no event ever comes', async () => {
    const { t, f, session } = await paidBed();
    await t.pay(session.paymentIntentId, 'approved_at_once');
    for (let i = 0; i < 5; i++) {
      t.advance(20 * SECOND);
      await drain(f);
    }
    expect(t.calls.map((e) => e.kind)).toEqual(['paid']);
  });

  it('refuses a tampered, wrongly signed or stale event (400) and changes nothing', async () => {
    const { t, f, session } = await paidBed();
    await t.pay(session.paymentIntentId, 'approved_at_once');
    const paid = await t.merchant.getIntent(session.paymentIntentId);
    const before = await f.get(session.paymentIntentId);
    const event = signed('payment_intent.succeeded', paid, t.now());
    const tampered = event.body.replace('"amount":700', '"amount":7');
    expect(tampered).not.toBe(event.body);
    expect(await f.receiveEvent(tampered, event.headers)).toMatchObject({ status: 400, reason: 'bad_signature' });
    const other = webhookHeaders(newWebhookSecret(), event.id, t.now(), event.body);
    expect(await f.receiveEvent(event.body, other)).toMatchObject({ status: 400, reason: 'bad_signature' });
    const stale = signed('payment_intent.succeeded', paid, t.now() - 10 * 60 * SECOND);
    expect(await f.receiveEvent(stale.body, stale.headers)).toMatchObject({ status: 400, reason: 'too_old' });
    expect(await f.get(session.paymentIntentId)).toEqual(before);
    await drain(f);
    expect(t.calls).toEqual([]);
  });

  it('answers 2xx and ignores an event about a payment it does not follow', async () => {
    const { t, f } = await paidBed();
    const stranger = await t.merchant.createIntent({ amount: 900, currency: 'xaf' });
    const event = signed('payment_intent.succeeded', stranger, t.now());
    expect(await f.receiveEvent(event.body, event.headers)).toMatchObject({ status: 200, reason: 'not_followed' });
    expect(await f.get(stranger.intent_id)).toBeUndefined();
  });

  it('takes the secret being rotated in (two secrets), one learned after start, and says plainly when none was configured', async () => {
    const t = bed();
    const session = await t.newSession('CMD-R');
    const rotating = t.fulfillment({ webhookSecrets: [newWebhookSecret(), secret] });
    await rotating.follow(session);
    const event = signed('checkout.session.completed', session, t.now());
    expect((await rotating.receiveEvent(event.body, event.headers)).status).toBe(200);
    await expect(t.fulfillment().receiveEvent(event.body, event.headers)).rejects.toThrow(/webhookSecrets/);
    // A secret learned after start (the demo shop registers its endpoint once running).
    let learned: string | undefined;
    const later = t.fulfillment({ webhookSecrets: () => learned });
    await expect(later.receiveEvent(event.body, event.headers)).rejects.toThrow(/webhookSecrets/);
    learned = secret;
    expect((await later.receiveEvent(event.body, event.headers)).status).toBe(200);
  });

  it('finds the payment of an intent event and of a session event', async () => {
    const t = bed();
    const session = await t.newSession('CMD-I');
    const intent = await t.merchant.getIntent(session.paymentIntentId);
    const at = new Date(t.now()).toISOString();
    expect(
      intentOfEvent({ id: 'evt_1', type: 'payment_intent.pending', timestamp: at, data: { object: intent } }),
    ).toBe(session.paymentIntentId);
    expect(
      intentOfEvent({ id: 'evt_2', type: 'checkout.session.expired', timestamp: at, data: { object: session } }),
    ).toBe(session.paymentIntentId);
  });
});
