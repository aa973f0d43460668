// @vitest-environment node
// Every fault the sandbox can inject, on the confirm and on the status reads, with the checkout as
// it ships (its time limits and retries) on the fake clock: the service never records a second
// accepted confirm, one click sends one confirm, and every run ends on the true state of the
// payment — an error screen, even one with a way forward, is not the truth.
// Each fault meets every outcome of the payment, struck once, twice and three times in a row: the
// whole product, run by run. Everything runs on one fake clock, so a run is decided by those two
// choices alone (it once drew them from 100 seeds a fault: 3 200 runs, most of them repeats, for
// fewer cases than these 384).
import { describe, expect, it } from 'vitest';
import type { TestOutcome } from '../../src/phone';
import type { FaultRuleInput } from '../../src/sandbox/faults/rules';
import { createBed, numberFor } from '../support/checkout-bed';

const CONFIRM = 'POST /v1/payment-intents/:id/confirm';
const READ = 'GET /v1/payment-intents/:id';
const OUTCOMES: TestOutcome[] = ['approved_after_delay', 'approved_at_once', 'declined', 'operator_unavailable'];
/** How long the payer stays with the page, and how often they look at it and press what it offers. */
const PATIENCE_MS = 90_000;
const LOOK_EVERY_MS = 2_000;
/** How many answers in a row the fault strikes. */
const STRIKES = [1, 2, 3];

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

async function run(route: string, fault: Fault, outcome: TestOutcome, times: number) {
  const bed = createBed({ faults: true, confirmRateLimit: false });
  const { id, secret } = await bed.newIntent(5000);
  const model = await bed.open({ secret });
  const number = numberFor(outcome);
  model.setField('firstName', 'Awa');
  model.setField('lastName', 'Ndong');
  model.setField('email', 'awa@example.cg');
  model.setField('phone', number.national);
  bed.sandbox.faults!.inject({ ...fault, route, times });
  // Not awaited: after a lost answer the page looks again on its own clock, which the loop moves.
  let submitted = false;
  const submitting = model.submit().finally(() => (submitted = true));
  // The payer waits and, when the screen offers a way forward, takes it: a read or a reload,
  // never a new confirm (no screen but the form sends one).
  for (let waited = 0; waited < PATIENCE_MS; waited += LOOK_EVERY_MS) {
    await bed.time.advance(LOOK_EVERY_MS);
    const screen = model.screen.value;
    if (screen.name === 'error' && screen.recovery) model.retry();
  }
  bed.sandbox.faults!.clear();
  const truth = await bed.merchant.getIntent(id);
  const accepted = bed.sandbox.stats().confirms[id]?.accepted ?? 0;
  const screen = model.screen.value;
  model.dispose();
  await submitting;
  return { truth, accepted, confirmsSent: bed.confirms().length, screen, submitted };
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
    it.each(FAULTS)(
      `%s ${where}: never two accepted confirms, always the true state`,
      async (_, fault) => {
        for (const outcome of OUTCOMES) {
          for (const times of STRIKES) {
            const result = await run(route, fault, outcome, times);
            const context = `${outcome}, struck ${times}×: ${JSON.stringify(result.screen)}`;
            expect(result.accepted, context).toBeLessThanOrEqual(1);
            // One click on "pay": one confirm, whatever happened to it.
            expect(result.confirmsSent, context).toBe(1);
            expect(result.screen.name, context).toBe(trueScreen(result.truth));
            // The pay click has had its answer, whatever it was: nothing is left hanging.
            expect(result.submitted, context).toBe(true);
          }
        }
      },
      60_000,
    );
  }
});
