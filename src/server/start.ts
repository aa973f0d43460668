// The one way to start a server, for both commands (`npm start`, `momo-checkout-sandbox`), the tests
// and the bench: listen, then serve the app built from the options (./app.ts) on that socket.
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { ViteDevServer } from 'vite';
import type { Sandbox } from '../sandbox';
import { createServerApp, type ServerApp, type ServerAppOptions } from './app';
import { type CloseOptions, listen } from './listen';

export interface ServerOptions extends Omit<ServerAppOptions, 'publicUrl' | 'vite' | 'compressApi'> {
  /** Port to listen on; 0 picks a free one. */
  port: number;
  /** Interface to listen on, e.g. 127.0.0.1 (loopback: these are development servers) or 0.0.0.0. */
  host: string;
  /**
   * Where payers and customers reach this server: the origin of session urls (unless the sandbox
   * options name another checkoutBaseUrl) and of the demo shop's return addresses. Never taken
   * from a request's Host. Default: this server's `url`.
   */
  publicUrl?: string | undefined;
  /** Compress the API's answers. Default true; the packaged sandbox command answers plain. */
  compressApi?: boolean;
  /** Dev mode: makes the Vite server (hot reload on this server's own socket) to put in front. */
  vite?: ((httpServer: Server) => Promise<{ server: ViteDevServer; root: string }>) | undefined;
}

export interface RunningServer {
  /** Base address, e.g. `http://127.0.0.1:3000` (no trailing slash). */
  url: string;
  port: number;
  /** The app itself, for in-process requests without HTTP. */
  fetch: (req: Request) => Promise<Response>;
  /** The in-process sandbox (its stats, its faults). */
  sandbox: Sandbox;
  /**
   * Stops listening, closes idle connections, lets requests in flight finish within `graceMs`
   * (default 0: cut at once), then closes Vite in dev mode, the demo and the sandbox's state files.
   */
  close(options?: CloseOptions): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { port, host, vite: makeVite, compressApi = true, ...appOptions } = options;
  // Listening before the app exists: it needs this server's own address (with port 0, known only
  // once listening) for the links it writes. Requests that arrive meanwhile wait for it.
  const listening = await listen(port, host);
  let vite: { server: ViteDevServer; root: string } | undefined;
  let served: ServerApp | undefined;
  let closing: Promise<void> | undefined;
  const close = (closeOptions?: CloseOptions) => {
    closing ??= listening
      .close(closeOptions)
      .then(() => vite?.server.close())
      .then(() => served?.close());
    return closing;
  };
  try {
    vite = await makeVite?.(listening.server);
    served = createServerApp({
      ...appOptions,
      distDir: resolve(appOptions.distDir),
      publicUrl: (options.publicUrl ?? listening.url).replace(/\/+$/, ''),
      compressApi,
      vite,
    });
    const { app } = served;
    listening.route(getRequestListener(app.fetch, { hostname: 'localhost' }));
    // Compress the build now rather than on the first payer's request (one file at a time).
    if (!vite) void served.warm();
    return {
      url: listening.url,
      port: listening.port,
      fetch: async (req) => app.fetch(req),
      sandbox: served.sandbox,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
