// `npm start` (after the build) and `npm run dev`: one port for the API, the hosted page, the
// widget and the demo shop.
//   --port N (or PORT; default 3000), --host [ADDR] (or HOST; default 127.0.0.1; alone: 0.0.0.0),
//   --data DIR | --memory: the sandbox's state (./command-line.ts); npm run sandbox:wipe forgets it
//   --dev: Vite in front, with hot reload
//   MOMO_API_BASE + MOMO_SECRET_KEY: the demo merchant talks to that service instead of the sandbox
//   MOMO_CHECKOUT_API_ORIGIN: where the hosted page's and widget.js's API calls go (default: this server)
//   MOMO_PUBLIC_URL: where payers reach this server, for session urls and the demo's return
//     addresses (default http://localhost:PORT); never taken from a request's Host
//   DEMO_WEBHOOK_FAULTS: delivery faults the sandbox plays on the demo shop's webhook endpoint,
//     comma-separated (duplicate, late, out_of_order, fail_then_succeed, bad_signature)
import type { WebhookFault } from '../api';
import { WEBHOOK_FAULTS } from '../api/schemas/webhook-endpoints';
import { startBanner } from './banner';
import { startCheckoutServer } from './checkout-server';
import { readServerArgs } from './command-line';
import { stopOnSignals } from './signals';

function fail(message: string): never {
  console.error(`momo-checkout: ${message}`);
  process.exit(1);
}

let args: ReturnType<typeof readServerArgs<'dev'>>;
try {
  args = readServerArgs(process.argv.slice(2), process.env, { defaultPort: 3000, switches: ['dev'] });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { port, host, dataDir } = args;
const dev = args.switches.has('dev');

const apiBase = process.env.MOMO_API_BASE || undefined;
const secretKey = process.env.MOMO_SECRET_KEY || undefined;
if (apiBase && !secretKey) fail('MOMO_API_BASE is set but MOMO_SECRET_KEY is not: the demo needs both.');

const demoWebhookFaults = (process.env.DEMO_WEBHOOK_FAULTS ?? '')
  .split(',')
  .map((fault) => fault.trim())
  .filter((fault) => fault !== '');
for (const fault of demoWebhookFaults)
  if (!(WEBHOOK_FAULTS as readonly string[]).includes(fault))
    fail(`DEMO_WEBHOOK_FAULTS: no fault "${fault}" (the faults: ${WEBHOOK_FAULTS.join(', ')}).`);

const reachedAsLocalhost = host === '127.0.0.1' || host === '0.0.0.0' || host === '::';
const publicUrl =
  process.env.MOMO_PUBLIC_URL || (reachedAsLocalhost && port !== 0 ? `http://localhost:${port}` : undefined);

let server: Awaited<ReturnType<typeof startCheckoutServer>>;
try {
  server = await startCheckoutServer({
    port,
    host,
    dev,
    publicUrl,
    sandboxOptions: dataDir === null ? {} : { dataDir },
    apiOrigin: process.env.MOMO_CHECKOUT_API_ORIGIN || undefined,
    demoApi: apiBase && secretKey ? { baseUrl: apiBase, secretKey } : undefined,
    demoWebhookFaults: demoWebhookFaults as WebhookFault[],
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

// Ready to stop cleanly before it says it listens: whoever waits for that line may stop it at once.
stopOnSignals('momo-checkout', server);
console.log(startBanner({ dev, url: server.url, base: publicUrl ?? server.url, apiBase, dataDir }));
