// An answer's text, within a limit of bytes: what the one HTTP helper (./http.ts) reads of every
// answer, so that a merchant's server never holds in memory an answer of any size.
import { ApiError } from './errors';

/**
 * The answer's text, read as a stream and given up past `limit` bytes (its Content-Length says
 * so first, or its bytes as they come): an answer of any size would otherwise all be held in memory.
 */
export async function readText(
  response: Response,
  limit: number,
  spec: { method: string; path: string },
): Promise<string> {
  // A browser holds an answer as it holds the page, within its own limits; the memory an endless
  // answer would take is a merchant's Node server's: there it is read up to the limit. (The bundles
  // a browser runs leave this code out: 0.4 KB brotli.)
  if (typeof __MOMO_BROWSER_BUILD__ !== 'undefined') return response.text();
  const tooLarge = () =>
    new ApiError(
      'invalid_response',
      `The answer to ${spec.method} ${spec.path} is larger than ${limit} bytes, the most this client reads`,
      { status: response.status },
    );
  const declared = Number(response.headers.get('Content-Length') ?? Number.NaN);
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const body = response.body;
  if (!body || typeof body.getReader !== 'function') {
    const text = await response.text();
    if (text.length > limit) throw tooLarge();
    return text;
  }
  const bytes = await readBytes(body, limit);
  if (!bytes) throw tooLarge();
  return new TextDecoder().decode(bytes);
}

/**
 * A body's bytes, or null (and the rest left unread) as soon as they pass `max`: what the client, the
 * server's forms and the sandbox's requests read, none of them holding a body of any size. A
 * failure of the stream before its end is thrown as it came.
 */
export async function readBytes(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
