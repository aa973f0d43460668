#!/usr/bin/env node
// `momo-checkout-server --api-base URL --public-url URL` (or MOMO_API_BASE, MOMO_PUBLIC_URL), with
// MOMO_FORM_KEY: the checkout in production, against the real payment service — the hosted page,
// widget.js and the payment without JavaScript from the package's own build, configured at run
// time. Built by scripts/build-package.ts into one file with its dependencies (dist/bin/server.mjs):
// `npm install --omit=dev` is all it needs, and it builds nothing at start. docs/operations.md.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProductionApp } from '../server/production-app';
import { ConfigError, formKeyFingerprints, PRODUCTION_USAGE, readProductionConfig } from '../server/production-config';
import { stopOnSignals } from '../server/signals';
import { serveApp } from '../server/start';

function fail(message: string, usage: boolean): never {
  console.error(`momo-checkout-server: ${message}${usage ? `\n${PRODUCTION_USAGE}` : ''}`);
  process.exit(usage ? 2 : 1);
}

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(PRODUCTION_USAGE);
  process.exit(0);
}

let config: ReturnType<typeof readProductionConfig>;
try {
  config = readProductionConfig(args, process.env);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error), error instanceof ConfigError);
}

// This file is dist/bin/server.mjs: the hosted page and widget.js are in dist/.
const distDir = join(dirname(fileURLToPath(import.meta.url)), '..');

let server: Awaited<ReturnType<typeof serveApp<ReturnType<typeof createProductionApp>>>>;
try {
  server = await serveApp(config.port, config.host, () => createProductionApp({ ...config, distDir }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error), false); // e.g. the port is taken
}
void server.app.warm();
// Ready to stop cleanly before it says it listens: whoever waits for that line may stop it at once.
stopOnSignals('momo-checkout-server', server);
// One line a supervisor or a test can wait for; no secret in it (the keys' fingerprints, to compare instances).
console.log(
  `momo-checkout-server listening on ${server.url} (public ${config.publicUrl}, API ${config.apiBase}, form keys ${formKeyFingerprints(config.formKeys).join(',')})`,
);
