// The exchanges a test made with the sandbox (./recording-sandbox.ts), read and checked against the
// document after the test (./setup.ts).
import type { Exchange } from './validator';

export interface Recorded {
  request: Request;
  /** The body the sandbox read, whole, or null (none, or not read to its end). */
  body: (() => string | null) | null;
  response: Response;
  /** Whether the sandbox had its extensions (which document it answers by). */
  extensions: boolean;
}

const pending: Recorded[] = [];

export function record(recorded: Recorded): void {
  pending.push(recorded);
}

/** An answer's body as text, or null: none, or one that does not end within a second. */
async function textOf(response: Response): Promise<string | null> {
  if (response.body === null) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), 1000);
  });
  try {
    return await Promise.race([response.text().catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The exchanges recorded since the last call. */
export async function takeExchanges(): Promise<(Exchange & { extensions: boolean })[]> {
  const taken = pending.splice(0);
  return Promise.all(
    taken.map(async ({ request, body, response, extensions }) => ({
      extensions,
      method: request.method,
      url: request.url,
      requestHeaders: Object.fromEntries(request.headers),
      requestBody: body?.() ?? null,
      status: response.status,
      responseHeaders: Object.fromEntries(response.headers),
      responseBody: await textOf(response),
    })),
  );
}
