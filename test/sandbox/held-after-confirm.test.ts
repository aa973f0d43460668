// @vitest-environment node
// The first status read after a confirm, held (issue 30, item 6; an extension): the confirm's answer
// carries the tag of the intent's read as the confirm left it, marked, so the page's first scheduled
// read can be held until the payment moves instead of being answered at once only to learn the new
// state's tag — one request less in a payment. Its reader has no body for that tag (only the
// confirm's answer), so it is never answered 304: whole once the state moves, or once the wait is
// over. A bare service gives no such tag, and the client then reads as before.
import { describe, expect, it } from 'vitest';
import { getIntentView } from '../../src/api';
import { confirmIntentView } from '../../src/api/endpoints/checkout';
import type { ApiError } from '../../src/api/errors';
import { paymentIntentSchema } from '../../src/api/schemas';
import { HOLD_CHECK_MS } from '../../src/sandbox/json';
import { APPROVAL_MS, BASE, confirmBody, expectJson, setup, testNumber } from './helpers';

/** Long enough for a held read to look at the state twice: it cannot answer meanwhile unless something ends its wait. */
const looksTwice = () => new Promise((resolve) => setTimeout(resolve, 2 * HOLD_CHECK_MS));

function settled<T>(promise: Promise<T>): { promise: Promise<T>; done: boolean } {
  const watched = { promise, done: false };
  const done = () => {
    watched.done = true;
  };
  promise.then(done, done);
  return watched;
}

describe('the tag a confirm gives of the intent’s read', () => {
  it('holds a read that names it while nothing moves, then answers whole, never 304', async () => {
    const { call, newIntent, confirm, clock } = setup();
    const intent = await newIntent();
    const path = `/v1/payment-intents/${intent.intent_id}`;
    const confirmed = await confirm(intent, testNumber('approved_after_delay'));
    const tag = confirmed.headers.get('etag');
    expect(tag).toMatch(/^W\/"[\w-]{22}\.c"$/);
    // The read's own tag of the same state is the confirm's, unmarked.
    const read = await call('GET', path, { token: null });
    expect(tag).toBe(read.headers.get('etag')!.replace(/"$/, '.c"'));

    // Not held: a 304 would leave its reader with no state, so the state comes whole.
    const unheld = await call('GET', path, { token: null, headers: { 'If-None-Match': tag! } });
    expect((await expectJson(unheld, 200, paymentIntentSchema)).status).toBe('pending');

    const held = settled(call('GET', path, { token: null, headers: { 'If-None-Match': tag!, Prefer: 'wait=1' } }));
    await looksTwice();
    expect(held.done).toBe(false);
    clock.advance(1_000);
    const over = await held.promise;
    expect((await expectJson(over, 200, paymentIntentSchema)).status).toBe('pending');
    expect(over.headers.get('etag')).toBe(read.headers.get('etag'));
  });

  it('answers the approval as it happens to a read that names it', async () => {
    const { call, newIntent, confirm, clock } = setup();
    const intent = await newIntent();
    const tag = (await confirm(intent, testNumber('approved_after_delay'))).headers.get('etag')!;
    const held = settled(
      call('GET', `/v1/payment-intents/${intent.intent_id}`, {
        token: null,
        headers: { 'If-None-Match': tag, Prefer: 'wait=5' },
      }),
    );
    await looksTwice();
    expect(held.done).toBe(false);
    expect(APPROVAL_MS).toBeLessThan(5_000);
    clock.advance(APPROVAL_MS);
    expect((await expectJson(await held.promise, 200, paymentIntentSchema)).status).toBe('succeeded');
  });

  it('is only on a fresh answer that waits for the payer: not on a replay, a settled confirm, a bare service', async () => {
    const { newIntent, confirm, clock } = setup();
    const intent = await newIntent();
    const key = { 'Idempotency-Key': 'once' };
    expect((await confirm(intent, testNumber('approved_after_delay'), {}, key)).headers.get('etag')).not.toBeNull();
    // Paid since: a read held on the state of now would keep a page that shows "pending" waiting.
    clock.advance(APPROVAL_MS);
    const again = await confirm(intent, testNumber('approved_after_delay'), {}, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('etag')).toBeNull();

    // Nor on a confirm that is not waiting for the payer: the page follows nothing then.
    for (const outcome of ['approved_at_once', 'operator_unavailable'] as const) {
      const other = await newIntent();
      const answer = await confirm(other, testNumber(outcome));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('etag')).toBeNull();
    }

    const bare = setup({ extensions: false });
    const plain = await bare.newIntent();
    const answer = await bare.confirm(plain, testNumber('approved_after_delay'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('etag')).toBeNull();
  });
});

describe('the client after a confirm', () => {
  function recorded(options: { extensions?: boolean } = {}) {
    const context = setup(options);
    const sent: { tag: string | null; prefer: string | null }[] = [];
    let rewrite: ((res: Response) => Response) | null = null;
    const fetch = async (req: Request) => {
      if (req.method === 'GET') sent.push({ tag: req.headers.get('if-none-match'), prefer: req.headers.get('prefer') });
      const res = await context.sandbox.fetch(req);
      return rewrite && req.method === 'GET' ? rewrite(res) : res;
    };
    const config = { baseUrl: BASE, fetch, readRetries: 0, heldReadS: 1 };
    return { ...context, sent, config, rewriteWith: (f: typeof rewrite) => (rewrite = f) };
  }

  it('holds its first status read from the confirm on, and sees the approval in it', async () => {
    const { newIntent, clock, sent, config } = recorded();
    const intent = await newIntent();
    await confirmIntentView(
      config,
      intent.intent_id,
      confirmBody(intent.client_secret, testNumber('approved_after_delay')),
    );
    const first = settled(getIntentView(config, intent.intent_id, { conditional: true, hold: true }));
    await looksTwice();
    expect(first.done).toBe(false);
    clock.advance(APPROVAL_MS);
    expect((await first.promise).status).toBe('succeeded');
    expect(sent).toEqual([{ tag: expect.stringMatching(/\.c"$/), prefer: 'wait=1' }]);
  });

  it('reads whole once the hold is over, and holds the next read on the tag it was then given', async () => {
    const { newIntent, clock, sent, config } = recorded();
    const intent = await newIntent();
    await confirmIntentView(
      config,
      intent.intent_id,
      confirmBody(intent.client_secret, testNumber('approved_after_delay')),
    );
    const first = getIntentView(config, intent.intent_id, { conditional: true, hold: true });
    await looksTwice();
    clock.advance(1_000);
    expect((await first).status).toBe('pending');
    const second = getIntentView(config, intent.intent_id, { conditional: true, hold: true });
    await looksTwice();
    clock.advance(1_000);
    // Unchanged: a 304, answered with the state the first read brought.
    expect((await second).status).toBe('pending');
    expect(sent[1]?.tag).toMatch(/^W\/"[\w-]{22}"$/);
  });

  it('takes no 304 to the confirm’s tag (it holds no state for it)', async () => {
    const { newIntent, config, rewriteWith } = recorded();
    const intent = await newIntent();
    await confirmIntentView(
      config,
      intent.intent_id,
      confirmBody(intent.client_secret, testNumber('approved_after_delay')),
    );
    rewriteWith((res) => new Response(null, { status: 304, headers: { ETag: res.headers.get('etag') ?? '' } }));
    const error = await getIntentView(config, intent.intent_id, { conditional: true }).catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe('invalid_response');
  });

  it('against a bare service, reads after the confirm as before: whole, never held', async () => {
    const { newIntent, sent, config } = recorded({ extensions: false });
    const intent = await newIntent();
    await confirmIntentView(
      config,
      intent.intent_id,
      confirmBody(intent.client_secret, testNumber('approved_after_delay')),
    );
    expect((await getIntentView(config, intent.intent_id, { conditional: true, hold: true })).status).toBe('pending');
    expect(sent).toEqual([{ tag: null, prefer: null }]);
  });
});
