// @vitest-environment node
// One error type for every way a call can fail (src/api/errors.ts), through the client: the
// service's code and field of a refused request, a proxy's error page kept as text, no answer, no
// answer in time (on the clock the client is given), an answer that breaks the contract (its field
// named); and whether the request may have taken effect, which decides between reading and sending
// again.
import { describe, expect, it } from 'vitest';
import { createClient, mayHaveTakenEffect } from '../../src/api';
import { DEFAULT_TIMEOUT_MS } from '../../src/api/http';
import { createFakeTime } from '../support/fake-time';
import { failure } from '../support/failure';
import { BASE, momo, payer, setup } from './helpers';

describe('errors › typed and distinguishable, through the client', () => {
  it('names the service error code and field of a refused request', async () => {
    const { merchant } = setup();
    const error = await failure(
      merchant.createRemittance({
        amount: '-5',
        first_name: 'A',
        last_name: 'B',
        currency: 'xaf',
        payment_method_data: momo(),
      }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 400, code: 'invalid_request', field: 'amount' });
    expect(mayHaveTakenEffect(error)).toBe(false);
  });

  it('reports a missing token as unauthorized', async () => {
    const { browser } = setup();
    const error = await failure(browser.listRemittances());
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 'unauthorized' });
  });

  it('keeps a non-JSON error page as text', async () => {
    const client = createClient({
      baseUrl: BASE,
      fetch: async () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502 }),
      readRetries: 0,
    });
    const error = await failure(client.getIntent('pi_x'));
    expect(error).toMatchObject({ kind: 'http', status: 502, code: undefined });
    expect(error.bodyText).toContain('502 Bad Gateway');
    expect(mayHaveTakenEffect(error)).toBe(true);
  });

  it('reports a network failure', async () => {
    const client = createClient({
      baseUrl: BASE,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
      readRetries: 0,
    });
    expect(await failure(client.getIntent('pi_x'))).toMatchObject({ kind: 'network' });
  });

  it('gives up on a hanging answer at the time limit, on the clock it is given', async () => {
    const time = createFakeTime();
    const client = createClient({
      baseUrl: BASE,
      clock: time.clock,
      readRetries: 0,
      fetch: (request) =>
        new Promise((_, reject) =>
          request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    });
    let settled = false;
    const result = failure(client.getIntent('pi_x')).finally(() => (settled = true));
    await time.advance(DEFAULT_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await time.advance(1);
    expect(await result).toMatchObject({ kind: 'timeout' });
  });

  it('names the field of an answer that does not match the contract', async () => {
    const { merchant } = setup();
    const intent = await merchant.createIntent({ amount: 100, currency: 'xaf' });
    const client = createClient({ baseUrl: BASE, fetch: async () => Response.json({ ...intent, intent_id: 42 }) });
    expect(await failure(client.getIntent(intent.intent_id))).toMatchObject({
      kind: 'invalid_response',
      field: 'intent_id',
    });
    const missing = createClient({ baseUrl: BASE, fetch: async () => Response.json({ ...intent, event: undefined }) });
    expect(await failure(missing.getIntent(intent.intent_id))).toMatchObject({
      kind: 'invalid_response',
      field: 'event',
    });
  });

  it('refuses a confirm answer with an unknown status', async () => {
    const client = createClient({
      baseUrl: BASE,
      fetch: async () =>
        Response.json({
          intentId: 'pi_1',
          financialTransactionId: 'f',
          transactionId: 't',
          amount: 1,
          currency: 'xaf',
          status: 'weird',
          captured: false,
          externalId: 'e',
          id: 'ch_1',
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
          paymentMethodId: 'pm_1',
        }),
    });
    const error = await failure(
      client.confirmIntent('pi_1', { client_secret: 's', ...payer, payment_method_data: momo() }),
    );
    expect(error).toMatchObject({ kind: 'invalid_response', field: 'status' });
    expect(mayHaveTakenEffect(error)).toBe(true);
  });

  it('keeps extra fields from breaking a read', async () => {
    const { merchant } = setup();
    const intent = await merchant.createIntent({ amount: 100, currency: 'xaf' });
    const client = createClient({
      baseUrl: BASE,
      fetch: async () => Response.json({ ...intent, brand_new_field: { x: 1 } }),
    });
    expect((await client.getIntent(intent.intent_id)).intent_id).toBe(intent.intent_id);
  });
});
