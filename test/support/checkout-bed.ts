// A sandbox and a checkout wired together without a network, on one fake clock.
import { createClient } from '../../src/api';
import type { ClientConfig } from '../../src/api/http';
import { type CheckoutOptions, createCheckout } from '../../src/checkout/model';
import { TEST_NUMBERS, type TestOutcome } from '../../src/phone';
import { createSandbox, type SandboxOptions } from '../../src/sandbox';
import { createFakeTime } from './fake-time';

export const BASE_URL = 'http://sandbox.test';
export const TOKEN = 'sk_test_checkout';

export function numberFor(outcome: TestOutcome, country = 'cg', operator = 'mtn') {
  const found = TEST_NUMBERS.find((n) => n.country === country && n.operator === operator && n.outcome === outcome);
  if (!found) throw new Error(`no test number for ${country}/${operator}/${outcome}`);
  return found;
}

export function createBed(sandboxOptions: SandboxOptions = {}) {
  const time = createFakeTime();
  const sandbox = createSandbox({ now: time.now, env: {}, ...sandboxOptions });
  /** Every request the checkout sends, for counting confirms and reads. */
  const requests: Request[] = [];
  let intercept: ((request: Request) => Promise<Response | undefined>) | undefined;
  const fetch = async (request: Request) => {
    requests.push(request.clone());
    return (await intercept?.(request)) ?? sandbox.fetch(request);
  };
  const api: ClientConfig = { baseUrl: BASE_URL, fetch };
  const merchant = createClient({ baseUrl: BASE_URL, token: TOKEN, fetch: sandbox.fetch });

  async function newIntent(amount = 5000) {
    const intent = await merchant.createIntent({ amount, currency: 'xaf' });
    return { id: intent.intent_id, secret: intent.client_secret ?? '' };
  }

  async function open(options: Partial<CheckoutOptions> & { secret: string }) {
    const model = createCheckout({ api, clientSecret: options.secret, env: time.env, ...options });
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
    intercept(handler: typeof intercept) {
      intercept = handler;
    },
  };
}
