// What `momo-checkout-sandbox` serves on one port: the sandbox API under /v1, and — from the
// package's own build — the hosted page (session urls point at it) and widget.js, whose API
// defaults to where it was loaded from. So a merchant's end-to-end tests can redirect to a session
// or load the widget and pay with the test numbers, with nothing but this command running.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createSandbox } from '../sandbox/app';
import type { SandboxOptions } from '../sandbox/config';
import { createDispatcher } from '../server/dispatcher';
import { apiRoute, assetsRoute, builtHostedPage, hostedPageRoute, notFoundPage, widgetRoute } from '../server/routes';
import { createStaticFiles } from '../server/static';

export interface SandboxServerOptions {
  port: number;
  host: string;
  /** The build holding index.html, assets/ and widget.js. */
  distDir: string;
  sandbox?: SandboxOptions;
}

export interface RunningSandbox {
  /** e.g. `http://127.0.0.1:12111`: the API is `${url}/v1`. */
  url: string;
  close(): Promise<void>;
}

export async function startSandboxServer({ port, host, distDir, sandbox: sandboxOptions }: SandboxServerOptions): Promise<RunningSandbox> {
  const sandbox = createSandbox(sandboxOptions);
  const files = createStaticFiles(distDir);
  const dispatch = createDispatcher(
    [apiRoute(sandbox.fetch), hostedPageRoute(builtHostedPage(files), {}), widgetRoute(files), assetsRoute(files)],
    { fallback: async () => notFoundPage() },
  );
  const server = createServer(getRequestListener(dispatch, { hostname: 'localhost' }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
