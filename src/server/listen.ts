// Listening before the routes exist: they need this server's own address (with port 0, known
// only once listening) for the links they write. Requests that arrive meanwhile wait for them.
import { type IncomingMessage, type RequestListener, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  server: Server;
  /** e.g. `http://127.0.0.1:3000` (localhost when listening on every interface). */
  url: string;
  port: number;
  /** Hands the requests, those waiting included, to `listener`. */
  route(listener: RequestListener): void;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

export async function listen(port: number, host: string): Promise<Listening> {
  const server = createServer();
  let route: (listener: RequestListener) => void = () => undefined;
  const routed = new Promise<RequestListener>((resolve) => (route = resolve));
  server.on(
    'request',
    (req: IncomingMessage, res: ServerResponse) => void routed.then((listener) => listener(req, res)),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return {
    server,
    url: `http://${shownHost}:${bound}`,
    port: bound,
    route,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
