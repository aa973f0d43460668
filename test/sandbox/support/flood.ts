// Run in a child process under a small heap (see bounds.test.ts): floods a sandbox at its default
// bounds with creations from many tokens, twice what it may hold (at the bound, the largest
// holders' oldest records make room), then checks that a payer's read of an intent made first by
// a token that holds little still works, and prints what it saw as one JSON line.
//   node --max-old-space-size=N --expose-gc --import tsx test/sandbox/support/flood.ts
import { createSandbox } from '../../../src/sandbox';

const sandbox = createSandbox({ env: {}, confirmRateLimit: false });
const send = (path: string, token: string | null, body?: unknown, key?: string) => {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key) headers['Idempotency-Key'] = key;
  return sandbox.fetch(
    new Request(`http://sandbox.test${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
};

const first = (await (
  await send('/v1/payment-intents', 'sk_test_bystander', { amount: 500, currency: 'xaf' })
).json()) as { intent_id: string };
const heavy = {
  amount: 5000,
  currency: 'xaf',
  description: 'Flood '.repeat(80),
  metadata: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`key${i}`, 'v'.repeat(400)])),
};
const statuses: Record<number, number> = {};
const heavyBytes = JSON.stringify(heavy).length;
for (let i = 0; i * heavyBytes < 2 * 64 * 2 ** 20; i += 1) {
  const status = (await send('/v1/payment-intents', `sk_test_flood_${i % 500}`, heavy, `k${i}`)).status;
  statuses[status] = (statuses[status] ?? 0) + 1;
  if (status !== 201 && status !== 503) throw new Error(`unexpected ${status}`);
}
const bystander = (await send(`/v1/payment-intents/${first.intent_id}`, null)).status;
globalThis.gc?.();
const { heapUsed } = process.memoryUsage();
console.log(
  JSON.stringify({ statuses, bystander, bytes: sandbox.stats().bytes, heapUsedMb: Math.round(heapUsed / 2 ** 20) }),
);
