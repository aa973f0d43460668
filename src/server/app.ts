// The one Hono app of `npm start`, the packaged `momo-checkout-sandbox` and the bench: the checkout
// beside the in-process sandbox, composed of sub-apps, each owning its addresses and mounted at
// their prefix (`app.route`), its own routes relative to it; the checkout's own and the health
// checks own addresses at the root, which share no prefix (./checkout-apps.ts says why):
//   /healthz, /readyz      the process serves; the payment service answers   ./apps/health.ts
//   /v1/…                  the payment service, the in-process sandbox        ./apps/api.ts
//   /openapi.json          its OpenAPI document, answered by the sandbox     ./apps/api.ts
//   /demo/…, /             the demo shop (npm start only)                     ../demo/app.ts
//   /pay/…, /embed, /widget.js, /assets/…, /i18n/…, /steps/…   the checkout  ./checkout-apps.ts
// The production server (`momo-checkout-server`) mounts the same checkout alone: ./production-app.ts.
import type { Hono } from 'hono';
import type { ViteDevServer } from 'vite';
import { createSandbox, type Sandbox, type SandboxOptions } from '../sandbox';
import { apiApp, apiDocumentApp } from './apps/api';
import type { ServerEnv } from './apps/env';
import { type ComposeOptions, mountCheckout, serverApp } from './checkout-apps';
import { plainPaymentApi } from './plain-payment';
import { redirect } from './responses';
import { connectSource } from './security';
import { createStaticFiles } from './static';

/** A sub-app served beside the checkout's own, with what it holds open (the demo shop). */
export interface MountedApp {
  app: Hono;
  close(): Promise<void>;
}

/** What a sub-app made with the sandbox is given: the sandbox, and where payers reach this server. */
export interface MountContext {
  sandbox: Sandbox;
  publicUrl: string;
}

export interface ServerAppOptions {
  /** Where payers reach this server: the origin of session urls, unless `sandboxOptions.checkoutBaseUrl` names another. */
  publicUrl: string;
  /** The build output: the hosted page, its assets, widget.js, the catalogues and the steps. */
  distDir: string;
  /** Options of the in-process sandbox (timings, clock, checkoutBaseUrl, merchants…). */
  sandboxOptions?: SandboxOptions | undefined;
  /** Origin the hosted page calls the API on, for its CSP connect-src. Default: this server ('self'). */
  apiOrigin?: string | undefined;
  /** Compress the API's answers (`npm start`: payers' data); the packaged sandbox command answers plain. */
  compressApi: boolean;
  /** The demo shop, at /demo, with `/` leading to it (`npm start`; the sandbox command has none). */
  demo?: ((context: MountContext) => MountedApp) | undefined;
  /** Dev mode: the hosted page and the sources through this Vite server, `root` holding index.html. */
  vite?: { server: ViteDevServer; root: string } | undefined;
  /** Told about unexpected failures while answering (default: logged to stderr, secrets redacted). */
  onError?: ComposeOptions['onError'];
  /** The only host names it answers under (a server on loopback); default every name. */
  allowedHosts?: ComposeOptions['allowedHosts'];
  /** Whether the payment service answers, for /readyz: default always (the in-process sandbox). */
  ready?: ComposeOptions['ready'];
  /** Writes the access log, one JSON line per request, e.g. console.log. Default: none. */
  accessLog?: ComposeOptions['accessLog'];
}

export interface ServerApp {
  app: Hono<ServerEnv>;
  sandbox: Sandbox;
  /** Compresses the build now rather than on the first payer's request. */
  warm(): Promise<void>;
  /** Closes the demo, then the sandbox's state files. */
  close(): Promise<void>;
}

export function createServerApp(options: ServerAppOptions): ServerApp {
  const { publicUrl, distDir, sandboxOptions, apiOrigin, vite, onError, allowedHosts, ready, accessLog } = options;
  connectSource(apiOrigin); // fails now, not at the first request, on a bad address
  const sandbox = createSandbox({ checkoutBaseUrl: publicUrl, ...sandboxOptions });
  let demo: MountedApp | undefined;
  try {
    demo = options.demo?.({ sandbox, publicUrl });
  } catch (error) {
    void sandbox.close();
    throw error;
  }
  // The hosted page and widget.js learn, as they are served, where the API is and where this server is.
  const files = createStaticFiles(distDir, { served: { apiBase: apiOrigin, publicUrl } });
  const app = serverApp({ publicUrl, onError, allowedHosts, ready, accessLog });
  app.route('/v1', apiApp(sandbox, { compress: options.compressApi }));
  app.route('/', apiDocumentApp(sandbox, { compress: options.compressApi }));
  if (demo) {
    app.route('/demo', demo.app);
    app.all('/', () => redirect('/demo', 302)); // nothing of its own at the root: show the demo
  }
  mountCheckout(app, {
    files,
    publicUrl,
    apiOrigin,
    // Logos are at the sandbox's address, which the page may have been opened under another name of.
    imageOrigin: sandboxOptions?.checkoutBaseUrl ?? publicUrl,
    // A payment without JavaScript: this server reads and confirms for the payer, from the
    // service the page itself would call (the in-process sandbox, or apiOrigin).
    plainApi: plainPaymentApi(sandbox, apiOrigin),
    // The sandbox's clock (a test's, running ahead): the attempts it starts are timed by it.
    plainNow: apiOrigin === undefined ? sandboxOptions?.now : undefined,
    vite,
  });

  return {
    app,
    sandbox,
    warm: () => files.warm(),
    close: async () => {
      await demo?.close();
      await sandbox.close();
    },
  };
}
