// @vitest-environment node
// src/api/read-text.ts: an answer's text read within a limit of bytes (the client's answers, through
// it: ./http.test.ts). Here what the limit counts: bytes, not characters, and a character cut
// between two chunks read whole.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { readText } from '../../src/api/read-text';

const spec = { method: 'GET', path: '/v1/payment-intents/pi_x' };

/** An answer streamed in the chunks given, as a socket may cut it. */
const streamed = (chunks: Uint8Array[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    }),
  );

describe('readText', () => {
  it('reads a character cut between two chunks whole, and counts the limit in bytes', async () => {
    const bytes = new TextEncoder().encode('{"description":"Reçu à Lomé"}');
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of "ç"
    const text = await readText(streamed([bytes.slice(0, cut), bytes.slice(cut)]), bytes.length, spec);
    expect(text).toBe('{"description":"Reçu à Lomé"}');
    // One byte less than the answer: refused, though its characters are fewer than the limit.
    const error = await readText(streamed([bytes]), bytes.length - 1, spec).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'invalid_response', status: 200 });
  });
});
