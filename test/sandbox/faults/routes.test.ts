// @vitest-environment node
// The HTTP control of faults (/v1/_sandbox/*), for tests that only have the sandbox's address.
import { describe, expect, it } from 'vitest';
import { expectError, setup, setupFaults, testNumber } from '../helpers';

const FAULTS = '/v1/_sandbox/faults';
const STATS = '/v1/_sandbox/stats';
const rule = { route: 'GET /v1/remittance', kind: 'http_error', status: 503 };

describe('/v1/_sandbox/* when faults are off', () => {
  it.each([
    ['GET', FAULTS],
    ['POST', FAULTS],
    ['DELETE', FAULTS],
    ['GET', STATS],
  ])('%s %s answers 404 not_found', async (method, path) => {
    const { call } = setup();
    await expectError(
      await call(method, path, { token: null, body: method === 'POST' ? [rule] : undefined }),
      404,
      'not_found',
    );
  });

  it('stay off with SANDBOX_FAULTS=0 and come on with SANDBOX_FAULTS=1', async () => {
    expect((await setup({ env: { SANDBOX_FAULTS: '0' } }).call('GET', FAULTS)).status).toBe(404);
    expect((await setup({ env: { SANDBOX_FAULTS: '1' } }).call('GET', FAULTS)).status).toBe(200);
  });
});

describe('POST /v1/_sandbox/faults', () => {
  it('adds a list of rules, answers them with ids and defaults, and they apply', async () => {
    const { call } = setupFaults();
    const response = await call('POST', FAULTS, {
      token: null,
      body: [rule, { ...rule, kind: 'reset', status: undefined, when: 'after' }],
    });
    expect(response.status).toBe(201);
    const { rules } = (await response.json()) as { rules: { id: number; when: string; remaining: number }[] };
    expect(rules.map((r) => [r.id, r.when, r.remaining])).toEqual([
      [1, 'before', 1],
      [2, 'after', 1],
    ]);
    expect((await call('GET', '/v1/remittance')).status).toBe(503);
  });

  it('takes a single rule too', async () => {
    const { call, faults } = setupFaults();
    expect((await call('POST', FAULTS, { token: null, body: rule })).status).toBe(201);
    expect(faults.rules()).toHaveLength(1);
  });

  it('refuses a bad rule with 400 naming its field, and adds none of the list', async () => {
    const { call, faults } = setupFaults();
    const response = await call('POST', FAULTS, { token: null, body: [rule, { ...rule, times: -1 }] });
    await expectError(response, 400, 'invalid_request', '1.times');
    expect(faults.rules()).toEqual([]);
  });

  it('checks the body like every POST: 415 without JSON, 400 on broken JSON', async () => {
    const { call } = setupFaults();
    await expectError(
      await call('POST', FAULTS, { raw: '[]', headers: { 'Content-Type': 'text/plain' } }),
      415,
      'unsupported_media_type',
    );
    await expectError(
      await call('POST', FAULTS, { raw: '[', headers: { 'Content-Type': 'application/json' } }),
      400,
      'invalid_json',
    );
  });
});

describe('GET and DELETE /v1/_sandbox/faults', () => {
  it('lists the rules with what is left of them, and the hits', async () => {
    const { call } = setupFaults();
    await call('POST', FAULTS, { body: [{ ...rule, times: 2 }] });
    await call('GET', '/v1/remittance');
    const listed = await (await call('GET', FAULTS)).json();
    expect(listed).toMatchObject({
      rules: [{ id: 1, route: rule.route, kind: 'http_error', times: 2, remaining: 1 }],
      hits: [{ rule: 1, kind: 'http_error', when: 'before', method: 'GET', path: '/v1/remittance' }],
    });
  });

  it('clears every rule and hit', async () => {
    const { call } = setupFaults();
    await call('POST', FAULTS, { body: [{ ...rule, times: 'always' }] });
    await call('GET', '/v1/remittance');
    expect(await (await call('DELETE', FAULTS)).json()).toEqual({ rules: [], hits: [] });
    expect(await (await call('GET', FAULTS)).json()).toEqual({ rules: [], hits: [] });
    expect((await call('GET', '/v1/remittance')).status).toBe(200);
  });

  it('are never faulted themselves, even by a rule on every route', async () => {
    const { call } = setupFaults();
    await call('POST', FAULTS, { body: [{ route: '* *', kind: 'http_error', times: 'always' }] });
    expect((await call('GET', FAULTS)).status).toBe(200);
    expect((await call('GET', STATS)).status).toBe(200);
    expect((await call('DELETE', FAULTS)).status).toBe(200);
    expect((await call('GET', '/v1/remittance')).status).toBe(200);
  });
});

describe('GET /v1/_sandbox/stats', () => {
  it('answers the same counts as sandbox.stats()', async () => {
    const { call, confirm, newIntent, sandbox } = setupFaults();
    const intent = await newIntent();
    await confirm(intent, testNumber('approved_after_delay'));
    const stats = await (await call('GET', STATS)).json();
    expect(stats).toEqual(sandbox.stats());
    expect(stats).toMatchObject({ intents: 1, confirms: { [intent.intent_id]: { accepted: 1 } } });
  });
});
