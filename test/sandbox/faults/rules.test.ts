// @vitest-environment node
// Fault rules: checking, defaults, route patterns, how many requests they hit and which.
import { describe, expect, it } from 'vitest';
import { createSandbox, type FaultRuleInput } from '../../../src/sandbox';
import { routeMatcher } from '../../../src/sandbox/faults/rules';
import { setupFaults } from '../helpers';

const REMITTANCES = 'GET /v1/remittance';

describe('faults.inject', () => {
  it('fills in the defaults and numbers the rules', () => {
    const { faults } = setupFaults();
    const [rule] = faults.inject({ route: REMITTANCES, kind: 'reset' });
    expect(rule).toEqual({
      id: 1,
      route: REMITTANCES,
      kind: 'reset',
      when: 'before',
      times: 1,
      remaining: 1,
      probability: 1,
      seed: 1,
    });
    expect(faults.inject([{ route: '* *', kind: 'hang' }]).map((r) => r.id)).toEqual([2]);
    expect(faults.rules()).toHaveLength(2);
  });

  const BAD: [string, unknown, RegExp][] = [
    ['an unknown kind', { route: REMITTANCES, kind: 'explode' }, /`kind` must be one of/],
    ['a route without a method', { route: '/v1/remittance', kind: 'reset' }, /`route` has an invalid format/],
    ['a route with an unknown method', { route: 'FETCH /v1/remittance', kind: 'reset' }, /`route`/],
    ['a relative path', { route: 'GET v1/remittance', kind: 'reset' }, /`route`/],
    ['latency without ms', { route: REMITTANCES, kind: 'latency' }, /`ms` is required/],
    [
      'a status on a reset',
      { route: REMITTANCES, kind: 'reset', status: 502 },
      /`status` does not apply to a reset fault/,
    ],
    [
      'a status a proxy would not send',
      { route: REMITTANCES, kind: 'http_error', status: 404 },
      /`status` must be one of: 500, 502, 503, 504/,
    ],
    ['truncated_json before', { route: REMITTANCES, kind: 'truncated_json', when: 'before' }, /`when` must be "after"/],
    ['unknown_status before', { route: REMITTANCES, kind: 'unknown_status', when: 'before' }, /`when` must be "after"/],
    ['a probability over 1', { route: REMITTANCES, kind: 'reset', probability: 1.5 }, /`probability`/],
    ['times 0', { route: REMITTANCES, kind: 'reset', times: 0 }, /`times`/],
    ['a misspelt option', { route: REMITTANCES, kind: 'reset', time: 2 }, /time/],
    ['not an object', 'reset', /JSON object/],
    [
      'the bad field of the second rule',
      [
        { route: REMITTANCES, kind: 'reset' },
        { route: REMITTANCES, kind: 'nope' },
      ],
      /`1\.kind`/,
    ],
  ];

  it.each(BAD)('refuses %s with a RangeError naming the field, adding nothing', (_label, rule, message) => {
    const { faults } = setupFaults();
    expect(() => faults.inject(rule as FaultRuleInput)).toThrow(RangeError);
    expect(() => faults.inject(rule as FaultRuleInput)).toThrow(message);
    expect(faults.rules()).toEqual([]);
  });
});

describe('routeMatcher', () => {
  it.each([
    ['POST /v1/payment-intents/:id/confirm', 'POST', '/v1/payment-intents/pi_1/confirm', true],
    ['POST /v1/payment-intents/:id/confirm', 'GET', '/v1/payment-intents/pi_1/confirm', false],
    ['POST /v1/payment-intents/:id/confirm', 'POST', '/v1/payment-intents/pi_1', false],
    ['GET /v1/payment-intents/:id', 'GET', '/v1/payment-intents/pi_1/confirm', false],
    ['GET /v1/payment-intents/pi_1', 'GET', '/v1/payment-intents/pi_2', false],
    ['GET /v1/payment-intents/pi_1', 'GET', '/v1/payment-intents/pi_1', true],
    ['* /v1/*', 'DELETE', '/v1/remittance', true],
    ['* /v1/*', 'GET', '/v1/remittance/x', false],
    ['GET *', 'GET', '/anything/at/all', true],
    ['GET *', 'POST', '/v1/remittance', false],
    ['* *', 'OPTIONS', '/v1/sessions', true],
  ])('%s on %s %s: %s', (route, method, path, expected) => {
    expect(routeMatcher(route)(method, path)).toBe(expected);
  });
});

describe('fault rules › times', () => {
  async function statuses(rule: Partial<FaultRuleInput>, count: number) {
    const { call, faults } = setupFaults();
    faults.inject({ route: REMITTANCES, kind: 'http_error', ...rule });
    const out: number[] = [];
    for (let i = 0; i < count; i += 1) out.push((await call('GET', '/v1/remittance')).status);
    return { out, faults };
  }

  it('hits one matching request by default, then the rule is spent but still listed', async () => {
    const { out, faults } = await statuses({}, 3);
    expect(out).toEqual([502, 200, 200]);
    expect(faults.rules()[0]?.remaining).toBe(0);
  });

  it('hits as many requests as times says', async () => {
    expect((await statuses({ times: 2 }, 4)).out).toEqual([502, 502, 200, 200]);
  });

  it('hits every request with times "always", until cleared', async () => {
    const { call, faults } = setupFaults();
    faults.inject({ route: REMITTANCES, kind: 'http_error', times: 'always' });
    for (let i = 0; i < 5; i += 1) expect((await call('GET', '/v1/remittance')).status).toBe(502);
    faults.clear();
    expect((await call('GET', '/v1/remittance')).status).toBe(200);
    expect(faults.rules()).toEqual([]);
    expect(faults.hits()).toEqual([]);
  });

  it('counts only requests its route matches', async () => {
    const { call, faults, newIntent } = setupFaults();
    faults.inject({ route: REMITTANCES, kind: 'http_error' });
    await newIntent();
    await call('GET', '/v1/remittance?page=2');
    expect(faults.hits()).toEqual([
      { rule: 1, kind: 'http_error', when: 'before', method: 'GET', path: '/v1/remittance' },
    ]);
  });
});

describe('fault rules › probability', () => {
  async function pattern(seed: number, probability = 0.5) {
    const { call, faults } = setupFaults();
    faults.inject({ route: REMITTANCES, kind: 'http_error', times: 'always', probability, seed });
    let out = '';
    for (let i = 0; i < 40; i += 1) out += (await call('GET', '/v1/remittance')).status === 502 ? 'x' : '.';
    return out;
  }

  it('is deterministic for a seed: the same requests fail on every run', async () => {
    const first = await pattern(42);
    expect(await pattern(42)).toBe(first);
    expect(first).toMatch(/x/);
    expect(first).toMatch(/\./);
  });

  it('draws another sequence with another seed', async () => {
    expect(await pattern(7)).not.toBe(await pattern(42));
  });

  it('hits about as often as asked', async () => {
    const hits = (await pattern(3, 0.25)).replace(/\./g, '').length;
    expect(hits).toBeGreaterThan(3);
    expect(hits).toBeLessThan(20);
  });

  it('never hits with probability 0', async () => {
    expect(await pattern(1, 0)).toBe('.'.repeat(40));
  });
});

describe('fault rules › order and phases', () => {
  it('applies the first matching rule of a phase, and one rule per phase', async () => {
    const { call, faults } = setupFaults();
    faults.inject([
      { route: REMITTANCES, kind: 'http_error', status: 503 },
      { route: '* *', kind: 'http_error', status: 500 },
      { route: REMITTANCES, kind: 'latency', ms: 1, when: 'after' },
    ]);
    expect((await call('GET', '/v1/remittance')).status).toBe(503);
    expect((await call('GET', '/v1/remittance')).status).toBe(500);
    expect((await call('GET', '/v1/remittance')).status).toBe(200);
    expect(faults.hits().map((hit) => hit.rule)).toEqual([1, 2, 3]);
  });

  it('never applies after-rules when a before-rule answered', async () => {
    const { call, faults } = setupFaults();
    faults.inject([
      { route: REMITTANCES, kind: 'http_error' },
      { route: REMITTANCES, kind: 'reset', when: 'after' },
    ]);
    expect((await call('GET', '/v1/remittance')).status).toBe(502);
    expect(faults.rules().map((rule) => rule.remaining)).toEqual([0, 1]);
  });
});

describe('createSandbox › faults', () => {
  it('has no fault control unless asked', () => {
    expect(createSandbox({ env: {} }).faults).toBeNull();
    expect(createSandbox({ env: { SANDBOX_FAULTS: '1' } }).faults).not.toBeNull();
    expect(createSandbox({ env: { SANDBOX_FAULTS: '1' }, faults: false }).faults).toBeNull();
  });
});
