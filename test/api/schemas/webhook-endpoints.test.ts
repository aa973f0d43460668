// @vitest-environment node
// The webhook endpoints' contract (issue 32): what a merchant may register, and what it is told.
import { describe, expect, it } from 'vitest';
import { createWebhookEndpointSchema, webhookDeliverySchema } from '../../../src/api/schemas/webhook-endpoints';

describe('registering a webhook endpoint', () => {
  it('takes an http(s) address with known event types or "*", and known faults', () => {
    const ok = createWebhookEndpointSchema.safeParse({
      url: 'http://127.0.0.1:3000/webhooks',
      enabledEvents: ['payment_intent.succeeded', 'checkout.session.completed'],
      faults: ['duplicate', 'out_of_order'],
    });
    expect(ok.success).toBe(true);
    expect(
      createWebhookEndpointSchema.safeParse({ url: 'https://shop.example/hooks', enabledEvents: ['*'] }).success,
    ).toBe(true);
  });

  it('refuses another scheme, an unknown type, no type at all and an unknown fault', () => {
    for (const body of [
      { url: 'javascript:alert(1)' },
      { url: 'ftp://shop.example/hooks' },
      { url: 'https://shop.example/hooks', enabledEvents: ['payment_intent.paid'] },
      { url: 'https://shop.example/hooks', enabledEvents: [] },
      { url: 'https://shop.example/hooks', faults: ['slow'] },
      { url: 'https://shop.example/hooks', faults: ['late'], lateMs: 0 },
    ]) {
      expect(createWebhookEndpointSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});

describe('a delivery attempt', () => {
  it('names its event and endpoint by their prefixes', () => {
    const attempt = {
      id: 'wd_1',
      object: 'webhook_delivery',
      eventId: 'evt_1',
      endpointId: 'we_1',
      attempt: 1,
      status: 'failed',
      httpStatus: 500,
      error: 'HTTP 500',
      fault: null,
      scheduledAt: '2026-11-29T09:00:00.000Z',
      attemptedAt: '2026-11-29T09:00:00.100Z',
      nextAttemptAt: '2026-11-29T09:00:05.100Z',
    };
    expect(webhookDeliverySchema.safeParse(attempt).success).toBe(true);
    expect(webhookDeliverySchema.safeParse({ ...attempt, eventId: 'pi_1' }).success).toBe(false);
  });
});
