// @vitest-environment node
// Every fault the sandbox can inject, on the confirm and on the status reads, 100 runs each:
// the service never records a second accepted confirm for one attempt, and the checkout always
// ends on the true state of the payment (or on a screen that says so and offers a way forward).
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { createCheckout } from '../../src/checkout/model';
import type { TestOutcome } from '../../src/phone';
import { createSandbox } from '../../src/sandbox';
import type { FaultRuleInput } from '../../src/sandbox/faults/rules';
import { BASE_URL, numberFor, TOKEN } from '../support/checkout-bed';
import { createFakeTime } from '../support/fake-time';

const RUNS = 100;
const CONFIRM = 'POST /v1/payment-intents/:id/confirm';
const READ = 'GET /v1/payment-intents/:id';
const OUTCOMES: TestOutcome[] = ['approved_after_delay', 'approved_at_once', 'declined', 'operator_unavailable'];

type Fault = Omit<FaultRuleInput, 'route'>;
const FAULTS: [string, Fault][] = [
  ['latency before', { kind: 'latency', ms: 5, when: 'before' }],
  ['latency after', { kind: 'latency', ms: 5, when: 'after' }],
  ['HTTP 500 before', { kind: 'http_error', status: 500, when: 'before' }],
  ['HTTP 502 after', { kind: 'http_error', status: 502, when: 'after' }],
  ['HTTP 503 before', { kind: 'http_error', status: 503, when: 'before' }],
  ['HTTP 503 after', { kind: 'http_error', status: 503, when: 'after' }],
  ['reset before', { kind: 'reset', when: 'before' }],
  ['reset after', { kind: 'reset', when: 'after' }],
  ['hang before', { kind: 'hang', when: 'before' }],
  ['hang after', { kind: 'hang', when: 'after' }],
  ['truncated JSON', { kind: 'truncated_json', when: 'after' }],
  ['non-JSON before', { kind: 'non_json', when: 'before' }],
  ['non-JSON after', { kind: 'non_json', when: 'after' }],
  ['wrong shape before', { kind: 'wrong_shape', when: 'before' }],
  ['wrong shape after', { kind: 'wrong_shape', when: 'after' }],
  ['unknown status', { kind: 'unknown_status', value: 'weird', when: 'after' }],
];

/** A small seeded generator, so a failing run can be replayed. */
function random(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

async function run(route: string, fault: Fault, seed: number) {
  const rand = random(seed);
  const time = createFakeTime();
  const sandbox = createSandbox({ now: time.now, env: {}, faults: true, confirmRateLimit: false });
  const merchant = createClient({ baseUrl: BASE_URL, token: TOKEN, fetch: sandbox.fetch });
  const created = await merchant.createIntent({ amount: 1000 + seed, currency: 'xaf' });
  // A short time limit stands in for the payer's patience when an answer hangs.
  let confirmsSent = 0;
  const fetch = (request: Request) => {
    if (request.method === 'POST' && request.url.endsWith('/confirm')) confirmsSent++;
    return sandbox.fetch(request);
  };
  const model = createCheckout({ api: { baseUrl: BASE_URL, fetch, timeoutMs: 10, readRetries: 0 }, clientSecret: created.client_secret!, env: time.env });
  model.start();
  await time.settle();
  const outcome = OUTCOMES[Math.floor(rand() * OUTCOMES.length)]!;
  const number = numberFor(outcome);
  model.setField('firstName', 'Awa');
  model.setField('lastName', 'Ndong');
  model.setField('email', 'awa@example.cg');
  model.setField('phone', number.national);
  sandbox.faults.inject({ ...fault, route, times: 1 + Math.floor(rand() * 2) });
  // Not awaited: after a lost answer the page looks again on its own clock, which the loop moves.
  const submitting = model.submit();
  // The payer waits, and presses what the screen offers (a read, never a new confirm). Slow and
  // hanging answers run on the real clock (the client's time limit is real): let it pass too.
  // A reset body fails on the runtime's own timer, so every step lets a little real time pass.
  const realWait = fault.kind === 'hang' ? 15 : fault.kind === 'latency' ? 20 : 2;
  for (let step = 0; step < 6; step++) {
    await new Promise((resolve) => setTimeout(resolve, realWait));
    await time.advance(3000);
    const screen = model.screen.value;
    if (screen.name === 'error' && screen.recovery === 'check') await model.checkNow();
  }
  await time.advance(10_000);
  await submitting;
  sandbox.faults.clear();
  const truth = await merchant.getIntent(created.intent_id);
  const accepted = sandbox.stats().confirms[created.intent_id]?.accepted ?? 0;
  const screen = model.screen.value;
  model.dispose();
  return { truth, accepted, confirmsSent, screen, outcome };
}

/** The screen that tells the truth about an intent that has settled. */
function trueScreen(truth: Awaited<ReturnType<typeof run>>['truth']): string {
  if (truth.status === 'succeeded') return 'succeeded';
  if (truth.status === 'requires_payment_method') return truth.event.charges.length > 0 ? 'failed' : 'form';
  return truth.status;
}

describe('checkout under faults', () => {
  for (const [route, where] of [
    [CONFIRM, 'on the confirm'],
    [READ, 'on the status reads'],
  ] as const) {
    it.each(FAULTS)(`%s ${where}: never two accepted confirms, always the true state (100 runs)`, async (_, fault) => {
      const seen = new Map<string, number>();
      for (let seed = 1; seed <= RUNS; seed++) {
        const result = await run(route, fault, seed);
        expect(result.accepted, `seed ${seed}`).toBeLessThanOrEqual(1);
        // One click on "pay": one confirm, whatever happened to it.
        expect(result.confirmsSent, `seed ${seed}`).toBe(1);
        const truth = trueScreen(result.truth);
        const screen = result.screen.name;
        // A read that failed at load leaves an error screen whose button reads again.
        const honest = screen === truth || (screen === 'error' && result.screen.name === 'error' && result.screen.recovery !== null);
        expect(honest, `seed ${seed}: screen ${screen}, truth ${truth} (${result.outcome})`).toBe(true);
        seen.set(`${screen}/${truth}`, (seen.get(`${screen}/${truth}`) ?? 0) + 1);
      }
      // Most runs must end on the true state itself, not on an error screen.
      const onTruth = [...seen].filter(([key]) => key.split('/')[0] === key.split('/')[1]).reduce((sum, [, n]) => sum + n, 0);
      expect(onTruth).toBeGreaterThanOrEqual(RUNS * 0.9);
    }, 120_000);
  }
});
