// @vitest-environment node
// Signed events (issue 32), as a merchant meets them: an endpoint registered, a payment made with
// the sandbox's test numbers, and the events received by a real local HTTP server, signed so that
// the package's verifier accepts them; retries, each delivery fault, a replay, another key that
// sees none of it, and a restart that keeps the endpoints and makes the deliveries still owed.
// The sandbox's clock is the fake one of ./helpers; its deliveries and ticks run on short real
// timers, waited for with vi.waitFor (never a fixed sleep).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webhookEventSchema } from '../../src/api/schemas/events';
import {
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEventListSchema,
} from '../../src/api/schemas/webhook-endpoints';
import type { WebhookDelivery, WebhookEndpoint } from '../../src/api/types';
import { verifyWebhook, WebhookError } from '../../src/api/webhooks';
import type { SandboxOptions } from '../../src/sandbox';
import { sessionSchema } from '../../src/api/schemas';
import { APPROVAL_MS, expectJson, sessionBody, setup, testNumber, transferBody } from './helpers';
import { webhookReceiver } from './support/webhook-receiver';

const OTHER = 'sk_test_someone_else';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function sandboxWith(options: SandboxOptions = {}) {
  const context = setup({ eventTickMs: 5, webhookRetry: 'fast', ...options });
  cleanups.push(() => context.sandbox.close());
  return context;
}

async function receiver(answer?: Parameters<typeof webhookReceiver>[0]) {
  const made = await webhookReceiver(answer);
  cleanups.push(made.close);
  return made;
}

type Context = ReturnType<typeof sandboxWith>;

const register = async (ctx: Context, body: Record<string, unknown>, token?: string) =>
  expectJson(await ctx.call('POST', '/v1/webhook-endpoints', { body, token }), 201, webhookEndpointSchema);

/** A payment approved after the sandbox's delay: its confirm (`pending`), then, once `approve()`d, its success. */
async function payment(ctx: Context) {
  const intent = await ctx.newIntent();
  expect((await ctx.confirm(intent, testNumber('approved_after_delay'))).status).toBe(200);
  return { intent, approve: () => ctx.clock.advance(APPROVAL_MS) };
}

const deliveriesOf = async (ctx: Context, eventId: string): Promise<WebhookDelivery[]> =>
  (await expectJson(await ctx.call('GET', `/v1/events/${eventId}/deliveries`), 200, webhookDeliveryListSchema)).data;

/** Waits until the event's deliveries are all made and `count` of them recorded. */
const settledDeliveries = (ctx: Context, eventId: string, count: number) =>
  vi.waitFor(
    async () => {
      const list = await deliveriesOf(ctx, eventId);
      if (list.length < count || list.some((d) => d.status === 'pending')) throw new Error(JSON.stringify(list));
      return list;
    },
    { timeout: 10_000, interval: 10 },
  );

const verify = (ctx: Context, endpoint: WebhookEndpoint, received: { body: string; headers: object }) =>
  verifyWebhook(endpoint.secret as string, received.body, received.headers as Record<string, string>, {
    now: ctx.clock.now,
  });

describe('signed events', () => {
  it('tell a payment as it goes, pending then succeeded, signed so that verifyWebhook accepts them', async () => {
    const ctx = sandboxWith();
    const hooks = await receiver();
    const endpoint = await register(ctx, {
      url: hooks.url,
      enabledEvents: ['payment_intent.pending', 'payment_intent.succeeded'],
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const { intent, approve } = await payment(ctx);
    await hooks.until(1);
    approve();
    await hooks.until(2);
    expect(hooks.received.map((r) => r.type)).toEqual(['payment_intent.pending', 'payment_intent.succeeded']);
    for (const received of hooks.received) {
      const event = verify(ctx, endpoint, received);
      expect(event.id).toBe(received.headers['webhook-id']);
      expect(event.data.object).toMatchObject({ intent_id: intent.intent_id });
      // Changed on the way, or replayed outside the window: refused.
      expect(() => verify(ctx, endpoint, { ...received, body: received.body.replace('5000', '5001') })).toThrow(
        WebhookError,
      );
      expect(() =>
        verifyWebhook(endpoint.secret as string, received.body, received.headers as Record<string, string>, {
          now: () => ctx.clock.now() + 600_000,
        }),
      ).toThrow(/signed 6\d\d s ago/);
    }
    // Read back: newest first, filtered by type, each as delivered; the secret never again.
    const list = await expectJson(await ctx.call('GET', '/v1/events'), 200, webhookEventListSchema);
    expect(list.data.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'payment_intent.pending']);
    expect(list.meta.total).toBe(2);
    const pending = await expectJson(
      await ctx.call('GET', '/v1/events?type=payment_intent.pending'),
      200,
      webhookEventListSchema,
    );
    expect(pending.data.map((e) => e.id)).toEqual([hooks.received[0]?.id]);
    const one = await ctx.call('GET', `/v1/events/${pending.data[0]?.id}`);
    const text = await one.text();
    expect(text).toBe(hooks.received[0]?.body);
    expect(webhookEventSchema.parse(JSON.parse(text)).id).toBe(hooks.received[0]?.id);
    const endpoints = await expectJson(await ctx.call('GET', '/v1/webhook-endpoints'), 200, webhookEndpointListSchema);
    expect(endpoints.data.map((e) => [e.id, e.secret])).toEqual([[endpoint.id, undefined]]);
    expect((await ctx.call('GET', '/v1/events?type=payment_intent.paid')).status).toBe(400);
  });

  it('tell each change once, however often the intent is read', async () => {
    const ctx = sandboxWith();
    const hooks = await receiver();
    await register(ctx, { url: hooks.url });
    const { intent, approve } = await payment(ctx);
    await hooks.until(1);
    approve();
    for (let i = 0; i < 3; i++) await ctx.readIntent(intent.intent_id);
    await hooks.until(2);
    await vi.waitFor(async () => {
      const list = await expectJson(await ctx.call('GET', '/v1/events'), 200, webhookEventListSchema);
      expect(list.data.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'payment_intent.pending']);
    });
  });

  it('tell a checkout session paid and one expired, and a remittance executed, each its object', async () => {
    const ctx = sandboxWith();
    const hooks = await receiver();
    const endpoint = await register(ctx, {
      url: hooks.url,
      enabledEvents: ['checkout.session.completed', 'checkout.session.expired', 'remittance.succeeded'],
    });
    const paid = await expectJson(await ctx.call('POST', '/v1/sessions', { body: sessionBody() }), 200, sessionSchema);
    const unpaid = await expectJson(
      await ctx.call('POST', '/v1/sessions', { body: sessionBody({ expiresAt: '2025-03-10T10:30:00+01:00' }) }),
      200,
      sessionSchema,
    );
    await ctx.confirm(
      { intent_id: paid.paymentIntentId, client_secret: paid.clientSecret },
      testNumber('approved_after_delay'),
    );
    const remittance = await ctx.call('POST', '/v1/remittance', { body: transferBody() });
    const { id: remittanceId } = (await remittance.json()) as { id: string };
    ctx.clock.advance(31 * 60_000);
    await hooks.until(3);
    const told = hooks.received.map((r) => verify(ctx, endpoint, r));
    const byType = Object.fromEntries(told.map((event) => [event.type, event.data.object]));
    expect(Object.keys(byType).sort()).toEqual([
      'checkout.session.completed',
      'checkout.session.expired',
      'remittance.succeeded',
    ]);
    expect(byType['checkout.session.completed']).toMatchObject({ id: paid.id, status: 'complete' });
    expect(byType['checkout.session.expired']).toMatchObject({ id: unpaid.id, status: 'expired' });
    expect(byType['remittance.succeeded']).toMatchObject({ id: remittanceId, status: 'succeeded' });
  });

  it('are retried after a failed answer, each attempt recorded', async () => {
    const ctx = sandboxWith();
    const hooks = await receiver((_, index) => (index === 0 ? 500 : 200));
    await register(ctx, { url: hooks.url });
    await payment(ctx);
    await hooks.until(2);
    expect(hooks.received[1]?.id).toBe(hooks.received[0]?.id);
    const attempts = await settledDeliveries(ctx, hooks.received[0]?.id as string, 2);
    expect(attempts.map((d) => [d.attempt, d.status, d.httpStatus, d.error])).toEqual([
      [1, 'failed', 500, 'HTTP 500'],
      [2, 'succeeded', 200, null],
    ]);
    expect(attempts[0]?.nextAttemptAt).toBe(attempts[1]?.scheduledAt);
  });

  it('are made to no endpoint of another key, and another key reads none of them', async () => {
    const ctx = sandboxWith();
    const hooks = await receiver();
    const theirs = await receiver();
    const endpoint = await register(ctx, { url: hooks.url });
    await register(ctx, { url: theirs.url }, OTHER);
    await payment(ctx);
    await hooks.until(1);
    const id = hooks.received[0]?.id as string;
    const asOther = (method: string, path: string, body?: unknown) => ctx.call(method, path, { token: OTHER, body });
    const list = await expectJson(await asOther('GET', '/v1/events'), 200, webhookEventListSchema);
    expect(list.meta.total).toBe(0);
    for (const [method, path] of [
      ['GET', `/v1/events/${id}`],
      ['GET', `/v1/events/${id}/deliveries`],
      ['POST', `/v1/events/${id}/replay`],
      ['GET', `/v1/webhook-endpoints/${endpoint.id}`],
      ['DELETE', `/v1/webhook-endpoints/${endpoint.id}`],
    ] as const)
      expect((await asOther(method, path, method === 'POST' ? {} : undefined)).status, `${method} ${path}`).toBe(404);
    expect(theirs.received).toEqual([]);
  });

  it('are delivered again by a replay: the same event, the same webhook-id', async () => {
    const ctx = sandboxWith();
    const hooks = await receiver();
    const endpoint = await register(ctx, { url: hooks.url });
    await payment(ctx);
    await hooks.until(1);
    const id = hooks.received[0]?.id as string;
    const replay = await expectJson(
      await ctx.call('POST', `/v1/events/${id}/replay`, { body: { endpointId: endpoint.id } }),
      202,
      webhookDeliveryListSchema,
    );
    expect(replay.data.map((d) => [d.endpointId, d.status])).toEqual([[endpoint.id, 'pending']]);
    await hooks.until(2);
    expect(hooks.received[1]?.headers['webhook-id']).toBe(id);
    expect(hooks.received[1]?.body).toBe(hooks.received[0]?.body);
    expect(verify(ctx, endpoint, hooks.received[1] as never).id).toBe(id);
    await settledDeliveries(ctx, id, 2);
  });

  it('stop at an endpoint deleted', async () => {
    const ctx = sandboxWith();
    const hooks = await receiver();
    const endpoint = await register(ctx, { url: hooks.url });
    expect((await ctx.call('DELETE', `/v1/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
    expect((await ctx.call('GET', `/v1/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
    await payment(ctx);
    const list = await expectJson(await ctx.call('GET', '/v1/events'), 200, webhookEventListSchema);
    expect(list.meta.total).toBe(0);
  });
});

describe('delivery faults', () => {
  it('duplicate: each event is delivered twice', async () => {
    const ctx = sandboxWith();
    const hooks = await receiver();
    await register(ctx, { url: hooks.url, faults: ['duplicate'] });
    await payment(ctx);
    await hooks.until(2);
    expect(hooks.received[1]?.id).toBe(hooks.received[0]?.id);
    const made = await settledDeliveries(ctx, hooks.received[0]?.id as string, 2);
    expect(made.map((d) => `${d.status} ${d.fault}`).sort()).toEqual(['succeeded duplicate', 'succeeded null']);
  });

  it('late: each delivery waits lateMs first', async () => {
    const ctx = sandboxWith();
    const hooks = await receiver();
    await register(ctx, { url: hooks.url, faults: ['late'], lateMs: 60_000 });
    await payment(ctx);
    const [event] = (await expectJson(await ctx.call('GET', '/v1/events'), 200, webhookEventListSchema)).data;
    const [waiting] = await deliveriesOf(ctx, event?.id as string);
    expect(waiting).toMatchObject({ status: 'pending', fault: 'late', attemptedAt: null });
    expect(Date.parse(waiting?.scheduledAt as string) - Date.parse(event?.timestamp as string)).toBe(60_000);
    expect(hooks.received).toEqual([]);
    // A minute later by the sandbox's clock, it goes.
    ctx.clock.advance(60_000);
    await hooks.until(1);
    expect(hooks.received[0]?.id).toBe(event?.id);
  });

  it('out_of_order: an intent’s succeeded arrives before its pending', async () => {
    const ctx = sandboxWith();
    const hooks = await receiver();
    await register(ctx, { url: hooks.url, faults: ['out_of_order'], lateMs: 5000 });
    const { approve } = await payment(ctx);
    approve();
    await hooks.until(2);
    expect(hooks.received.map((r) => r.type)).toEqual(['payment_intent.succeeded', 'payment_intent.pending']);
  });

  it('fail_then_succeed: the first attempt counts as failed whatever the answer, the retry delivers it again', async () => {
    const ctx = sandboxWith();
    const hooks = await receiver();
    await register(ctx, { url: hooks.url, faults: ['fail_then_succeed'] });
    await payment(ctx);
    await hooks.until(2);
    const made = await settledDeliveries(ctx, hooks.received[0]?.id as string, 2);
    expect(made.map((d) => [d.attempt, d.status, d.httpStatus, d.fault])).toEqual([
      [1, 'failed', 200, 'fail_then_succeed'],
      [2, 'succeeded', 200, null],
    ]);
  });

  it('bad_signature: each event comes first with a wrong signature, refused, then a right one', async () => {
    const ctx = sandboxWith();
    let secret = '';
    const reasons: string[] = [];
    const hooks = await receiver((received) => {
      try {
        verifyWebhook(secret, received.body, received.headers as Record<string, string>, { now: ctx.clock.now });
        reasons.push('ok');
        return 200;
      } catch (error) {
        reasons.push((error as WebhookError).reason);
        return 400;
      }
    });
    secret = (await register(ctx, { url: hooks.url, faults: ['bad_signature'] })).secret as string;
    await payment(ctx);
    await hooks.until(2);
    expect(reasons).toEqual(['bad_signature', 'ok']);
    const made = await settledDeliveries(ctx, hooks.received[0]?.id as string, 2);
    expect(made.map((d) => [d.status, d.httpStatus, d.fault])).toEqual([
      ['failed', 400, 'bad_signature'],
      ['succeeded', 200, null],
    ]);
  });
});

describe('a restart', () => {
  it('keeps the endpoints, makes the deliveries still owed, and tells nothing twice', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'momo-events-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const hooks = await receiver();
    const before = setup({ dataDir, eventTickMs: 5, webhookRetry: 'fast' });
    const endpoint = await register(before as Context, { url: hooks.url, faults: ['late'], lateMs: 60_000 });
    await payment(before as Context);
    const [owed] = (await expectJson(await before.call('GET', '/v1/events'), 200, webhookEventListSchema)).data;
    await before.sandbox.close();
    expect(hooks.received).toEqual([]);

    // Started a minute later: the delivery held back (`late`) is due.
    const restartedAt = before.clock.now() + 60_000;
    const after = sandboxWith({ dataDir, now: () => restartedAt });
    const endpoints = await expectJson(
      await after.call('GET', '/v1/webhook-endpoints'),
      200,
      webhookEndpointListSchema,
    );
    expect(endpoints.data.map((e) => e.id)).toEqual([endpoint.id]);
    await hooks.until(1);
    expect(hooks.received[0]?.id).toBe(owed?.id);
    const [received] = hooks.received;
    const event = verifyWebhook(endpoint.secret as string, received?.body ?? '', received?.headers as never, {
      now: () => restartedAt,
    });
    expect(event.type).toBe('payment_intent.pending');
    // The payment's end is told by the sandbox that saw it, its wait not again.
    await vi.waitFor(async () => {
      const list = await expectJson(await after.call('GET', '/v1/events'), 200, webhookEventListSchema);
      expect(list.data.map((e) => [e.type, e.id === owed?.id])).toEqual([
        ['payment_intent.succeeded', false],
        ['payment_intent.pending', true],
      ]);
    });
  });
});
