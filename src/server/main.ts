// `npm start` (after the build) and `npm run dev`: one port for the API, the hosted page, the
// widget and the demo shop.
//   PORT (default 3000); --dev (Vite with hot reload); --host [ADDR] (default 127.0.0.1; alone: 0.0.0.0)
//   --data DIR (or SANDBOX_DATA_DIR): where the sandbox keeps its state, default .momo-sandbox/
//     here; --memory: keep nothing (tests); npm run sandbox:wipe forgets it
//   MOMO_API_BASE + MOMO_SECRET_KEY: the demo merchant talks to that service instead of the sandbox
//   MOMO_CHECKOUT_API_ORIGIN: where the hosted page's API calls go, for its CSP (default: this server)
//   MOMO_PUBLIC_URL: where payers reach this server, for session urls and the demo's return
//     addresses (default http://localhost:PORT); never taken from a request's Host
import { dataDirOf } from '../sandbox/persist/location';
import { startBanner } from './banner';
import { startServer } from './server';

function fail(message: string): never {
  console.error(`momo-checkout: ${message}`);
  process.exit(1);
}

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? '3000');
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number, not "${process.env.PORT}".`);
const host = hostArgument(process.argv.slice(2)) ?? '127.0.0.1';

/** `--host ADDR` or `--host=ADDR` to listen elsewhere than on loopback; `--host` alone: everywhere. */
function hostArgument(args: string[]): string | undefined {
  const index = args.findIndex((arg) => arg === '--host' || arg.startsWith('--host='));
  if (index === -1) return undefined;
  const arg = args[index] as string;
  if (arg.startsWith('--host=')) return arg.slice('--host='.length) || '0.0.0.0';
  const next = args[index + 1];
  return next !== undefined && !next.startsWith('--') ? next : '0.0.0.0';
}

let dataDir: string | null = null;
try {
  dataDir = dataDirOf(process.argv.slice(2), process.env);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const apiBase = process.env.MOMO_API_BASE || undefined;
const secretKey = process.env.MOMO_SECRET_KEY || undefined;
if (apiBase && !secretKey) fail('MOMO_API_BASE is set but MOMO_SECRET_KEY is not: the demo needs both.');

const reachedAsLocalhost = host === '127.0.0.1' || host === '0.0.0.0' || host === '::';
const publicUrl = process.env.MOMO_PUBLIC_URL || (reachedAsLocalhost && port !== 0 ? `http://localhost:${port}` : undefined);

let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer({
    port,
    host,
    dev,
    publicUrl,
    sandboxOptions: dataDir === null ? {} : { dataDir },
    apiOrigin: process.env.MOMO_CHECKOUT_API_ORIGIN || undefined,
    demoApi: apiBase && secretKey ? { baseUrl: apiBase, secretKey } : undefined,
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const base = publicUrl ?? server.url;

console.log(startBanner({ dev, url: server.url, base, apiBase, dataDir }));

let stopping = false;
function stop(signal: string): void {
  if (stopping) {
    console.error(`momo-checkout: ${signal} again, exiting now.`);
    process.exit(1);
  }
  stopping = true;
  console.log(`momo-checkout: ${signal}, shutting down…`);
  const force = setTimeout(() => {
    console.error('momo-checkout: still busy after 5 s, exiting anyway.');
    process.exit(1);
  }, 5000);
  force.unref();
  server.close().then(
    () => process.exit(0),
    (error: unknown) => fail(`could not shut down cleanly: ${String(error)}`),
  );
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
