// Starts the whole product on one port: the sandbox API, the hosted page, the widget and the demo
// merchant. `npm start` serves the build in dist/; `npm run dev` puts Vite in front for hot reload.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { InlineConfig, ViteDevServer } from 'vite';
import { createSandbox, type Sandbox } from '../sandbox/app';
import type { SandboxOptions } from '../sandbox/config';
import { createDemo, type Demo, type DemoApi, SANDBOX_SECRET_KEY } from '../demo/app';
import { demoMerchantProfile } from '../demo/profile';
import { compressAnswer } from './compress';
import { createDispatcher } from './dispatcher';
import { HTML_TYPE, type Handler, messagePage } from './http';
import { listen } from './listen';
import { DEFAULT_DIST_DIR, REPO_ROOT } from './paths';
import {
  type Route,
  apiRoute,
  assetsRoute,
  builtHostedPage,
  builtPages,
  demoRoute,
  hostedPageRoute,
  i18nRoute,
  stepsRoute,
  notFoundPage,
  rootRoute,
  widgetRoute,
} from './routes';
import { connectSource, inlineHashes } from './security';
import { createStaticFiles } from './static';
import { plainPaymentApi, withPlainPayment } from './plain-payment';

export interface StartServerOptions {
  /** Port to listen on; 0 picks a free one. Default 3000. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1 (this is a development server); 0.0.0.0 for all. */
  host?: string;
  /** Serve the hosted page through Vite (hot reload) instead of from dist/. */
  dev?: boolean;
  /** Options of the in-process sandbox (timings, clock, checkoutBaseUrl…). */
  sandboxOptions?: SandboxOptions;
  /**
   * Where payers and customers reach this server: the origin of session urls (unless the sandbox
   * options name another checkoutBaseUrl) and of the demo shop's return addresses. Never taken
   * from a request's Host. Default: this server's `url`.
   */
  publicUrl?: string;
  /** Build output to serve. Default: dist/ at the repository root. */
  distDir?: string;
  /** Origin the hosted page calls the API on, for its CSP connect-src. Default: this server ('self'). */
  apiOrigin?: string;
  /** A real payment service for the demo merchant. Default: the in-process sandbox. */
  demoApi?: DemoApi;
  /** Dev mode only: Vite options laid over the server's (e.g. `cacheDir`, `logLevel` in tests). */
  vite?: InlineConfig;
  /** Told about unexpected failures while answering (default: logged to stderr, secrets redacted). */
  onError?: (error: unknown, req: Request, route: string) => void;
}

export interface RunningServer {
  /** Base address, e.g. `http://127.0.0.1:3000` (no trailing slash). */
  url: string;
  port: number;
  /** The dispatcher itself, for in-process requests without HTTP. */
  fetch: Handler;
  /** Stops listening, closes open connections (and Vite in dev mode), then the sandbox's state files. */
  close(): Promise<void>;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const { port = 3000, host = '127.0.0.1', dev = false } = options;
  const distDir = resolve(options.distDir ?? DEFAULT_DIST_DIR);
  connectSource(options.apiOrigin); // fails now, not at the first request, on a bad address

  if (!dev && !existsSync(join(distDir, 'index.html'))) {
    throw new Error(`The hosted page is not built: ${join(distDir, 'index.html')} is missing. Run npm run build (or npm run dev).`);
  }

  const listening = await listen(port, host);
  const { url, route, server: httpServer } = listening;
  let vite: ViteDevServer | undefined;
  let sandbox: Sandbox | undefined;
  let demo: Demo | undefined;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= listening
      .close()
      .then(() => vite?.close())
      .then(() => demo?.close())
      .then(() => sandbox?.close());
    return closing;
  };

  try {
    const publicUrl = (options.publicUrl ?? url).replace(/\/+$/, '');
    sandbox = createSandbox({
      checkoutBaseUrl: publicUrl,
      ...options.sandboxOptions,
      // The demo shop's profile: its payers see whom they pay (Boutique Awa, its logo).
      merchants: { [SANDBOX_SECRET_KEY]: demoMerchantProfile(), ...options.sandboxOptions?.merchants },
    });
    demo = createDemo({
      api: options.demoApi,
      sandboxFetch: sandbox.fetch,
      shopBaseUrl: publicUrl,
      sandboxCheckoutBaseUrl: options.sandboxOptions?.checkoutBaseUrl,
    });
    const sandboxFetch = sandbox.fetch;
    const files = createStaticFiles(distDir);
    if (dev) {
      const { createServer: createViteServer } = await import('vite');
      vite = await createViteServer({
        root: REPO_ROOT,
        ...options.vite,
        // Hot-reload messages share this server's port instead of Vite's own (24678).
        server: { ...options.vite?.server, middlewareMode: true, ws: { server: httpServer } },
        appType: 'custom',
      });
    }
    const routes: Route[] = [
      // Answers compressed for the payer's data (the sandbox itself answers as a service may: plain).
      apiRoute(async (req, env) => compressAnswer(req, await sandboxFetch(req, env))),
      demoRoute(demo),
      withPlainPayment(
        hostedPageRoute(vite ? devHostedPage(vite) : builtHostedPage(files), {
          apiOrigin: options.apiOrigin,
          // Logos are at the sandbox's address, which the page may have been opened under another name of.
          imageOrigin: options.sandboxOptions?.checkoutBaseUrl ?? publicUrl,
          dev,
          // Every prerendered language's inline script (each page's its own text) and their one stylesheet.
          ...inlineHashes(...(dev ? [readFileSync(join(REPO_ROOT, 'index.html'), 'utf8')] : builtPages(distDir))),
        }),
        // A payment without JavaScript: this server reads and confirms for the payer, from the
        // service the page itself would call (the in-process sandbox, or apiOrigin).
        { api: plainPaymentApi(sandbox, options.apiOrigin), origins: [publicUrl] },
      ),
      widgetRoute(files),
      i18nRoute(files),
      stepsRoute(files),
      assetsRoute(files),
      rootRoute,
    ];
    const dispatch = createDispatcher(routes, { fallback: async () => notFoundPage(), onError: options.onError });
    const listener = getRequestListener(dispatch, { hostname: 'localhost' });

    // In dev mode Vite answers what the dispatcher's own routes do not claim (its client, the
    // modules of the page, assets); what Vite does not know falls through to the dispatcher.
    const ownPaths = routes.filter(({ name }) => name !== 'widget' && name !== 'assets');
    const devVite = vite;
    route((req, res) => {
      const pathname = (req.url ?? '/').split('?')[0] ?? '/';
      if (devVite && !ownPaths.some((candidate) => candidate.matches(pathname))) {
        devVite.middlewares(req, res, () => void listener(req, res));
      } else {
        void listener(req, res);
      }
    });

    // Compress the build now rather than on the first payer's request (one file at a time).
    if (!dev) void files.warm();
    return { url, port: listening.port, fetch: dispatch, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Dev mode: the project's index.html, read at each request and passed through Vite. */
function devHostedPage(vite: ViteDevServer): (req: Request) => Promise<Response> {
  return async (req) => {
    const template = await readFile(join(REPO_ROOT, 'index.html'), 'utf8').catch(() => null);
    if (template === null) {
      return messagePage(503, { lang: 'en', title: 'Checkout unavailable', text: 'index.html does not exist at the repository root yet.' });
    }
    const { pathname } = new URL(req.url);
    const html = await vite.transformIndexHtml(pathname, template);
    return new Response(req.method === 'HEAD' ? null : html, { headers: { 'Content-Type': HTML_TYPE } });
  };
}
