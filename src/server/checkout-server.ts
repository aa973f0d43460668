// `npm start`'s server (and the tests' and the bench's): the whole product on one port — the
// sandbox API, the hosted page, the widget and the demo shop. Serves the build in dist/; in dev
// mode puts Vite in front for hot reload.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { InlineConfig } from 'vite';
import type { WebhookFault } from '../api';
import { createDemo, type DemoApi, SANDBOX_SECRET_KEY } from '../demo/app';
import { demoMerchantProfile } from '../demo/profile';
import type { SandboxOptions } from '../sandbox';
import { DEFAULT_DIST_DIR, REPO_ROOT } from './paths';
import { type RunningServer, type ServerOptions, startServer } from './start';

export type { RunningServer };

export interface CheckoutServerOptions extends Partial<Omit<ServerOptions, 'vite' | 'demo' | 'compressApi'>> {
  /** Serve the hosted page through Vite (hot reload) instead of from dist/. */
  dev?: boolean;
  /** A real payment service for the demo merchant. Default: the in-process sandbox. */
  demoApi?: DemoApi | undefined;
  /** Delivery faults the sandbox plays on the demo shop's own webhook endpoint (docs/webhooks.md). */
  demoWebhookFaults?: readonly WebhookFault[] | undefined;
  /** Dev mode only: Vite options laid over the server's (e.g. `cacheDir`, `logLevel` in tests). */
  vite?: InlineConfig;
}

export async function startCheckoutServer(options: CheckoutServerOptions = {}): Promise<RunningServer> {
  const {
    port = 3000,
    host = '127.0.0.1',
    dev = false,
    demoApi,
    demoWebhookFaults,
    vite: viteOptions,
    sandboxOptions,
    ...rest
  } = options;
  const distDir = resolve(options.distDir ?? DEFAULT_DIST_DIR);
  if (!dev && !existsSync(join(distDir, 'index.html'))) {
    throw new Error(
      `The hosted page is not built: ${join(distDir, 'index.html')} is missing. Run npm run build (or npm run dev).`,
    );
  }
  return startServer({
    ...rest,
    port,
    host,
    distDir,
    sandboxOptions: {
      ...sandboxOptions,
      // The demo shop's profile: its payers see whom they pay (Boutique Awa, its logo).
      merchants: { [SANDBOX_SECRET_KEY]: demoMerchantProfile(), ...sandboxOptions?.merchants },
    } satisfies SandboxOptions,
    demo: ({ sandbox, publicUrl }) =>
      createDemo({
        api: demoApi,
        sandboxFetch: sandbox.fetch,
        shopBaseUrl: publicUrl,
        sandboxCheckoutBaseUrl: sandboxOptions?.checkoutBaseUrl,
        webhookFaults: demoWebhookFaults,
      }),
    vite: dev
      ? async (httpServer) => {
          const { createServer } = await import('vite');
          const server = await createServer({
            root: REPO_ROOT,
            ...viteOptions,
            // Hot-reload messages share this server's port instead of Vite's own (24678).
            server: { ...viteOptions?.server, middlewareMode: true, ws: { server: httpServer } },
            appType: 'custom',
          });
          return { server, root: REPO_ROOT };
        }
      : undefined,
  });
}
