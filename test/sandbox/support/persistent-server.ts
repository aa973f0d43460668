// A sandbox keeping its state in a directory, served over HTTP in its own process, so that tests
// can kill it (-9) mid-write or start it under a file-size limit.
//   node --import tsx test/sandbox/support/persistent-server.ts <dataDir>
// Prints `READY <url>` once listening; stops cleanly on SIGTERM.
import { serve } from '@hono/node-server';
import { createSandbox } from '../../../src/sandbox';

// Under `ulimit -f`, a write past the limit then fails with EFBIG instead of killing the process:
// the disk-full case, for real.
process.on('SIGXFSZ', () => undefined);

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: persistent-server.ts <dataDir>');
const sandbox = createSandbox({
  dataDir,
  env: {},
  confirmRateLimit: false,
  approvalMs: 200,
  checkoutBaseUrl: 'http://checkout.test',
});
const server = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
  console.log(`READY http://127.0.0.1:${info.port}`),
);
process.on('SIGTERM', () => server.close(() => void sandbox.close().then(() => process.exit(0))));
