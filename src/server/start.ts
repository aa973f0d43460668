// The one way to start a server, for every command (`npm start`, `momo-checkout-sandbox`,
// `momo-checkout-server`), the tests and the bench: listen, then serve the app built for this
// server's address (./app.ts with the sandbox, ./production-app.ts without) on that socket.
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { ViteDevServer } from 'vite';
import type { Sandbox } from '../sandbox';
import type { ServerEnv } from './apps/env';
import type { Hono } from 'hono';
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
  let vite: { server: ViteDevServer; root: string } | undefined;
  const served = await serveApp<ServerApp>(port, host, async (url, httpServer) => {
    vite = await makeVite?.(httpServer);
    try {
      return createServerApp({
        ...appOptions,
        distDir: resolve(appOptions.distDir),
        publicUrl: (options.publicUrl ?? url).replace(/\/+$/, ''),
        compressApi,
        vite,
      });
    } catch (error) {
      await vite?.server.close();
      throw error;
    }
  });
  // Compress the build now rather than on the first payer's request (one file at a time).
  if (!vite) void served.app.warm();
  return {
    url: served.url,
    port: served.port,
    fetch: served.fetch,
    sandbox: served.app.sandbox,
    close: (closeOptions) => served.close(closeOptions).then(() => vite?.server.close()),
  };
}

/** What serveApp serves: an app, and what to close once the socket is closed. */
export interface Served {
  app: Pick<Hono<ServerEnv>, 'fetch'>;
  close(): Promise<void>;
}

export interface Serving<App extends Served> {
  url: string;
  port: number;
  fetch: (req: Request) => Promise<Response>;
  /** What `make` made. */
  app: App;
  /**
   * Stops listening, closes idle connections, lets requests in flight finish within `graceMs`
   * (default 0: cut at once), then closes the app. Once, however often it is called.
   */
  close(options?: CloseOptions): Promise<void>;
}

/**
 * Listens on `port` and `host`, then serves the app `make` builds for this server's own address
 * (with port 0, known only once listening), on that socket. Requests that arrive meanwhile wait.
 */
export async function serveApp<App extends Served>(
  port: number,
  host: string,
  make: (url: string, httpServer: Server) => Promise<App> | App,
): Promise<Serving<App>> {
  const listening = await listen(port, host);
  let made: App | undefined;
  let closing: Promise<void> | undefined;
  const close = (closeOptions?: CloseOptions) => {
    closing ??= listening.close(closeOptions).then(() => made?.close());
    return closing;
  };
  try {
    made = await make(listening.url, listening.server);
  } catch (error) {
    await close();
    throw error;
  }
  const app = made;
  listening.route(getRequestListener(app.app.fetch, { hostname: 'localhost' }));
  return {
    url: listening.url,
    port: listening.port,
    fetch: async (req) => app.app.fetch(req),
    app,
    close,
  };
}
