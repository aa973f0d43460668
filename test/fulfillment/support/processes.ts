// Merchant's servers as real processes (support/merchant.ts) against a sandbox served over HTTP by
// the test, on real time: what the crash and claim tests kill (-9), stop (SIGSTOP) and continue.
import { serve } from '@hono/node-server';
import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll } from 'vitest';
import { createClient } from '../../../src/api';
import { createFulfillment, type FulfillmentStore } from '../../../src/fulfillment';
import { createSandbox } from '../../../src/sandbox';
import { REPO_ROOT } from '../../../src/server/paths';
import { numberFor } from '../../support/checkout-bed';

const TOKEN = 'sk_test_fulfil_child';

export interface Merchant {
  child: ChildProcess;
  /** Every line it printed, and the event ids of its EFFECT lines. */
  lines: string[];
  effects: string[];
  /** Resolves when the child printed a line starting with `prefix`. */
  next(prefix: string): Promise<string>;
  /** How many lines it printed that start with `prefix`. */
  count(prefix: string): number;
  kill(): Promise<void>;
}

/** A sandbox served for the file's tests (started before them, closed after): its address. */
export function servedSandbox(): { readonly api: string } {
  const served = { api: '' };
  let close: () => void = () => undefined;
  beforeAll(async () => {
    const sandbox = createSandbox({
      env: {},
      approvalMs: 300,
      confirmRateLimit: false,
      checkoutBaseUrl: 'http://checkout.test',
    });
    await new Promise<void>((resolve) => {
      const server = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
        served.api = `http://127.0.0.1:${info.port}`;
        resolve();
      });
      close = () => server.close();
    });
  });
  afterAll(() => close());
  return served;
}

export function startMerchant(api: string, env: Record<string, string>): Promise<Merchant> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fulfillment/support/merchant.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, API: api, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiting: { prefix: string; resolve: (line: string) => void }[] = [];
  const effects: string[] = [];
  const errors: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => errors.push(line));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    if (line.startsWith('EFFECT ')) effects.push(line.slice(7));
    for (const w of waiting.splice(0)) line.startsWith(w.prefix) ? w.resolve(line) : waiting.push(w);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const merchant: Merchant = {
    child,
    lines,
    effects,
    next: (prefix) =>
      new Promise((resolve, reject) => {
        const found = lines.find((l) => l.startsWith(prefix));
        if (found) return resolve(found);
        waiting.push({ prefix, resolve });
        void exited.then(() => reject(new Error(`the merchant exited before ${prefix}: ${errors.join('\n')}`)));
      }),
    count: (prefix) => lines.filter((line) => line.startsWith(prefix)).length,
    async kill() {
      // A stopped process is killed too (SIGKILL needs no SIGCONT).
      child.kill('SIGKILL');
      await exited;
    },
  };
  return merchant.next('READY').then(() => merchant);
}

/** Sessions the shop created and handed to fulfillment on `store` (not started here). */
export async function newPaidSessions(api: string, store: FulfillmentStore, count: number): Promise<string[]> {
  const client = createClient({ baseUrl: api, token: TOKEN });
  const handOver = createFulfillment({
    api: { baseUrl: api, token: TOKEN },
    store,
    handlers: { paid: () => undefined },
    pace: { idleMs: 100 },
  });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const items = [{ productId: 'prt_1', quantity: 1, price: 500, productName: 'Pagne' }];
    const session = await client.createSession({
      total: 500,
      currency: 'xaf',
      accountId: 'acct_1',
      successUrl: 'https://s.test/ok',
      cancelUrl: 'https://s.test/no',
      metadata: { order: `CMD-${i}` },
      items,
    });
    await handOver.follow({ ...session, expiresAt: session.expiresAt });
    ids.push(session.paymentIntentId);
  }
  return ids;
}

/** The payer confirms (then closes the tab). */
export async function pay(
  api: string,
  intentId: string,
  outcome: Parameters<typeof numberFor>[0] = 'approved_after_delay',
) {
  const client = createClient({ baseUrl: api, token: TOKEN });
  const intent = await client.getIntent(intentId);
  const n = numberFor(outcome);
  await client.confirmIntent(intentId, {
    client_secret: intent.client_secret,
    first_name: 'Awa',
    last_name: 'Nkoulou',
    receipt_email: 'awa@example.cg',
    payment_method_data: { type: 'momo', momo: { country: n.country, msisdn: n.msisdn, operator_name: n.operator } },
  });
}

export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const allDone = (store: FulfillmentStore, ids: string[]) => async () => {
  for (const id of ids) if ((await store.get(id))?.deliveries.paid !== 'done') return false;
  return true;
};
