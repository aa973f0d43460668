// The event commands' bed: the real sandbox for payments, sessions and transfers, a stub of the
// webhook contract for endpoints and events (test/support/webhook-stub.ts), and — standing in for
// the sandbox's side until it is merged — events emitted as the sandbox would: an intent's status
// after its confirm, a session paid, a transfer made. Output lines are kept; stop aborts.
import { createClient } from '../../../src/api';
import type { PaymentIntent, WebhookEvent } from '../../../src/api/types';
import type { CommandIo } from '../../../src/cli/events/options';
import { createSandbox } from '../../../src/sandbox';
import { webhookStub } from '../../support/webhook-stub';

export const KEY = 'sk_test_cli_bed';

export function commandBed({ absent = false, emitting = true } = {}) {
  const sandbox = createSandbox({ env: {}, checkoutBaseUrl: 'http://sandbox.test', confirmRateLimit: false });
  const received: Request[] = [];
  const stub = webhookStub({
    absent,
    deliver: async (request) => {
      received.push(request);
      return new Response('ok');
    },
  });
  const merchant = createClient({ baseUrl: 'http://sandbox.test', token: KEY, fetch: sandbox.fetch });
  let serial = 0;
  const emit = async (type: WebhookEvent['type'], object: unknown) => {
    serial += 1;
    await stub.emit({
      id: `evt_bed${serial}`,
      type,
      timestamp: new Date().toISOString(),
      data: { object },
    } as WebhookEvent);
  };
  const intentEvents: Record<PaymentIntent['status'], WebhookEvent['type'] | null> = {
    pending: 'payment_intent.pending',
    succeeded: 'payment_intent.succeeded',
    requires_payment_method: 'payment_intent.payment_failed',
    canceled: 'payment_intent.canceled',
  };

  async function fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (/^\/v1\/(webhook-endpoints|events)/.test(pathname)) return stub.fetch(request);
    const answer = await sandbox.fetch(request);
    if (!emitting || !answer.ok || request.method !== 'POST') return answer;
    const confirmed = /^\/v1\/payment-intents\/(pi_[^/]+)\/confirm$/.exec(pathname);
    if (confirmed) {
      const intent = await merchant.getIntent(confirmed[1] as string);
      const type = intentEvents[intent.status];
      if (type) await emit(type, intent);
      if (intent.status === 'succeeded') {
        const sessions = await merchant.listSessions({ perPage: 100 });
        const session = sessions.data.find((s) => s.paymentIntentId === intent.intent_id);
        if (session) await emit('checkout.session.completed', session);
      }
    }
    if (pathname === '/v1/remittance') {
      const made = (await answer.clone().json()) as { id: string };
      await emit('remittance.succeeded', await merchant.getRemittance(made.id));
    }
    return answer;
  }

  const out: string[] = [];
  const err: string[] = [];
  const stop = new AbortController();
  const io: CommandIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env: { MOMO_API_BASE: 'http://sandbox.test', MOMO_SECRET_KEY: KEY },
    fetch,
    stop: stop.signal,
    pollMs: 2,
  };
  /** An endpoint of the key (the sandbox makes a key's events once it has one). */
  const register = (url = 'http://127.0.0.1:3999/hooks') =>
    createClient({ baseUrl: 'http://sandbox.test', token: KEY, fetch }).createWebhookEndpoint({ url });
  return { sandbox, stub, merchant, received, io, out, err, stop, emit, register };
}
