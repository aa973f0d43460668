// The sandbox alone, as `npm start` runs it (rate limits on, the default bounds, its state kept on
// disk in `dataDir`), serving its API in its own process for the flood (./flood.ts). Makes the
// bystander's intent, prints `READY <url> <intent id>`; on SIGTERM prints `HELD <bytes>` and exits.
//   node --import tsx bench/flood-serve.ts <dataDir>
import { serve } from '@hono/node-server';
import { createSandbox } from '../src/sandbox';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: flood-serve.ts <dataDir>');
const sandbox = createSandbox({ env: {}, dataDir });
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
