// @vitest-environment node
// The client's webhook-endpoint and event calls (issue 32), against a stub of the contract: each
// speaks its route, its answer is checked with the contract's schema, a deletion's empty 204 is an
// answer, and a service without the extension is a plain 404 ApiError.
import { describe, expect, it } from 'vitest';
import { createClient, isApiError, verifyWebhook } from '../../../src/api';
import { setup } from '../../sandbox/helpers';
import { webhookStub } from '../../support/webhook-stub';

describe('client › webhook endpoints and events', () => {
  it('registers an endpoint (its secret once), lists, replays, reads deliveries and deletes it', async () => {
    const bodies: { body: string; headers: Headers }[] = [];
    const stub = webhookStub({
      deliver: async (request) => {
        bodies.push({ body: await request.text(), headers: request.headers });
        return new Response('ok');
      },
    });
    const client = createClient({ baseUrl: 'http://sandbox.test', token: 'sk_test_hooks', fetch: stub.fetch });
    const endpoint = await client.createWebhookEndpoint({ url: 'http://127.0.0.1:4000/hooks', faults: ['duplicate'] });
    expect(endpoint).toMatchObject({ id: expect.stringMatching(/^we_/), secret: expect.stringMatching(/^whsec_/) });
    expect((await client.listWebhookEndpoints()).data.map((e) => [e.id, e.faults])).toEqual([
      [endpoint.id, ['duplicate']],
    ]);

    const intent = await setup().newIntent(12_500);
    await stub.emit({
      id: 'evt_1',
      type: 'payment_intent.pending',
      timestamp: '2026-11-29T09:00:00.000Z',
      data: { object: intent },
    });
    expect((await client.listEvents({ type: 'payment_intent.pending' })).data.map((e) => e.id)).toEqual(['evt_1']);
    expect((await client.listEvents({ type: 'payment_intent.succeeded' })).data).toEqual([]);
    expect((await client.getEvent('evt_1')).type).toBe('payment_intent.pending');
    expect((await client.listEventDeliveries('evt_1')).data.map((d) => d.attempt)).toEqual([1, 2]);
    const replayed = await client.replayEvent('evt_1', endpoint.id);
    expect(replayed.map((d) => [d.endpointId, d.attempt, d.status])).toEqual([[endpoint.id, 3, 'succeeded']]);
    // What was delivered is what the package's verifier accepts with the secret the registration gave.
    const last = bodies.at(-1);
    expect(last && verifyWebhook(endpoint.secret as string, last.body, last.headers).id).toBe('evt_1');

    await client.deleteWebhookEndpoint(endpoint.id);
    expect((await client.listWebhookEndpoints()).data).toEqual([]);
    expect(stub.requests).toContain(`DELETE /v1/webhook-endpoints/${endpoint.id}`);
  });

  it('says 404 plainly when the service has no webhook endpoints', async () => {
    const stub = webhookStub({ absent: true });
    const client = createClient({ baseUrl: 'http://sandbox.test', token: 'sk_test_hooks', fetch: stub.fetch });
    const error = await client.createWebhookEndpoint({ url: 'http://127.0.0.1:4000/hooks' }).catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(404);
  });
});
