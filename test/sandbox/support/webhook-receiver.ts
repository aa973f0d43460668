// A merchant's endpoint for the sandbox's deliveries: a real local HTTP server that keeps every
// request (its headers and raw body) and answers what the test says, by default 200.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** The event's `type` and `id`, read from the body. */
  type: string;
  id: string;
}

/** `answer` gives each request's status; below 0, none is sent. */
export async function webhookReceiver(answer: (received: Received, index: number) => number = () => 200) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const { type, id } = JSON.parse(body) as { type: string; id: string };
      const one = { headers: request.headers, body, type, id };
      received.push(one);
      // A status below 0: no answer at all (the sender's timeout ends it).
      const status = answer(one, received.length - 1);
      if (status >= 0) response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Waits (in real time, up to 10 s, whatever the machine's speed) until `count` requests came. */
    until: (count: number) =>
      vi.waitFor(
        () => {
          if (received.length < count) throw new Error(`${received.length} of ${count} deliveries so far`);
        },
        { timeout: 10_000, interval: 5 },
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
