// @vitest-environment node
// Faults that hold or break the connection, through `sandbox.fetch` (no network): what a caller
// of fetch sees, and when the sandbox lets go.
import { describe, expect, it } from 'vitest';
import { BASE, confirmBody, setupFaults, testNumber } from './helpers';

const CONFIRM = 'POST /v1/payment-intents/:id/confirm';
const approved = testNumber('approved_after_delay');

/** Resolves once `count` faults have struck: a request a hang fault struck is held from then on. */
async function struck(faults: ReturnType<typeof setupFaults>['faults'], count: number): Promise<void> {
  while (faults.hits().length < count) await new Promise((resolve) => setImmediate(resolve));
}

describe('fault kinds › reset and hang without a network', () => {
  it('reset answers a body that fails to read, like a connection cut', async () => {
    const { call, faults } = setupFaults();
    faults.inject({ route: 'GET /v1/remittance', kind: 'reset' });
    const response = await call('GET', '/v1/remittance');
    await expect(response.text()).rejects.toThrow('Sandbox fault: connection reset');
  });

  it('hang holds the request until its signal aborts, then fails it with the abort reason', async () => {
    const { sandbox, faults } = setupFaults();
    faults.inject({ route: 'GET /v1/remittance', kind: 'hang' });
    const controller = new AbortController();
    let settled = false;
    const pending = sandbox
      .fetch(
        new Request(`${BASE}/v1/remittance`, {
          signal: controller.signal,
          headers: { Authorization: 'Bearer sk_test_1' },
        }),
      )
      .finally(() => (settled = true));
    await struck(faults, 1);
    // Held, not answered: still so after every callback queued meanwhile has run.
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    controller.abort(new Error('gave up'));
    await expect((await pending).text()).rejects.toThrow('gave up');
  });

  it('hang lets go of held requests, as resets, when the faults are cleared', async () => {
    const { call, faults } = setupFaults();
    faults.inject({ route: 'GET /v1/remittance', kind: 'hang', times: 'always' });
    const held = [call('GET', '/v1/remittance'), call('GET', '/v1/remittance')];
    await struck(faults, 2);
    faults.clear();
    for (const response of await Promise.all(held)) await expect(response.text()).rejects.toThrow('connection reset');
    expect((await call('GET', '/v1/remittance')).status).toBe(200);
  });
});

describe('fault kinds › latency', () => {
  it('delays the answer and changes nothing else', async () => {
    const { call, faults } = setupFaults();
    faults.inject([
      { route: 'GET /v1/remittance', kind: 'latency', ms: 40 },
      { route: 'GET /v1/remittance', kind: 'latency', ms: 40, when: 'after' },
    ]);
    const started = performance.now();
    const response = await call('GET', '/v1/remittance');
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
    expect(response.status).toBe(200);
    expect(faults.hits().map((hit) => hit.when)).toEqual(['before', 'after']);
  });

  it('still lets the request take effect when the client gives up during the delay; the client gets a failed read', async () => {
    const { sandbox, faults, newIntent, readIntent } = setupFaults();
    const intent = await newIntent();
    faults.inject({ route: CONFIRM, kind: 'latency', ms: 60 });
    const controller = new AbortController();
    const request = new Request(`${BASE}/v1/payment-intents/${intent.intent_id}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(confirmBody(intent.client_secret, approved)),
      signal: controller.signal,
    });
    const pending = sandbox.fetch(request);
    // The client gives up once the delay has begun (the fault has struck), not after a time of its own.
    await struck(faults, 1);
    controller.abort(new Error('timed out'));
    await expect((await pending).text()).rejects.toThrow('timed out');
    expect((await readIntent(intent.intent_id)).event.charges).toHaveLength(1);
  });
});
