// Fulfillment with 10 000 open payments (issue 21): its memory and its request rate, on real time.
//   node --expose-gc --import tsx bench/fulfillment.ts [payments] [seconds]
// An in-process sandbox holds 10 000 checkout sessions; fulfillment on its file store (fsync on)
// follows them at its defaults but for the rate (100 reads/s) and the concurrency (16). A fifth of
// the payers approve at once; the rest never pay. Halfway through, the service is down for 20 s.
// Every second it samples the reads made, the heap and the payments told paid; each read's time
// gives the most in any one second. A run of 10 000 writes bench/fulfillment.results.json and
// docs/fulfillment.md's table (bench/fulfillment-figures.ts); any run exits 1 over its budgets.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../src/api';
import { createFulfillment, fileStore } from '../src/fulfillment';
import { TEST_NUMBERS } from '../src/phone';
import { createSandbox } from '../src/sandbox';
import {
  type FulfillmentResults,
  type FulfillmentSample,
  FULFILLMENT_BLOCK,
  overBudget,
  withFulfillmentFigures,
} from './fulfillment-figures';

const PAYMENTS = Number(process.argv[2] ?? 10_000);
const SECONDS = Number(process.argv[3] ?? 120);
const RATE = 100;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const heapMb = () => {
  gc();
  return Math.round((process.memoryUsage().heapUsed / 2 ** 20) * 10) / 10;
};

const sandbox = createSandbox({
  env: {},
  approvalMs: 2000,
  confirmRateLimit: false,
  checkoutBaseUrl: 'http://checkout.test',
  limits: { maxBytes: 512 * 2 ** 20, maxBytesPerToken: 512 * 2 ** 20 },
});
let down = false;
let reads = 0;
/** When each read of fulfillment left (ms). */
const readAt: number[] = [];
let counting = false;
const fetch = async (request: Request) => {
  reads += 1;
  if (counting) readAt.push(Date.now());
  if (down) throw new TypeError('fetch failed');
  return sandbox.fetch(request);
};
const api = { baseUrl: 'http://sandbox.bench', token: 'sk_test_bench', fetch };
const merchant = createClient(api);
const dir = mkdtempSync(join(tmpdir(), 'momo-bench-fulfil-'));
let paid = 0;
const fulfillment = createFulfillment({
  api,
  store: fileStore(dir),
  handlers: {
    paid: () => {
      paid += 1;
    },
  },
  maxRequestsPerSecond: RATE,
  concurrency: 16,
});

const number = TEST_NUMBERS.find((n) => n.country === 'cg' && n.operator === 'mtn' && n.outcome === 'approved_at_once');
if (!number) throw new Error('no test number');
const items = [{ productId: 'prt_bench', quantity: 1, price: 500, productName: 'Pagne' }];
const heapBefore = heapMb();
const started = Date.now();
let payers = 0;
for (let i = 0; i < PAYMENTS; i++) {
  const session = await merchant.createSession({
    total: 500,
    currency: 'xaf',
    accountId: 'acct_bench',
    successUrl: 'https://s.test/ok',
    cancelUrl: 'https://s.test/no',
    metadata: { order: `B-${i}` },
    items,
  });
  await fulfillment.follow(session);
  if (i % 5 === 0) {
    const intent = await merchant.getIntent(session.paymentIntentId);
    await merchant.confirmIntent(session.paymentIntentId, {
      client_secret: intent.client_secret,
      first_name: 'Awa',
      last_name: 'Nkoulou',
      receipt_email: 'awa@example.cg',
      payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: number.msisdn, operator_name: 'mtn' } },
    });
    payers += 1;
  }
}
const followSeconds = (Date.now() - started) / 1000;
const heapFollowed = heapMb();
reads = 0;
counting = true;
fulfillment.start();
const samples: FulfillmentSample[] = [];
for (let second = 1; second <= SECONDS; second++) {
  down = second > SECONDS / 2 && second <= SECONDS / 2 + 20;
  const before = reads;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  samples.push({ second, reads: reads - before, heapMb: second % 10 === 0 ? heapMb() : null, paid, down });
}
await fulfillment.stop();
rmSync(dir, { recursive: true, force: true });

const up = samples.filter((s) => !s.down);
const downSamples = samples.filter((s) => s.down);
const heaps = samples.map((s) => s.heapMb).filter((h) => h !== null);
/** The most reads in any window of one second. */
let maxInSecond = 0;
for (let i = 0, j = 0; i < readAt.length; i++) {
  while ((readAt[i] as number) - (readAt[j] as number) >= 1000) j++;
  maxInSecond = Math.max(maxInSecond, i - j + 1);
}
const result: Omit<FulfillmentResults, 'samples'> = {
  payments: PAYMENTS,
  payers,
  seconds: SECONDS,
  maxRequestsPerSecond: RATE,
  follow: { seconds: Math.round(followSeconds * 10) / 10, perSecond: Math.round(PAYMENTS / followSeconds) },
  readsPerSecond: {
    max: maxInSecond,
    mean: Math.round(up.reduce((a, s) => a + s.reads, 0) / up.length),
  },
  whileDown: { seconds: downSamples.length, reads: downSamples.reduce((a, s) => a + s.reads, 0) },
  paidTold: paid,
  heapMb: {
    beforeSessions: heapBefore,
    afterFollowing: heapFollowed,
    duringMin: Math.min(...heaps),
    duringMax: Math.max(...heaps),
  },
  node: process.version,
  at: new Date().toISOString(),
};
console.log(JSON.stringify(result, null, 2));
const results: FulfillmentResults = { ...result, samples };
if (PAYMENTS === 10_000) {
  writeFileSync(new URL('./fulfillment.results.json', import.meta.url), `${JSON.stringify(results, null, 1)}\n`);
  const doc = new URL(`../${FULFILLMENT_BLOCK.file}`, import.meta.url);
  writeFileSync(doc, withFulfillmentFigures(readFileSync(doc, 'utf8'), results));
}
const over = overBudget(results);
for (const line of over) console.error(`over budget: ${line}`);
process.exitCode = over.length ? 1 : 0;
