// A sandbox holding one key's 30 000 intents, served over HTTP on 127.0.0.1 in its own process,
// for the lists' load test (test/sandbox/lists.load.test.ts) and bench/lists.ts. The intents are
// written through the store into a state directory (each within the key's share, as a creation is
// held), then the sandbox starts on it as `npm start` does: the journal read back, the per-owner
// index rebuilt from it. The unrelated payer's intents are made through the API.
//   node --import tsx test/sandbox/support/lists-serve.ts <dataDir> <intents> <payerIntents> [listRateLimit: on|off]
// Prints `READY <url> <load ms> <JSON of the payer's intents>`; stops cleanly on SIGTERM.
import { serve } from '@hono/node-server';
import { createSandbox } from '../../../src/sandbox';
import { ownerOfToken } from '../../../src/sandbox/auth';
import { newIntent } from '../../../src/sandbox/intent-lifecycle';
import { Journal } from '../../../src/sandbox/persist/journal';
import { Store } from '../../../src/sandbox/store/store';
import { DEFAULT_STATE_LIMITS } from '../../../src/sandbox/store/usage';

import { BIG_TOKEN, PAYER_TOKEN } from './lists-load';
const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

const [dataDir, intents = '30000', payerIntents = '40', limit = 'off'] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: lists-serve.ts <dataDir> <intents> <payerIntents> [on|off]');

// The big key's intents, a millisecond apart, ending now.
const now = Date.now();
const count = Number(intents);
const store = new Store({ limits: DEFAULT_STATE_LIMITS, retentionMs: RETENTION_MS });
const journal = Journal.open(dataDir, store, now - count);
store.writeTo(journal);
const owner = ownerOfToken(BIG_TOKEN);
for (let i = 0; i < count; i += 1) {
  const at = now - count + i;
  const input = {
    owner,
    amount: 1000 + (i % 97) * 25,
    currency: 'XAF',
    description: `Commande n° ${100000 + i} — Boutique Awa`,
    metadata: { order_id: `A-${100000 + i}`, channel: 'web' },
  };
  store.write([{ kind: 'intent', record: newIntent(store, input, at) }], owner, 'token');
}
await journal.close();

const loadStart = performance.now();
const sandbox = createSandbox({
  dataDir,
  env: {},
  checkoutBaseUrl: 'http://checkout.test',
  listRateLimit: limit === 'on' ? undefined : false,
  approvalMs: 200,
});
const loadMs = Math.round(performance.now() - loadStart);

const made: { intent_id: string; client_secret: string }[] = [];
for (let i = 0; i < Number(payerIntents); i += 1) {
  const response = await sandbox.fetch(
    new Request('http://checkout.test/v1/payment-intents', {
      method: 'POST',
      headers: { Authorization: `Bearer ${PAYER_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 5000, currency: 'xaf', description: 'The unrelated payer’s order' }),
    }),
  );
  if (response.status !== 201) throw new Error(`the payer's intent was refused: ${response.status}`);
  made.push((await response.json()) as { intent_id: string; client_secret: string });
}

const server = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
  console.log(
    `READY http://127.0.0.1:${info.port} ${loadMs} ${JSON.stringify(made.map(({ intent_id, client_secret }) => ({ intent_id, client_secret })))}`,
  ),
);
process.on('SIGTERM', () => server.close(() => void sandbox.close().then(() => process.exit(0))));
