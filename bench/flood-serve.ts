// The sandbox as the packaged command serves it (rate limits on, the default bounds, its state kept
// on disk in `dataDir`), in its own process for the flood (./flood.ts), which only calls its API.
// Makes the bystander's intent, prints `READY <url> <intent id>`; on SIGTERM prints `HELD <bytes>`
// and exits.
//   node --import tsx bench/flood-serve.ts <dataDir>
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandboxServer } from '../src/server/sandbox-server';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: flood-serve.ts <dataDir>');
// No build: the flood asks for no page, so an empty folder stands for dist/.
const distDir = await mkdtemp(join(tmpdir(), 'momo-flood-dist-'));
const server = await startSandboxServer({ port: 0, host: '127.0.0.1', distDir, sandboxOptions: { env: {}, dataDir } });
const created = await server.fetch(
  new Request(`${server.url}/v1/payment-intents`, {
    method: 'POST',
    headers: { Authorization: 'Bearer sk_test_bystander', 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: 5000, currency: 'xaf', description: 'The bystander’s order' }),
  }),
);
const { intent_id: intentId } = (await created.json()) as { intent_id: string };
console.log(`READY ${server.url} ${intentId}`);
process.on('SIGTERM', () => {
  console.log(`HELD ${server.sandbox.stats().bytes}`);
  void server.close();
  rmSync(distDir, { recursive: true, force: true });
  process.exit(0);
});
