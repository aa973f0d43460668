#!/usr/bin/env node
// `npx momo-checkout-sandbox [--port 12111] [--host 127.0.0.1] [--memory | --data DIR] [--wipe]`: the
// sandbox for a merchant's own tests and CI, like stripe-mock; `listen`, `trigger` and `replay`
// (src/cli/events/) its events' offline loop. Built by scripts/build-package.ts into
// one file with its dependencies (dist/bin/sandbox.mjs), so it runs on plain Node ≥ 20.
// Timings come from the environment, as for `npm start`: SANDBOX_APPROVAL_MS and the others.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isEventCommand, runEventCommand } from '../cli/events/command';
import { readServerArgs } from '../server/command-line';
import { startSandboxServer } from '../server/sandbox-server';
import { stopOnSignals } from '../server/signals';
import { wipeState } from '../sandbox/persist/location';

const USAGE = `Usage: momo-checkout-sandbox [--port 12111] [--host 127.0.0.1] [--memory | --data DIR] [--wipe]
  --port N     port to listen on (0: any free port); default PORT, else 12111
  --host ADDR  interface to listen on; default HOST, else 127.0.0.1 (0.0.0.0 in a container)
  --data DIR   where the state is kept across restarts; default .momo-sandbox/ here (or SANDBOX_DATA_DIR)
  --memory     keep nothing: the state goes with the process (tests, CI)
  --wipe       forget the kept state, then exit
Serves the sandbox API at /v1, the hosted page at /pay/… and the widget at /widget.js.

Events (docs/webhooks.md), against a running sandbox (--api, else http://127.0.0.1:12111):
  momo-checkout-sandbox listen --forward-to <url> [--events a,b] [--fault f]… [--api <base>] [--key sk_test_…]
  momo-checkout-sandbox trigger <event type> [--api <base>] [--key sk_test_…]
  momo-checkout-sandbox replay <evt_id> [--endpoint we_…] [--api <base>] [--key sk_test_…]
  (each with --help)`;

function fail(message: string, usage = true): never {
  console.error(`momo-checkout-sandbox: ${message}${usage ? `\n${USAGE}` : ''}`);
  process.exit(usage ? 2 : 1);
}

const [subcommand, ...rest] = process.argv.slice(2);
if (isEventCommand(subcommand)) {
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
  // The exit code, not process.exit: output to a pipe is written after this returns.
  process.exitCode = await runEventCommand(subcommand, rest, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    env: process.env,
    stop: stop.signal,
  });
} else await serve();

async function serve(): Promise<void> {
  let args: ReturnType<typeof readServerArgs<'help' | 'wipe'>>;
  try {
    args = readServerArgs(process.argv.slice(2), process.env, { defaultPort: 12111, switches: ['help', 'wipe'] });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const { port, host, dataDir } = args;
  if (args.switches.has('help')) {
    console.log(USAGE);
    process.exit(0);
  }
  if (args.switches.has('wipe')) {
    if (dataDir === null) fail('--memory keeps nothing to wipe.');
    try {
      console.log(
        wipeState(dataDir)
          ? `momo-checkout-sandbox: wiped the state in ${dataDir}`
          : `momo-checkout-sandbox: nothing to wipe in ${dataDir}`,
      );
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error), false);
    }
    process.exit(0);
  }

  // This file is dist/bin/sandbox.mjs: the hosted page and widget.js are in dist/.
  const distDir = join(dirname(fileURLToPath(import.meta.url)), '..');

  let server: Awaited<ReturnType<typeof startSandboxServer>>;
  try {
    server = await startSandboxServer({
      port,
      host,
      distDir,
      // The address it gives out (sessions' urls), as docs/sandbox.md says: a CI's own name for it.
      publicUrl: process.env.MOMO_PUBLIC_URL || undefined,
      sandboxOptions: dataDir === null ? {} : { dataDir },
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), false); // e.g. the port is taken
  }
  // Ready to stop cleanly before it says it listens: whoever waits for that line may stop it at once.
  stopOnSignals('momo-checkout-sandbox', server);
  // One line a test script can wait for (and parse the address from).
  console.log(
    `momo-checkout sandbox listening on ${server.url} (API ${server.url}/v1, bearer sk_test_…; state ${dataDir ?? 'in memory'})`,
  );
}
