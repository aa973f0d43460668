// Listening before the routes exist: they need this server's own address (with port 0, known
// only once listening) for the links they write. Requests that arrive meanwhile wait for them.
// Closing drains: no new connection is accepted, idle keep-alive connections close at once, the
// requests in flight are answered (each with `Connection: close`) for up to `graceMs`, then what is
// left is cut.
import { type IncomingMessage, type RequestListener, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loggedPath } from './access-log';

/**
 * A request target's path ('/pay/pi_…?plain=1' → '/pay/pi_…'; an absolute-form target's too): its
 * query may hold what a log must not.
 */
const pathOf = (target = '/') => {
  try {
    return new URL(target, 'http://target').pathname;
  } catch {
    return '/';
  }
};

export interface CloseOptions {
  /**
   * How long the requests in flight may take to finish before their connections are cut. Default
   * 0: cut at once (tests, the bench); a stop on a signal gives them a few seconds (./signals.ts).
   */
  graceMs?: number;
  /**
   * Told, as the grace runs out, which requests are cut (method and path as a log may show them:
   * ./access-log.ts): a payer's answer never sent leaves no access-log line, so this is its trace.
   */
  onCut?(requests: string[]): void;
}

export interface Listening {
  server: Server;
  /** e.g. `http://127.0.0.1:3000` (localhost when listening on every interface). */
  url: string;
  port: number;
  /** Hands the requests, those waiting included, to `listener`. */
  route(listener: RequestListener): void;
  /** Stops listening, closes idle connections, lets requests in flight finish within `graceMs`, cuts the rest. */
  close(options?: CloseOptions): Promise<void>;
}

export async function listen(port: number, host: string): Promise<Listening> {
  const server = createServer();
  let route: (listener: RequestListener) => void = () => undefined;
  const routed = new Promise<RequestListener>((resolve) => (route = resolve));
  /** The answers not yet sent whole, to be told to end their connection once the server closes. */
  const inFlight = new Map<ServerResponse, IncomingMessage>();
  let closing: Promise<void> | undefined;
  /** Lets `res`'s connection end once it is answered, rather than wait for another request. */
  const lastOnItsConnection = (res: ServerResponse) => {
    if (!res.headersSent)
      res.shouldKeepAlive = false; // sent with `Connection: close`, then closed
    else res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight.set(res, req);
    res.once('close', () => inFlight.delete(res));
    // One more request on a connection kept alive, after the close began: answered, then closed.
    if (closing) lastOnItsConnection(res);
    void routed.then((listener) => listener(req, res));
  });
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
    close: ({ graceMs = 0, onCut } = {}) => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve()); // stops accepting; resolves once every connection is gone
        server.closeIdleConnections();
        for (const res of inFlight.keys()) lastOnItsConnection(res);
        if (graceMs <= 0) {
          server.closeAllConnections();
          return;
        }
        const cut = setTimeout(() => {
          if (onCut && inFlight.size > 0)
            onCut([...inFlight.values()].map((req) => `${req.method} ${loggedPath(pathOf(req.url))}`));
          server.closeAllConnections();
        }, graceMs);
        cut.unref();
        server.once('close', () => clearTimeout(cut));
      });
      return closing;
    },
  };
}
