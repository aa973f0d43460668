// `momo-checkout-sandbox trigger <event type>`: makes, with the sandbox's documented test numbers
// (docs/sandbox.md), the payment, session or transfer whose course produces that event, then waits
// for the event and prints its id — the first line a script reads. What each type takes is a row
// of RECIPES below: a new type is a row.
import type { Client, ConfirmRequest, WebhookEventType } from '../../api';
import { EVENT_TYPES } from '../../api/schemas/events';
import { TEST_NUMBERS, type TestOutcome } from '../../phone';
import {
  clientOf,
  type CommandIo,
  isAbsent,
  NO_EVENTS,
  pauseUntilStopped,
  readArgs,
  serviceFailure,
  UsageError,
} from './options';

export const TRIGGER_USAGE = `Usage: momo-checkout-sandbox trigger <event type> [--wait-s N] [--api <base>] [--key sk_test_…]
  <event type>  one of: ${Object.keys(EVENT_TYPES).join(', ')}
  --wait-s N    how long to wait for the event (default 90: an expiry takes the sandbox's shortest session, 60 s)
Makes the payment (or session, or transfer) that produces the event with the sandbox's test numbers,
prints the event's id (evt_…) on stdout once the service has it, and what it made on stderr.`;

type Made = { id: string; what: string };

/** The Congo-Brazzaville MTN MoMo test number of an outcome (docs/sandbox.md, "Test numbers"). */
function numberOf(outcome: TestOutcome) {
  const found = TEST_NUMBERS.find((n) => n.country === 'cg' && n.operator === 'mtn' && n.outcome === outcome);
  if (!found) throw new Error(`no test number for ${outcome}`);
  return {
    type: 'momo' as const,
    momo: { country: found.country, msisdn: found.msisdn, operator_name: found.operator },
  };
}

const payer = { first_name: 'Awa', last_name: 'Ndong', receipt_email: 'awa@example.cg' };
const metadata = { source: 'momo-checkout-sandbox trigger' };

async function payIntent(client: Client, outcome: TestOutcome): Promise<Made> {
  const intent = await client.createIntent({ amount: 1000, currency: 'xaf', metadata });
  const body: ConfirmRequest = {
    client_secret: intent.client_secret,
    ...payer,
    payment_method_data: numberOf(outcome),
  };
  await client.confirmIntent(intent.intent_id, body);
  return {
    id: intent.intent_id,
    what: `intent ${intent.intent_id} confirmed with ${body.payment_method_data.momo.msisdn}`,
  };
}

async function newSession(client: Client, expiresInS?: number) {
  return client.createSession({
    total: 1000,
    currency: 'xaf',
    accountId: 'acct_trigger',
    successUrl: 'https://shop.example/thanks',
    cancelUrl: 'https://shop.example/cart',
    metadata,
    items: [{ productId: 'prt_trigger', quantity: 1, price: 1000, productName: 'Trigger' }],
    ...(expiresInS ? { expiresAt: new Date(Date.now() + expiresInS * 1000).toISOString() } : {}),
  });
}

/** A session left to expire (the sandbox's shortest, 60 s and a margin): `id` names what its event carries. */
async function expiringSession(client: Client, intentSide: boolean): Promise<Made> {
  const session = await newSession(client, 65);
  return {
    id: intentSide ? session.paymentIntentId : session.id,
    what: `session ${session.id} left unpaid: it expires at ${session.expiresAt}`,
  };
}

async function transfer(client: Client, kind: 'remittance' | 'disbursement', outcome: TestOutcome): Promise<Made> {
  const body = {
    amount: 1000,
    currency: 'xaf' as const,
    first_name: 'Awa',
    last_name: 'Ndong',
    payment_method_data: numberOf(outcome),
  };
  const made = kind === 'remittance' ? await client.createRemittance(body) : await client.createDisbursement(body);
  return { id: made.id, what: `${kind} ${made.id} to ${body.payment_method_data.momo.msisdn}` };
}

const NEVER_FAILS =
  'the sandbox executes every transfer it accepts: this type is in the contract, never sent by it (docs/sandbox.md#signed-events)';

/** How each event type is made, or why the sandbox never sends it. */
export const RECIPES: Readonly<Record<WebhookEventType, ((client: Client) => Promise<Made>) | string>> = {
  'payment_intent.pending': (c) => payIntent(c, 'approved_after_delay'),
  'payment_intent.payment_failed': (c) => payIntent(c, 'operator_unavailable'),
  'payment_intent.succeeded': (c) => payIntent(c, 'approved_at_once'),
  'payment_intent.canceled': (c) => expiringSession(c, true),
  'checkout.session.completed': async (c) => {
    const session = await newSession(c);
    const intent = await c.getIntent(session.paymentIntentId);
    await c.confirmIntent(session.paymentIntentId, {
      client_secret: intent.client_secret,
      ...payer,
      payment_method_data: numberOf('approved_at_once'),
    });
    return { id: session.id, what: `session ${session.id} paid` };
  },
  'checkout.session.expired': (c) => expiringSession(c, false),
  'remittance.succeeded': (c) => transfer(c, 'remittance', 'approved_at_once'),
  'remittance.failed': NEVER_FAILS,
  'disbursement.succeeded': (c) => transfer(c, 'disbursement', 'approved_at_once'),
  'disbursement.failed': NEVER_FAILS,
};

/** Whether the event is about what was made: its object names it (an intent, a session, a transfer). */
const isAbout = (object: object, id: string) => Object.values(object).includes(id);

export async function triggerCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = readArgs(args, { 'wait-s': { type: 'string' } });
  if (values.help) {
    io.out(TRIGGER_USAGE);
    return 0;
  }
  const type = positionals[0];
  if (positionals.length !== 1 || type === undefined || !Object.hasOwn(EVENT_TYPES, type))
    throw new UsageError(`trigger takes one event type, one of: ${Object.keys(EVENT_TYPES).join(', ')}.`);
  const waitS = typeof values['wait-s'] === 'string' ? Number(values['wait-s']) : 90;
  if (!(Number.isFinite(waitS) && waitS >= 0)) throw new UsageError('--wait-s takes a number of seconds.');
  const { client } = clientOf(values, io);
  const recipe = RECIPES[type as WebhookEventType];
  if (typeof recipe === 'string') {
    io.err(`momo-checkout-sandbox trigger: ${type}: ${recipe}.`);
    return 1;
  }

  let made: Made;
  try {
    // The sandbox makes a key's events once it has an endpoint: without one, nothing would come.
    if ((await client.listWebhookEndpoints({ perPage: 1 })).meta.total === 0) {
      io.err(
        'momo-checkout-sandbox trigger: this key has no webhook endpoint, and the sandbox makes events only for keys with one: run `momo-checkout-sandbox listen --forward-to <url>` first (same --key).',
      );
      return 1;
    }
    made = await recipe(client);
  } catch (error) {
    if (isAbsent(error)) {
      io.err(`momo-checkout-sandbox trigger: ${NO_EVENTS}`);
      return 1;
    }
    io.err(`momo-checkout-sandbox trigger: ${serviceFailure(error)}`);
    return 1;
  }
  io.err(`Made: ${made.what}.`);
  const until = Date.now() + waitS * 1000;
  for (;;) {
    try {
      const { data } = await client.listEvents({ type: type as WebhookEventType, perPage: 100 });
      const event = data.find((e) => isAbout(e.data.object, made.id));
      if (event) {
        io.out(event.id);
        return 0;
      }
    } catch (error) {
      io.err(
        `momo-checkout-sandbox trigger: ${isAbsent(error) ? `this service keeps no events: ${made.what}, no event to show.` : serviceFailure(error)}`,
      );
      return 1;
    }
    if (Date.now() >= until || io.stop.aborted) break;
    await pauseUntilStopped(io.pollMs ?? 1000, io.stop);
  }
  io.err(`momo-checkout-sandbox trigger: no ${type} event about ${made.id} within ${waitS} s.`);
  return 1;
}
