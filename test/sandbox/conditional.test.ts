// @vitest-environment node
// Conditional status reads (issue 20, item 5; an extension): an intent's and a session's read carry
// a weak ETag of their body, If-None-Match naming it is answered 304 without a body, and any change
// of state is a new tag. A bare service answers whole, without a tag, and the client then never
// sends one. The client keeps the body that came with its tag and answers a 304 with it, and only
// then: a 304 it did not ask for is no state. Only the follower's reads are conditional.
import { describe, expect, it } from 'vitest';
import { getIntentView } from '../../src/api';
import { ApiError } from '../../src/api/errors';
import { paymentIntentSchema, sessionSchema } from '../../src/api/schemas';
import { HOLD_CHECK_MS, MAX_HOLD_S, preferredWaitS } from '../../src/sandbox/json';
import { APPROVAL_MS, BASE, expectJson, sessionBody, setup, testNumber } from './helpers';

const ORIGIN = { Origin: 'https://shop.example.cg' };

/** A promise and whether it has settled yet. */
function settled<T>(promise: Promise<T>): { promise: Promise<T>; done: boolean } {
  const watched = { promise, done: false };
  promise.then(
    () => {
      watched.done = true;
    },
    () => {
      watched.done = true;
    },
  );
  return watched;
}

/** Long enough for a held read to look at the state twice: it cannot answer meanwhile unless something ends its wait. */
const looksTwice = () => new Promise((resolve) => setTimeout(resolve, 2 * HOLD_CHECK_MS));

describe('conditional reads of an intent and a session', () => {
  it('tag an intent read, answer 304 to its tag, and a new tag once the state changes', async () => {
    const { call, newIntent, confirm, clock } = setup();
    const intent = await newIntent();
    const path = `/v1/payment-intents/${intent.intent_id}`;
    const first = await call('GET', path, { token: null, headers: ORIGIN });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(first.headers.get('access-control-expose-headers')).toBe('ETag');
    expect(first.headers.get('cache-control')).toBe('no-store');
    await expectJson(first, 200, paymentIntentSchema);

    const same = await call('GET', path, { token: null, headers: { ...ORIGIN, 'If-None-Match': etag! } });
    expect(same.status).toBe(304);
    expect(same.headers.get('etag')).toBe(etag);
    expect(same.headers.get('access-control-allow-origin')).toBe('*');
    expect(same.headers.get('cache-control')).toBe('no-store');
    expect(await same.text()).toBe('');
    // Another tag, or one of a list, weak or strong: compared on the opaque value.
    expect((await call('GET', path, { token: null, headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
    expect(
      (await call('GET', path, { token: null, headers: { 'If-None-Match': `"x", ${etag!.slice(2)}` } })).status,
    ).toBe(304);

    expect((await confirm(intent, testNumber('approved_after_delay'))).status).toBe(200);
    const pending = await call('GET', path, { token: null, headers: { 'If-None-Match': etag! } });
    expect(pending.status).toBe(200);
    const pendingTag = pending.headers.get('etag')!;
    expect(pendingTag).not.toBe(etag);
    expect((await expectJson(pending, 200, paymentIntentSchema)).status).toBe('pending');
    expect((await call('GET', path, { token: null, headers: { 'If-None-Match': pendingTag } })).status).toBe(304);
    // The approval lands between two reads: the tag is not the one held, the state comes whole.
    clock.advance(APPROVAL_MS);
    const paid = await call('GET', path, { token: null, headers: { 'If-None-Match': pendingTag } });
    expect(paid.status).toBe(200);
    expect((await expectJson(paid, 200, paymentIntentSchema)).status).toBe('succeeded');
  });

  it('tag a session read the same way', async () => {
    const { call } = setup();
    const session = await expectJson(await call('POST', '/v1/sessions', { body: sessionBody() }), 200, sessionSchema);
    const path = `/v1/sessions/${session.id}`;
    const first = await call('GET', path, { token: null });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    expect((await call('GET', path, { token: null, headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('are not a bare service’s: no tag, whole answers', async () => {
    const { call, newIntent } = setup({ extensions: false });
    const intent = await newIntent();
    const read = await call('GET', `/v1/payment-intents/${intent.intent_id}`, {
      token: null,
      headers: { 'If-None-Match': '*' },
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBeNull();
  });
});

describe('the client’s conditional reads', () => {
  /** The sandbox behind a fetch that records the If-None-Match sent and may rewrite answers. */
  function recorded(options: { extensions?: boolean } = {}) {
    const context = setup(options);
    const sent: (string | null)[] = [];
    let rewrite: ((res: Response) => Response) | null = null;
    const fetch = async (req: Request) => {
      sent.push(req.headers.get('if-none-match'));
      const res = await context.sandbox.fetch(req);
      return rewrite ? rewrite(res) : res;
    };
    const config = { baseUrl: BASE, fetch, readRetries: 0 };
    return { ...context, sent, config, rewriteWith: (f: typeof rewrite) => (rewrite = f) };
  }

  it('sends the tag it was given and answers a 304 with the state that came with it', async () => {
    const { newIntent, confirm, clock, sent, config } = recorded();
    const intent = await newIntent();
    const first = await getIntentView(config, intent.intent_id, { conditional: true });
    const again = await getIntentView(config, intent.intent_id, { conditional: true });
    expect(again).toEqual(first);
    expect(sent[0]).toBeNull();
    expect(sent[1]).toMatch(/^W\//);
    await confirm(intent, testNumber('approved_after_delay'));
    expect((await getIntentView(config, intent.intent_id, { conditional: true })).status).toBe('pending');
    expect((await getIntentView(config, intent.intent_id, { conditional: true })).status).toBe('pending');
    expect(sent.at(-1)).toMatch(/^W\//);
    clock.advance(APPROVAL_MS);
    expect((await getIntentView(config, intent.intent_id, { conditional: true })).status).toBe('succeeded');
    // Another config (another page) holds nothing: it asks whole.
    await getIntentView({ ...config }, intent.intent_id, { conditional: true });
    expect(sent.at(-1)).toBeNull();
  });

  it('sends no tag on a read that is not conditional (the payer’s own check): the whole state', async () => {
    const { newIntent, sent, config } = recorded();
    const intent = await newIntent();
    await getIntentView(config, intent.intent_id);
    await getIntentView(config, intent.intent_id);
    await getIntentView(config, intent.intent_id, { conditional: true });
    expect(sent.map((tag) => tag !== null)).toEqual([false, false, true]);
  });

  it('never sends a tag to a service that gave none', async () => {
    const { newIntent, sent, config } = recorded({ extensions: false });
    const intent = await newIntent();
    await getIntentView(config, intent.intent_id, { conditional: true });
    await getIntentView(config, intent.intent_id, { conditional: true });
    expect(sent).toEqual([null, null]);
  });

  it('takes no 304 it did not ask for, nor one naming another tag', async () => {
    const { newIntent, config, rewriteWith } = recorded({ extensions: false });
    const intent = await newIntent();
    rewriteWith(() => new Response(null, { status: 304 }));
    const unasked = await getIntentView(config, intent.intent_id, { conditional: true }).catch(
      (error: unknown) => error,
    );
    expect(unasked).toBeInstanceOf(ApiError);
    expect((unasked as ApiError).kind).toBe('invalid_response');

    const tagged = recorded();
    const other = await tagged.newIntent();
    await getIntentView(tagged.config, other.intent_id);
    tagged.rewriteWith(() => new Response(null, { status: 304, headers: { ETag: 'W/"someone-else"' } }));
    const wrong = await getIntentView(tagged.config, other.intent_id, { conditional: true }).catch(
      (error: unknown) => error,
    );
    expect((wrong as ApiError).kind).toBe('invalid_response');
  });
});

// Held reads (issue 20, item 5; an extension): a conditional read that asks to wait
// (`Prefer: wait=N`, RFC 7240) is answered once the state differs from the one it holds, or 304
// after N seconds; a bare service ignores the preference and answers at once. The hosted page sends
// it on its scheduled reads only (same origin: src/hosted/main.tsx), so a minute of waiting costs a
// few requests, and an approval is seen as it happens.
describe('held reads of an intent', () => {
  // The hold runs on the sandbox's clock, which only the test moves: a read that comes back before
  // the clock passes its wait was answered by the change, and one that is not answered while the
  // clock stands is being held, however fast or slow the machine.
  it('answer a change as it happens, within the wait asked for', async () => {
    const { call, newIntent, confirm, clock } = setup();
    const intent = await newIntent();
    const path = `/v1/payment-intents/${intent.intent_id}`;
    await confirm(intent, testNumber('approved_after_delay'));
    const etag = (await call('GET', path, { token: null })).headers.get('etag')!;
    const held = settled(call('GET', path, { token: null, headers: { 'If-None-Match': etag, Prefer: 'wait=5' } }));
    await looksTwice();
    expect(held.done).toBe(false);
    // The operator's approval, within the 5 s asked for.
    expect(APPROVAL_MS).toBeLessThan(5_000);
    clock.advance(APPROVAL_MS);
    const answer = await held.promise;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('preference-applied')).toBe('wait=5');
    expect((await expectJson(answer, 200, paymentIntentSchema)).status).toBe('succeeded');
  });

  it('answer 304 once the wait is over, with nothing changed; at once for a state not held', async () => {
    const { call, newIntent, clock } = setup();
    const intent = await newIntent();
    const path = `/v1/payment-intents/${intent.intent_id}`;
    const etag = (await call('GET', path, { token: null })).headers.get('etag')!;
    const same = settled(call('GET', path, { token: null, headers: { 'If-None-Match': etag, Prefer: 'wait=1' } }));
    await looksTwice();
    expect(same.done).toBe(false);
    clock.advance(999);
    await looksTwice();
    expect(same.done).toBe(false);
    clock.advance(1);
    expect((await same.promise).status).toBe(304);
    // Another tag: answered while the clock stands, so never held.
    const other = await call('GET', path, { token: null, headers: { 'If-None-Match': '"another"', Prefer: 'wait=5' } });
    expect(other.status).toBe(200);
  });

  it('end when the reader goes, and never hold longer than the sandbox allows', async () => {
    const { sandbox, newIntent, call } = setup();
    const intent = await newIntent();
    const path = `/v1/payment-intents/${intent.intent_id}`;
    const etag = (await call('GET', path, { token: null })).headers.get('etag')!;
    const gone = new AbortController();
    const held = settled(
      sandbox
        .fetch(
          new Request(`${BASE}${path}`, { headers: { 'If-None-Match': etag, Prefer: 'wait=20' }, signal: gone.signal }),
        )
        .catch(() => undefined),
    );
    await looksTwice();
    expect(held.done).toBe(false);
    // The clock stands: only the reader's going can end the wait.
    gone.abort();
    await held.promise;
    expect(preferredWaitS('wait=3600')).toBe(MAX_HOLD_S);
    expect(preferredWaitS('respond-async, wait=10')).toBe(10);
    expect(preferredWaitS(undefined)).toBe(0);
    expect(preferredWaitS('return=minimal')).toBe(0);
  });

  it('are not a bare service’s: it answers at once, whole', async () => {
    const { call, newIntent } = setup({ extensions: false });
    const intent = await newIntent();
    // Answered while the sandbox's clock stands: never held.
    const read = await call('GET', `/v1/payment-intents/${intent.intent_id}`, {
      token: null,
      headers: { 'If-None-Match': '*', Prefer: 'wait=5' },
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('preference-applied')).toBeNull();
  });

  it('are asked for by a client so configured, on a conditional read it holds a state for, and only then', async () => {
    const context = setup();
    const sent: (string | null)[] = [];
    const fetch = async (req: Request) => {
      sent.push(req.headers.get('prefer'));
      return context.sandbox.fetch(req);
    };
    const intent = await context.newIntent();
    const config = { baseUrl: BASE, fetch, readRetries: 0, heldReadS: 1 };
    await getIntentView(config, intent.intent_id, { conditional: true, hold: true });
    const held = getIntentView(config, intent.intent_id, { conditional: true, hold: true });
    await looksTwice();
    context.clock.advance(1_000);
    await held;
    await getIntentView(config, intent.intent_id, { conditional: true });
    await getIntentView({ ...config, heldReadS: undefined }, intent.intent_id, { conditional: true, hold: true });
    // No state held yet, then held; a read not to hold; a config that does not hold (another page).
    expect(sent).toEqual([null, 'wait=1', null, null]);
  });
});
