// The sandbox alone, at its defaults (rate limits on, the default bounds, state in memory), served
// as `npm start` serves its API, in its own process for the flood (./flood.ts). Makes the
// bystander's intent, prints `READY <url> <intent id>`; on SIGTERM prints `HELD <bytes>` and exits.
//   node --import tsx bench/flood-serve.ts
import { serve } from '@hono/node-server';
import { createSandbox } from '../src/sandbox';

const sandbox = createSandbox({ env: {} });
const created = await sandbox.fetch(
  new Request('http://bench.test/v1/payment-intents', {
    method: 'POST',
    headers: { Authorization: 'Bearer sk_test_bystander', 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: 5000, currency: 'xaf', description: 'The bystander’s order' }),
  }),
);
const { intent_id: intentId } = (await created.json()) as { intent_id: string };
const server = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log(`READY http://127.0.0.1:${info.port} ${intentId}`));
process.on('SIGTERM', () => {
  console.log(`HELD ${sandbox.stats().bytes}`);
  server.close();
  process.exit(0);
});
