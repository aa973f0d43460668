// A sandbox and a checkout wired together without a network, on one fake clock.
import { createClient } from '../../src/api';
import type { ClientConfig } from '../../src/api/http';
import { type CheckoutOptions, createCheckout } from '../../src/checkout/model';
import { RIGHT_CODE } from '../../src/methods/momo/steps/enter_otp.sandbox';
import { TEST_NUMBERS, type TestOutcome } from '../../src/phone';
import { createSandbox, type SandboxOptions } from '../../src/sandbox';
import { createFakeTime } from './fake-time';
import { codeAnswer } from '../../src/methods/momo/steps/enter_otp';

export const BASE_URL = 'http://sandbox.test';
export const TOKEN = 'sk_test_checkout';

export function numberFor(outcome: TestOutcome, country = 'cg', operator = 'mtn') {
  const found = TEST_NUMBERS.find((n) => n.country === country && n.operator === operator && n.outcome === outcome);
  if (!found) throw new Error(`no test number for ${country}/${operator}/${outcome}`);
  return found;
}

interface Exchange {
  method: string;
  path: string;
  /** How many faults the sandbox had applied when this request went out. */
  hitsBefore: number;
  answered: Promise<unknown>;
}

export function createBed(sandboxOptions: SandboxOptions = {}) {
  const time = createFakeTime();
  const sandbox = createSandbox({ now: time.now, env: {}, checkoutBaseUrl: BASE_URL, ...sandboxOptions });
  /** Every request the checkout sends, for counting confirms and reads. */
  const requests: Request[] = [];
  let intercept: ((request: Request) => Promise<Response | undefined>) | undefined;
  const underway = new Set<Exchange>();

  // The answer is read whole here, so that an exchange ends when its last byte has come: a
  // connection that breaks mid-answer fails the fetch, as it does over a socket.
  async function exchange(request: Request): Promise<Response> {
    const response = (await intercept?.(request)) ?? (await sandbox.fetch(request));
    const body = response.status === 204 || response.status === 304 ? null : await response.arrayBuffer();
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  const fetch = (request: Request) => {
    requests.push(request.clone());
    const answer = exchange(request);
    const entry: Exchange = {
      method: request.method,
      path: new URL(request.url).pathname,
      hitsBefore: sandbox.faults?.hits().length ?? 0,
      answered: answer.catch(() => {}),
    };
    underway.add(entry);
    void entry.answered.then(() => underway.delete(entry));
    return answer;
  };

  /** A request the sandbox holds with a `hang` fault: it ends only when the checkout gives up. */
  const held = (entry: Exchange) =>
    (sandbox.faults?.hits().slice(entry.hitsBefore) ?? []).some(
      (hit) => hit.kind === 'hang' && hit.method === entry.method && hit.path === entry.path,
    );

  // Faults run some of their work on the machine's own timers (a latency, a connection that
  // breaks): a settled moment waits for those answers, not for time to pass. (Only the sandbox's
  // faults do: a test's own intercepts may wait on the fake clock.)
  const answersUnderWay = async () => {
    for (;;) {
      const waiting = [...underway].filter((entry) => !held(entry));
      if (waiting.length === 0) return;
      await Promise.race(waiting.map((entry) => entry.answered));
    }
  };
  if (sandbox.faults) time.alsoWaitFor(answersUnderWay);

  const api: ClientConfig = { baseUrl: BASE_URL, fetch, clock: time.clock };
  const merchant = createClient({ baseUrl: BASE_URL, token: TOKEN, fetch: sandbox.fetch });

  async function newIntent(amount = 5000) {
    const intent = await merchant.createIntent({ amount, currency: 'xaf' });
    return { id: intent.intent_id, secret: intent.client_secret ?? '' };
  }

  async function open(options: Partial<CheckoutOptions> & { secret: string }) {
    const model = createCheckout({ api, clientSecret: options.secret, page: null, ...options });
    model.start();
    await time.settle();
    return model;
  }

  /** Fills the form as a payer would, with a sandbox test number. */
  function fill(model: ReturnType<typeof createCheckout>, outcome: TestOutcome, country = 'cg', operator = 'mtn') {
    const number = numberFor(outcome, country, operator);
    model.setField('firstName', 'Élodie');
    model.setField('lastName', "N'Goma-Mbemba");
    model.setField('email', 'elodie@example.cg');
    model.setField('country', country);
    model.setField('phone', number.national);
    return number;
  }

  /**
   * A payer of `country` paying 5 000 F CFA (an intent of its own) with `operator`'s test number for
   * `outcome`: the model once the confirm is answered, its attempt at its first step.
   */
  async function startAttempt(
    country: string,
    operator: string,
    outcome: TestOutcome = 'approved_after_delay',
    options: Partial<CheckoutOptions> = {},
  ) {
    const intent = await merchant.createIntent({ amount: 5000, currency: 'xof' });
    const model = await open({ secret: intent.client_secret ?? '', defaultCountry: country, ...options });
    fill(model, outcome, country, operator);
    // Chosen by the payer where the number does not name it (Wave, which takes any network's numbers).
    if (model.values.value.operator !== operator) model.setField('operator', operator);
    await model.submit();
    await time.settle();
    return model;
  }

  /** The payer's part of an attempt that waits for them: the test code, or Approve in the wallet page. */
  async function approve(model: ReturnType<typeof createCheckout>) {
    const screen = model.screen.value;
    const step = screen.name === 'pending' ? screen.attempt.step : null;
    const url = step?.type === 'step' && step.name === 'open_wallet' ? (step.detail.url as string) : null;
    if (step?.type === 'step' && step.name === 'enter_otp') await model.answerStep(codeAnswer(RIGHT_CODE));
    else if (url) {
      const form = new URLSearchParams({ answer: 'approve' });
      await sandbox.fetch(
        new Request(url, {
          method: 'POST',
          body: form,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      );
      await model.checkNow();
    }
    await time.settle();
  }

  const confirms = () => requests.filter((r) => r.method === 'POST' && r.url.endsWith('/confirm'));
  const reads = () => requests.filter((r) => r.method === 'GET' && r.url.includes('/v1/payment-intents/'));

  return {
    time,
    sandbox,
    merchant,
    api,
    requests,
    confirms,
    reads,
    newIntent,
    open,
    fill,
    startAttempt,
    approve,
    intercept(handler: typeof intercept) {
      intercept = handler;
    },
  };
}
