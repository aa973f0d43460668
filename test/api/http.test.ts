// @vitest-environment node
// src/api/http.ts, the one helper every request goes through. The Node client reads answers of a
// bounded size (issue 22): past `maxAnswerBytes` (1 MiB by default) it stops reading and answers
// ApiError `invalid_response`, instead of holding an answer of any size in memory.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { ApiError } from '../../src/api/errors';
import { DEFAULT_MAX_ANSWER_BYTES } from '../../src/api/http';
import { createSandbox } from '../../src/sandbox';

const CHUNK = 64 * 1024;

/** A service whose answer never ends: 64 KiB chunks of a JSON string, counting what was pulled. */
function endlessService(headers: Record<string, string> = {}) {
  const pulled = { bytes: 0, canceled: false };
  const fetch = async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"id":"'));
        },
        pull(controller) {
          pulled.bytes += CHUNK;
          controller.enqueue(new Uint8Array(CHUNK).fill(0x61));
        },
        cancel() {
          pulled.canceled = true;
        },
      }),
      { status: 200, headers: { 'Content-Type': 'application/json', ...headers } },
    );
  return { fetch, pulled };
}

describe('the size of the answers the client reads', () => {
  it('stops reading an endless answer past the limit: invalid_response, the stream canceled, bounded work', async () => {
    const { fetch, pulled } = endlessService();
    const client = createClient({ baseUrl: 'http://service.test', token: 'sk_test_x', fetch, readRetries: 0 });
    const error = await client.getIntent('pi_x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'invalid_response', status: 200 });
    expect((error as ApiError).message).toBe(
      `The answer to GET /v1/payment-intents/pi_x is larger than ${DEFAULT_MAX_ANSWER_BYTES} bytes, the most this client reads`,
    );
    expect(pulled.canceled).toBe(true);
    // A stream may run a few chunks ahead of its reader: never much past the limit.
    expect(pulled.bytes).toBeLessThanOrEqual(DEFAULT_MAX_ANSWER_BYTES + 4 * CHUNK);
  });

  it('refuses at once an answer whose Content-Length says it is too large, with the limit it was given', async () => {
    const { fetch, pulled } = endlessService({ 'Content-Length': String(10 * 1024 * 1024) });
    const client = createClient({ baseUrl: 'http://service.test', fetch, readRetries: 0, maxAnswerBytes: 4096 });
    await expect(client.getIntent('pi_x')).rejects.toMatchObject({
      kind: 'invalid_response',
      message: expect.stringContaining('larger than 4096 bytes'),
    });
    expect(pulled.bytes).toBeLessThanOrEqual(CHUNK);
  });

  it('reads answers within the limit as before', async () => {
    const sandbox = createSandbox({ env: {} });
    const client = createClient({
      baseUrl: 'http://sandbox.test',
      token: 'sk_test_x',
      fetch: sandbox.fetch,
      maxAnswerBytes: 4096,
    });
    const intent = await client.createIntent({ amount: 5000, currency: 'xaf', description: 'é'.repeat(100) });
    expect((await client.getIntent(intent.intent_id)).description).toBe('é'.repeat(100));
  });
});
