// One of many sandboxes started at the same instant on one state directory (test/sandbox/persist/lock.test.ts).
//   node --import tsx test/sandbox/support/lock-race.ts <dataDir>
// Prints `ARMED` once loaded, and on SIGUSR1 starts: `WON <intent id>` once it holds the directory
// and has written an intent (then waits: SIGTERM closes it cleanly), or `REFUSED <message>` and exits.
import { createSandbox, type Sandbox } from '../../../src/sandbox';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: lock-race.ts <dataDir>');
let sandbox: Sandbox | null = null;
process.on('SIGUSR1', () => {
  try {
    sandbox = createSandbox({ dataDir, env: {} });
  } catch (error) {
    console.log(`REFUSED ${(error as Error).message}`);
    process.exit(0);
  }
  void sandbox
    .fetch(
      new Request('http://sandbox.test/v1/payment-intents', {
        method: 'POST',
        headers: { Authorization: 'Bearer sk_test_race', 'Content-Type': 'application/json' },
        body: JSON.stringify({ amount: 5000, currency: 'xaf' }),
      }),
    )
    .then(async (response) => console.log(`WON ${((await response.json()) as { intent_id: string }).intent_id}`));
});
process.on('SIGTERM', () => void (sandbox?.close() ?? Promise.resolve()).then(() => process.exit(0)));
setInterval(() => undefined, 60_000);
console.log('ARMED');
