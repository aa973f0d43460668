// A sandbox on a fake clock, a merchant client and fulfillments on a file store in a temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { type Client, createClient } from '../../../src/api';
import type { ConfirmRequest } from '../../../src/api/types';
import {
  createFulfillment,
  fileStore,
  type FulfillmentEvent,
  type FulfillmentOptions,
  type Handlers,
} from '../../../src/fulfillment';
import { createSandbox, type SandboxOptions } from '../../../src/sandbox';
import { numberFor } from '../../support/checkout-bed';
import { createFakeTime } from '../../support/fake-time';

export const BASE = 'http://sandbox.test';
export const TOKEN = 'sk_test_fulfil';
export const START = Date.UTC(2026, 10, 2, 9);

export function bed(sandboxOptions: SandboxOptions = {}) {
  // One fake clock: `advance` moves its time alone (a moment between two passes), `advanceTimers`
  // also runs the timers that fall due (the loop, the rate's waits, a claim's renewal).
  const time = createFakeTime(START);
  const now = time.now;
  const sandbox = createSandbox({
    now,
    env: {},
    checkoutBaseUrl: BASE,
    confirmRateLimit: false,
    ...sandboxOptions,
  });
  const reads: string[] = [];
  let down = false;
  /** A proxy in front of the service answers its own HTML 404 (as during a deploy). */
  let proxy404 = false;
  const fetch = async (request: Request) => {
    reads.push(`${request.method} ${new URL(request.url).pathname}`);
    if (down) throw new TypeError('fetch failed');
    if (proxy404)
      return new Response('<html><body><h1>404 Not Found</h1><hr>nginx</body></html>', {
        status: 404,
        headers: { 'content-type': 'text/html' },
      });
    return sandbox.fetch(request);
  };
  const merchant = createClient({ baseUrl: BASE, token: TOKEN, fetch });
  const dir = mkdtempSync(join(tmpdir(), 'momo-fulfil-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const calls: FulfillmentEvent[] = [];
  const record = (event: FulfillmentEvent) => {
    calls.push(event);
  };

  /** The file store the fulfillments share (each a store of its own on the one directory; stores read no clock). */
  const store = () => fileStore(dir, { rescanMs: 0, sync: false });

  function fulfillment(options: Partial<Omit<FulfillmentOptions, 'handlers'>> & { handlers?: Partial<Handlers> } = {}) {
    return createFulfillment({
      api: { baseUrl: BASE, token: TOKEN, fetch },
      store: store(),
      clock: time.clock,
      // No wait for the rate unless a test sets one (and then moves time with advanceTimers).
      maxRequestsPerSecond: Number.POSITIVE_INFINITY,
      ...options,
      handlers: { paid: record, failed: record, expired: record, overdue: record, lost: record, ...options.handlers },
    });
  }

  const items = [{ productId: 'prt_1', quantity: 1, price: 700, productName: 'Pagne' }];
  const newSession = (order: string) =>
    merchant.createSession({
      total: 700,
      currency: 'xaf',
      accountId: 'acct_1',
      successUrl: 'https://shop.test/ok',
      cancelUrl: 'https://shop.test/no',
      metadata: { order },
      items,
    });

  /** The payer confirms on the hosted page (then closes the tab: nobody comes back); `shop`: the merchant whose payment it is. */
  async function pay(
    intentId: string,
    outcome: Parameters<typeof numberFor>[0] = 'approved_after_delay',
    shop: Client = merchant,
  ) {
    const intent = await shop.getIntent(intentId);
    const number = numberFor(outcome);
    const body: ConfirmRequest = {
      client_secret: intent.client_secret,
      first_name: 'Awa',
      last_name: 'Nkoulou',
      receipt_email: 'awa@example.cg',
      payment_method_data: {
        type: 'momo',
        momo: { country: number.country, msisdn: number.msisdn, operator_name: number.operator },
      },
    };
    return shop.confirmIntent(intentId, body);
  }

  return {
    sandbox,
    merchant,
    dir,
    calls,
    reads,
    fulfillment,
    newSession,
    pay,
    advance: (ms: number) => time.skip(ms),
    advanceTimers: (ms: number) => time.advance(ms),
    time,
    store,
    clock: time.clock,
    now,
    setDown: (value: boolean) => (down = value),
    setProxy404: (value: boolean) => (proxy404 = value),
    fetch,
  };
}

/** Runs passes until nothing is left to take at this instant. */
export async function drain(...fulfillments: { runOnce(): Promise<number> }[]): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const taken = await Promise.all(fulfillments.map((f) => f.runOnce()));
    if (taken.every((n) => n === 0)) return;
  }
  throw new Error('still taking payments after 100 passes');
}

/** Resolves once `check` holds: waits for something under way (a file written), never for a time. */
export async function until(check: () => boolean, what: string): Promise<void> {
  // The bound only turns a hang into a failure that names what never came.
  for (let i = 0; i < 100_000; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error(`never: ${what}`);
}
