// @vitest-environment node
// Issue 32: a merchant checks each pushed event with the package's verifyWebhook before acting on
// it. The sandbox's signer (Node's crypto) and the verifier (the Standard Webhooks library) are
// written apart: each event here is signed by one and checked by the other, and by the
// specification's library on its own, so neither can agree with itself only.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookError, type WebhookFailure } from '../../src/api';
import { newWebhookSecret, webhookHeaders } from '../../src/sandbox/events/signature';
import { setup } from '../sandbox/helpers';

const NOW = Date.UTC(2026, 10, 29, 9, 0, 0);
const now = () => NOW;

async function paidIntentEvent() {
  const { newIntent } = setup();
  const intent = await newIntent(12_500);
  const event = {
    id: 'evt_1a2b3c',
    type: 'payment_intent.succeeded',
    timestamp: new Date(NOW - 2000).toISOString(),
    data: { object: { ...intent, status: 'succeeded' } },
  };
  return { event, body: JSON.stringify(event) };
}

const refusal = (run: () => unknown): WebhookFailure | 'no error' => {
  try {
    run();
    return 'no error';
  } catch (error) {
    if (error instanceof WebhookError) return error.reason;
    throw error;
  }
};

describe('verifyWebhook: events signed by the sandbox', () => {
  it('accepts a signed event and returns it typed; the specification’s library accepts it too', async () => {
    const secret = newWebhookSecret();
    const { event, body } = await paidIntentEvent();
    const headers = webhookHeaders(secret, event.id, NOW, body);
    const verified = verifyWebhook(secret, body, headers, { now });
    expect(verified.type).toBe('payment_intent.succeeded');
    expect(verified.id).toBe(event.id);
    if (verified.type === 'payment_intent.succeeded') expect(verified.data.object.amount).toBe(12_500);
    // Node's req.headers, a fetch Headers and bytes: the same event.
    expect(verifyWebhook(secret, new TextEncoder().encode(body), new Headers(headers), { now }).id).toBe(event.id);
    // The library checks against the real clock: signed now.
    const live = webhookHeaders(secret, event.id, Date.now(), body);
    expect(new Webhook(secret).verify(body, live)).toEqual(event);
  });

  it('refuses a changed body, id, timestamp or secret, and an unsigned event', async () => {
    const secret = newWebhookSecret();
    const { event, body } = await paidIntentEvent();
    const headers = webhookHeaders(secret, event.id, NOW, body);
    const changed = body.replace('12500', '1250');
    expect(changed).not.toBe(body);
    expect(refusal(() => verifyWebhook(secret, changed, headers, { now }))).toBe('bad_signature');
    expect(refusal(() => verifyWebhook(secret, body, { ...headers, 'webhook-id': 'evt_other' }, { now }))).toBe(
      'bad_signature',
    );
    const later = String(Number(headers['webhook-timestamp']) + 1);
    expect(refusal(() => verifyWebhook(secret, body, { ...headers, 'webhook-timestamp': later }, { now }))).toBe(
      'bad_signature',
    );
    expect(refusal(() => verifyWebhook(newWebhookSecret(), body, headers, { now }))).toBe('bad_signature');
    expect(refusal(() => verifyWebhook(secret, body, { 'webhook-id': event.id }, { now }))).toBe('missing_headers');
    expect(refusal(() => verifyWebhook(secret, body, { ...headers, 'webhook-timestamp': 'soon' }, { now }))).toBe(
      'bad_timestamp',
    );
  });

  it('refuses a replay outside the window, either way, and accepts one inside it (the id is the merchant’s to keep)', async () => {
    const secret = newWebhookSecret();
    const { event, body } = await paidIntentEvent();
    const headers = webhookHeaders(secret, event.id, NOW, body);
    expect(refusal(() => verifyWebhook(secret, body, headers, { now: () => NOW + 301_000 }))).toBe('too_old');
    expect(refusal(() => verifyWebhook(secret, body, headers, { now: () => NOW - 301_000 }))).toBe('too_new');
    expect(verifyWebhook(secret, body, headers, { now: () => NOW + 299_000 }).id).toBe(event.id);
    expect(refusal(() => verifyWebhook(secret, body, headers, { now: () => NOW + 61_000, toleranceS: 60 }))).toBe(
      'too_old',
    );
  });

  it('accepts either secret while one is rotated, and either signature the service sends', async () => {
    const [old, fresh] = [newWebhookSecret(), newWebhookSecret()];
    const { event, body } = await paidIntentEvent();
    const byOld = webhookHeaders(old, event.id, NOW, body);
    const byFresh = webhookHeaders(fresh, event.id, NOW, body);
    expect(verifyWebhook([old, fresh], body, byOld, { now }).id).toBe(event.id);
    expect(verifyWebhook([old, fresh], body, byFresh, { now }).id).toBe(event.id);
    const both = `${byOld['webhook-signature']} ${byFresh['webhook-signature']}`;
    expect(verifyWebhook(fresh, body, { ...byFresh, 'webhook-signature': both }, { now }).id).toBe(event.id);
  });

  it('a signed body that is not an event of the contract is refused; a newer type is told apart, to be acknowledged', async () => {
    const secret = newWebhookSecret();
    const sign = (value: unknown) => {
      const body = typeof value === 'string' ? value : JSON.stringify(value);
      return () => verifyWebhook(secret, body, webhookHeaders(secret, 'evt_x', NOW, body), { now });
    };
    const { event } = await paidIntentEvent();
    expect(refusal(sign('not json'))).toBe('bad_payload');
    expect(refusal(sign({ ...event, id: 'evt_x', data: { object: { amount: 'lots' } } }))).toBe('bad_payload');
    expect(refusal(sign({ ...event, id: 'evt_other' }))).toBe('bad_payload');
    expect(refusal(sign({ ...event, id: 'evt_x', type: 'payment_intent.partially_funded' }))).toBe('unknown_type');
    expect(refusal(sign({ ...event, id: 'evt_x' }))).toBe('no error');
  });

  it('a parsed body is a mistake said plainly: its signature covers the exact bytes', async () => {
    const secret = newWebhookSecret();
    const { event, body } = await paidIntentEvent();
    const headers = webhookHeaders(secret, event.id, NOW, body);
    expect(() => verifyWebhook(secret, event as unknown as string, headers, { now })).toThrow(/raw body/);
  });
});
