// @vitest-environment node
// A merchant's webhook endpoints (src/sandbox/routes/webhook-endpoints.ts): registered with its
// secret answered once (the same answer again for the same Idempotency-Key), listed newest first
// without secrets, refused when malformed or past the key's bound, read and deleted by its key only.
// (The events they are delivered: ../webhooks.test.ts.)
import { describe, expect, it } from 'vitest';
import { webhookEndpointListSchema, webhookEndpointSchema } from '../../../src/api/schemas/webhook-endpoints';
import { MAX_ENDPOINTS } from '../../../src/sandbox/routes/webhook-endpoints';
import { expectError, expectJson, setup } from '../helpers';

const URL = 'https://shop.test/hooks';

describe('webhook endpoints', () => {
  it('are registered with every event type by default, their secret answered once', async () => {
    const { call, sandbox } = setup();
    const created = await expectJson(
      await call('POST', '/v1/webhook-endpoints', { body: { url: URL }, headers: { 'Idempotency-Key': 'k1' } }),
      201,
      webhookEndpointSchema,
    );
    expect(created).toMatchObject({ enabledEvents: ['*'], faults: [], lateMs: null, status: 'enabled' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const again = await call('POST', '/v1/webhook-endpoints', {
      body: { url: URL },
      headers: { 'Idempotency-Key': 'k1' },
    });
    expect((await again.json()).id).toBe(created.id);
    const read = await expectJson(await call('GET', `/v1/webhook-endpoints/${created.id}`), 200, webhookEndpointSchema);
    expect(read.secret).toBeUndefined();
    await sandbox.close();
  });

  it('refuse what is malformed, and past the key’s bound', async () => {
    const { call, sandbox } = setup();
    for (const [body, field] of [
      [{ url: 'ftp://shop.test' }, 'url'],
      [{ url: URL, enabledEvents: ['payment_intent.paid'] }, 'enabledEvents.0'],
      [{ url: URL, enabledEvents: [] }, 'enabledEvents'],
      [{ url: URL, faults: ['slow'] }, 'faults.0'],
      [{ url: URL, lateMs: 0 }, 'lateMs'],
    ] as const)
      await expectError(await call('POST', '/v1/webhook-endpoints', { body }), 400, 'invalid_request', field);
    for (let i = 0; i < MAX_ENDPOINTS; i++)
      expect((await call('POST', '/v1/webhook-endpoints', { body: { url: `${URL}/${i}` } })).status).toBe(201);
    await expectError(
      await call('POST', '/v1/webhook-endpoints', { body: { url: URL } }),
      400,
      'invalid_request',
      'url',
    );
    // Another key has its own bound.
    expect((await call('POST', '/v1/webhook-endpoints', { body: { url: URL }, token: 'sk_test_b' })).status).toBe(201);
    const page = await expectJson(
      await call('GET', '/v1/webhook-endpoints?perPage=5&page=2'),
      200,
      webhookEndpointListSchema,
    );
    expect(page.meta).toMatchObject({ total: MAX_ENDPOINTS, currentPage: 2, lastPage: 4 });
    expect(page.data.map((e) => e.url)).toEqual([10, 9, 8, 7, 6].map((i) => `${URL}/${i}`));
    await sandbox.close();
  });

  it('are the key’s own: another reads, deletes and lists none; a deleted one is gone', async () => {
    const { call, sandbox } = setup();
    const { id } = await expectJson(
      await call('POST', '/v1/webhook-endpoints', { body: { url: URL } }),
      201,
      webhookEndpointSchema,
    );
    await expectError(await call('GET', `/v1/webhook-endpoints/${id}`, { token: 'sk_test_b' }), 404, 'not_found');
    await expectError(await call('DELETE', `/v1/webhook-endpoints/${id}`, { token: 'sk_test_b' }), 404, 'not_found');
    const theirs = await expectJson(
      await call('GET', '/v1/webhook-endpoints', { token: 'sk_test_b' }),
      200,
      webhookEndpointListSchema,
    );
    expect(theirs.meta.total).toBe(0);
    await expectError(await call('GET', '/v1/webhook-endpoints', { token: null }), 401, 'unauthorized');
    expect((await call('DELETE', `/v1/webhook-endpoints/${id}`)).status).toBe(204);
    await expectError(await call('DELETE', `/v1/webhook-endpoints/${id}`), 404, 'not_found');
    await sandbox.close();
  });

  it('are not served by a bare sandbox', async () => {
    const { call, sandbox } = setup({ extensions: false });
    expect((await call('POST', '/v1/webhook-endpoints', { body: { url: URL } })).status).toBe(404);
    expect((await call('GET', '/v1/events')).status).toBe(404);
    await sandbox.close();
  });
});
