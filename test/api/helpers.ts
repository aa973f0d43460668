// The client tests' common ground (client.test.ts, errors.test.ts): a client on an in-process
// sandbox with a clock of its own, and a payer's details.
import { createClient } from '../../src/api';
import { createSandbox } from '../../src/sandbox';
import { numberFor } from '../support/checkout-bed';

export const BASE = 'http://sandbox.test';
export const TOKEN = 'sk_test_client';

export function setup() {
  let now = Date.UTC(2026, 10, 2, 9);
  const sandbox = createSandbox({ now: () => now, env: {}, checkoutBaseUrl: BASE });
  const calls: Request[] = [];
  const fetch = (request: Request) => {
    calls.push(request);
    return sandbox.fetch(request);
  };
  return {
    merchant: createClient({ baseUrl: BASE, token: TOKEN, fetch }),
    browser: createClient({ baseUrl: BASE, fetch }),
    calls,
    advance: (ms: number) => (now += ms),
  };
}

export const momo = (outcome: Parameters<typeof numberFor>[0] = 'approved_after_delay') => ({
  type: 'momo' as const,
  momo: { country: 'cg', msisdn: numberFor(outcome).msisdn, operator_name: 'mtn' },
});

export const payer = { first_name: 'Awa', last_name: 'Ndong', receipt_email: 'awa@example.cm' };
