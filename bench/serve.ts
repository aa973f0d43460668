// The server under load, in its own process (the load generator gets the other core): the whole
// server as `npm start` runs it, the sandbox at its defaults but without the confirm rate limit
// (one client sends every confirm here), and one token allowed the whole sandbox's room, since
// one token makes all the intents here. Creates `count` payable intents in process, writes them
// to `intentsFile`, then prints `READY <url>`.
//   node --import tsx bench/serve.ts <distDir> <intentsFile> <count>
import { writeFile } from 'node:fs/promises';
import { DEFAULT_STATE_LIMITS } from '../src/sandbox/store/usage';
import { startCheckoutServer } from '../src/server/checkout-server';
import { BENCH_TOKEN } from './fixtures';

const [distDir, intentsFile, countText] = process.argv.slice(2);
if (!distDir || !intentsFile || !countText) throw new Error('usage: serve.ts <distDir> <intentsFile> <count>');

const server = await startCheckoutServer({
  port: 0,
  distDir,
  sandboxOptions: { env: {}, confirmRateLimit: false, limits: { maxBytesPerToken: DEFAULT_STATE_LIMITS.maxBytes } },
});
const intents: { id: string; secret: string }[] = [];
for (let i = 0; i < Number(countText); i++) {
  const res = await server.fetch(
    new Request(`${server.url}/v1/payment-intents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${BENCH_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 5000, currency: 'xaf' }),
    }),
  );
  const body = (await res.json()) as { intent_id: string; client_secret: string };
  intents.push({ id: body.intent_id, secret: body.client_secret });
}
await writeFile(intentsFile, JSON.stringify(intents));
console.log(`READY ${server.url}`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
