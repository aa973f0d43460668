// The one Hono app both commands serve (`npm start` and the packaged `momo-checkout-sandbox`), and
// the bench: composed of sub-apps, each owning its addresses. A new route goes in one of them.
//   /v1/…                  the payment service, the in-process sandbox        ./apps/api.ts
//   /demo/…, /             the demo shop (npm start only)                     ../demo/app.ts
//   /pay/…, /embed         the hosted page, and the payment without JS       ./apps/hosted-page.ts
//   (dev mode)             Vite: its client, the page's modules               ./apps/vite-dev.ts
//   /widget.js, /assets/…, /i18n/…, /steps/…   the build output (dist/)       ./apps/build-output.ts
// Every answer carries the base headers; a failure is a plain 500 page, never a stack.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { ViteDevServer } from 'vite';
import { createSandbox, type Sandbox, type SandboxOptions } from '../sandbox';
import { redact } from '../api/redact';
import { apiApp } from './apps/api';
import { buildOutputApp } from './apps/build-output';
import type { ServerEnv } from './apps/env';
import { builtHostedPage, builtPages, hostedPageApp } from './apps/hosted-page';
import { devHostedPage, viteDevApp } from './apps/vite-dev';
import { plainPaymentApi } from './plain-payment';
import { notFoundPage, redirect, serverErrorPage, withHeaders } from './responses';
import { BASE_HEADERS, connectSource, inlineHashes } from './security';
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
  onError?: ((error: unknown, req: Request, route: string) => void) | undefined;
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
  const { publicUrl, distDir, sandboxOptions, apiOrigin, vite, onError = logError } = options;
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

  // The path as the request names it, not percent-decoded (Hono's default): each sub-app checks
  // its addresses against exactly what the client sent.
  const app = new Hono<ServerEnv>({ getPath: (req) => new URL(req.url).pathname });
  app.use(async (c, next) => {
    await next();
    const res = withHeaders(c.res, BASE_HEADERS);
    if (res !== c.res) {
      c.res = undefined; // replaced, not merged with the headers of the one before
      c.res = res;
    }
  });
  app.route('/', apiApp(sandbox, { compress: options.compressApi }));
  if (demo) {
    app.route('/', demo.app);
    app.all('/', () => redirect('/demo', 302)); // nothing of its own at the root: show the demo
  }
  app.route(
    '/',
    hostedPageApp({
      loadHtml: vite ? devHostedPage(vite.server, vite.root) : builtHostedPage(files),
      policy: {
        apiOrigin,
        // Logos are at the sandbox's address, which the page may have been opened under another name of.
        imageOrigin: sandboxOptions?.checkoutBaseUrl ?? publicUrl,
        dev: vite !== undefined,
        // Every prerendered language's inline script (each page's its own text) and their one stylesheet.
        ...inlineHashes(...(vite ? [readFileSync(join(vite.root, 'index.html'), 'utf8')] : builtPages(distDir))),
      },
      // A payment without JavaScript: this server reads and confirms for the payer, from the
      // service the page itself would call (the in-process sandbox, or apiOrigin).
      plain: { api: plainPaymentApi(sandbox, apiOrigin), origins: [publicUrl] },
    }),
  );
  if (vite) app.route('/', viteDevApp(vite.server));
  app.route('/', buildOutputApp(files));
  app.notFound(() => notFoundPage());
  app.onError((error, c) => {
    onError(error, c.req.raw, c.req.routePath);
    return serverErrorPage();
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

function logError(error: unknown, req: Request, route: string): void {
  const { pathname } = new URL(req.url);
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  // Paths hold ids (redacted: a log names no intent); never secrets (those live in fragments, which never reach a server).
  console.error(`[server] ${req.method} ${redact(pathname)} (${route}) failed: ${redact(detail)}`);
}
