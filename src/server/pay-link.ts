// `npm run -s sandbox:link [-- --amount 5000] [--currency xaf] [--url http://localhost:3000]`:
// makes a payable intent on a running sandbox (the demo shop's token) and prints its hosted-page
// link. The start-up banner prints this command instead of a link: a link holds a live client
// secret, which has no place in a terminal's scroll-back or a CI log that nobody asked for.
import { parseArgs } from 'node:util';
import { createClient } from '../api';
import { SANDBOX_SECRET_KEY } from '../demo/app';

const { values } = parseArgs({
  options: { amount: { type: 'string' }, currency: { type: 'string' }, url: { type: 'string' } },
});
const base = (values.url ?? process.env.MOMO_PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`).replace(
  /\/+$/,
  '',
);
try {
  const client = createClient({ baseUrl: base, token: SANDBOX_SECRET_KEY });
  const intent = await client.createIntent({
    amount: Number(values.amount ?? '5000'),
    currency: values.currency ?? 'xaf',
    description: 'Made by npm run sandbox:link',
  });
  console.log(`${base}/pay/${intent.intent_id}#${intent.client_secret}`);
} catch (error) {
  console.error(
    `sandbox:link: could not make an intent at ${base}/v1 (is npm start running there?): ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
