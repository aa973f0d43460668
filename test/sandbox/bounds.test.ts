// @vitest-environment node
// What the sandbox may hold: per merchant token and in all, in bytes of its records. At the bound
// a creation answers 503 in the error shape instead of the process running out of memory (50 000
// intents took 1.5 GB; under a 256 MB heap the process died after 19 016, losing every payment);
// what expires is forgotten and its room given back.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { paymentIntentSchema } from '../../src/api/schemas';
import { REPO_ROOT } from '../../src/server/paths';
import { DEFAULT_STATE_LIMITS } from '../../src/sandbox/store/usage';
import { expectError, expectJson, setup, testNumber } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const LIMITS = { maxBytes: 16 * 1024, maxBytesPerToken: 4 * 1024 };
const intentBody = { amount: 1000, currency: 'xaf', metadata: { order: 'A-17' } };

/** Creates intents with `token` until the sandbox refuses one; returns those it made. */
async function fill(call: ReturnType<typeof setup>['call'], token: string) {
  const made: { intent_id: string; client_secret: string }[] = [];
  for (;;) {
    const response = await call('POST', '/v1/payment-intents', { token, body: intentBody });
    if (response.status !== 201) return { made, refused: response };
    made.push(await expectJson(response, 201, paymentIntentSchema));
  }
}

describe('bounds of what the sandbox holds', () => {
  it('refuses a token past its share with 503 capacity_exceeded; other tokens go on, and its intents can still be paid', async () => {
    const { call, confirm, sandbox } = setup({ limits: LIMITS });
    const { made, refused } = await fill(call, 'sk_test_greedy');
    expect(made.length).toBeGreaterThan(3);
    const error = await expectError(refused, 503, 'capacity_exceeded');
    expect(error.message).toBe("This secret key's records fill its share of the sandbox (0 MiB); they are forgotten as they expire.".replace('0 MiB', `${Math.round((LIMITS.maxBytesPerToken / 2 ** 20) * 10) / 10} MiB`));
    expect((await call('POST', '/v1/payment-intents', { token: 'sk_test_modest', body: intentBody })).status).toBe(201);
    expect((await confirm(made[0] as { intent_id: string; client_secret: string }, testNumber('approved_at_once'))).status).toBe(200);
    expect(sandbox.stats().bytes).toBeLessThanOrEqual(LIMITS.maxBytes);
  });

  it('refuses everyone once the whole sandbox is full, with 503 in the error shape', async () => {
    const { call, sandbox } = setup({ limits: LIMITS });
    for (let i = 0; i < 5; i += 1) await fill(call, `sk_test_merchant_${i}`);
    await expectError(await call('POST', '/v1/payment-intents', { token: 'sk_test_newcomer', body: intentBody }), 503, 'capacity_exceeded');
    await expectError(await call('POST', '/v1/remittance', { token: 'sk_test_newcomer', body: { amount: 5, first_name: 'A', last_name: 'B', currency: 'xaf', payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: testNumber('approved_at_once').msisdn, operator_name: 'mtn' } } } }), 503, 'capacity_exceeded');
    expect(sandbox.stats().bytes).toBeLessThanOrEqual(LIMITS.maxBytes);
  });

  it('forgets records 7 days after their last activity and gives their room back', async () => {
    const { call, clock, readIntent, sandbox, confirm } = setup({ limits: LIMITS });
    const { made } = await fill(call, 'sk_test_greedy');
    const [old, paid] = made as [{ intent_id: string; client_secret: string }, { intent_id: string; client_secret: string }];
    clock.advance(3 * DAY_MS);
    expect((await confirm(paid, testNumber('approved_at_once'))).status).toBe(200);
    clock.advance(4 * DAY_MS);
    await expectError(await call('GET', `/v1/payment-intents/${old.intent_id}`, { token: null }), 404, 'not_found');
    // The intent paid three days in lives on until 7 days after its payment.
    expect((await readIntent(paid.intent_id)).status).toBe('succeeded');
    expect((await call('POST', '/v1/payment-intents', { token: 'sk_test_greedy', body: intentBody })).status).toBe(201);
    clock.advance(3 * DAY_MS);
    await expectError(await call('GET', `/v1/payment-intents/${paid.intent_id}`, { token: null }), 404, 'not_found');
    expect(sandbox.stats()).toMatchObject({ intents: 1 });
  });

  it('forgets Idempotency-Key answers after a day', async () => {
    const { call, clock, sandbox } = setup();
    const headers = { 'Idempotency-Key': 'order-1' };
    await call('POST', '/v1/payment-intents', { body: intentBody, headers });
    const withAnswer = sandbox.stats().bytes;
    clock.advance(DAY_MS);
    const again = await call('POST', '/v1/payment-intents', { body: { ...intentBody, amount: 2000 }, headers });
    expect(again.status).toBe(201);
    expect(sandbox.stats().bytes).toBeLessThan(2 * withAnswer);
  });

  it('keeps a flood at its default bound within a 160 MB heap: 503s, no crash, a payer’s read still answered', () => {
    const output = execFileSync(process.execPath, ['--max-old-space-size=160', '--expose-gc', '--import', 'tsx', 'test/sandbox/support/flood.ts'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const seen = JSON.parse(output.trim().split('\n').at(-1) as string) as { statuses: Record<string, number>; bystander: number; bytes: number; heapUsedMb: number };
    expect(seen.statuses['201']).toBeGreaterThan(1000);
    expect(seen.statuses['503']).toBe(200);
    expect(seen.bystander).toBe(200);
    // The bound, plus at most the one Idempotency-Key answer stored after the last creation it let in.
    expect(seen.bytes).toBeLessThanOrEqual(DEFAULT_STATE_LIMITS.maxBytes + 40 * 1024);
    expect(seen.heapUsedMb).toBeLessThan(160);
  }, 150_000);
});
