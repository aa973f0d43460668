// @vitest-environment node
// A merchant's events (src/sandbox/routes/events.ts): listed newest first a page at a time, filtered
// by one type or several; a replay to an endpoint that is not the key's refused; a replay without a
// body queued to every endpoint that takes the event's type. (Delivered: ../webhooks.test.ts.)
import { describe, expect, it } from 'vitest';
import {
  webhookDeliveryListSchema,
  webhookEndpointSchema,
  webhookEventListSchema,
} from '../../../src/api/schemas/webhook-endpoints';
import { expectError, expectJson, setup, testNumber } from '../helpers';

async function withEvents() {
  const context = setup({ eventTickMs: 60_000 });
  const register = async (body: object, token?: string) =>
    expectJson(await context.call('POST', '/v1/webhook-endpoints', { body, token }), 201, webhookEndpointSchema);
  // Nothing listens there: what is owed stays owed, and nothing here waits for it.
  const all = await register({ url: 'http://127.0.0.1:9/all', faults: ['late'], lateMs: 600_000 });
  const pending = await register({
    url: 'http://127.0.0.1:9/p',
    enabledEvents: ['payment_intent.pending'],
    faults: ['late'],
    lateMs: 600_000,
  });
  for (const outcome of ['approved_after_delay', 'operator_unavailable', 'approved_after_delay'] as const)
    await context.confirm(await context.newIntent(), testNumber(outcome));
  return { ...context, all, pending, register };
}

describe('events', () => {
  it('are listed newest first, a page at a time, filtered by one type or several', async () => {
    const { call, sandbox } = await withEvents();
    const list = await expectJson(await call('GET', '/v1/events?perPage=2'), 200, webhookEventListSchema);
    expect(list.meta).toMatchObject({ total: 3, lastPage: 2, nextPageUrl: '/?page=2&perPage=2' });
    expect(list.data.map((e) => e.type)).toEqual(['payment_intent.pending', 'payment_intent.payment_failed']);
    const failed = await expectJson(
      await call('GET', '/v1/events?type=payment_intent.payment_failed'),
      200,
      webhookEventListSchema,
    );
    expect(failed.meta.total).toBe(1);
    expect(failed.meta.firstPageUrl).toBe('/?page=1&type=payment_intent.payment_failed');
    const both = await expectJson(
      await call('GET', '/v1/events?type=payment_intent.payment_failed,payment_intent.pending'),
      200,
      webhookEventListSchema,
    );
    expect(both.meta.total).toBe(3);
    await expectError(await call('GET', '/v1/events?type=charge.refunded'), 400, 'invalid_request', 'type');
    await expectError(await call('GET', '/v1/events/evt_nope'), 404, 'not_found');
    await sandbox.close();
  });

  it('are replayed to every endpoint that takes the type, or to one of the key’s, never another’s', async () => {
    const { call, sandbox, all, pending, register } = await withEvents();
    const [newest] = (await expectJson(await call('GET', '/v1/events'), 200, webhookEventListSchema)).data;
    const id = newest?.id as string;
    const replay = await call('POST', `/v1/events/${id}/replay`);
    const queued = await expectJson(replay, 202, webhookDeliveryListSchema);
    expect(queued.data.map((d) => d.endpointId).sort()).toEqual([all.id, pending.id].sort());
    const theirs = await register({ url: 'http://127.0.0.1:9/b' }, 'sk_test_b');
    await expectError(
      await call('POST', `/v1/events/${id}/replay`, { body: { endpointId: theirs.id } }),
      404,
      'not_found',
    );
    await expectError(
      await call('POST', `/v1/events/${id}/replay`, { body: { endpointId: 'nope' } }),
      400,
      'invalid_request',
      'endpointId',
    );
    const deliveries = await expectJson(
      await call('GET', `/v1/events/${id}/deliveries`),
      200,
      webhookDeliveryListSchema,
    );
    expect(deliveries.data).toHaveLength(4);
    await sandbox.close();
  });
});
