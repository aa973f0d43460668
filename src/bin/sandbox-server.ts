// What `momo-checkout-sandbox` serves on one port: the sandbox API under /v1, and — from the
// package's own build — the hosted page (session urls point at it) and widget.js, whose API
// defaults to where it was loaded from. So a merchant's end-to-end tests can redirect to a session
// or load the widget and pay with the test numbers, with nothing but this command running.
import { getRequestListener } from '@hono/node-server';
import { createSandbox, type Sandbox } from '../sandbox/app';
import type { SandboxOptions } from '../sandbox/config';
import { createDispatcher } from '../server/dispatcher';
import { listen } from '../server/listen';
import { apiRoute, assetsRoute, builtHostedPage, builtPages, hostedPageRoute, i18nRoute, notFoundPage, stepsRoute, widgetRoute } from '../server/routes';
import { plainPaymentApi, withPlainPayment } from '../server/plain-payment';
import { inlineHashes } from '../server/security';
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
  const listening = await listen(port, host);
  let sandbox: Sandbox | undefined;
  const close = () => listening.close().then(() => sandbox?.close());
  try {
    // Session urls point at this very server, never at whatever Host a request names.
    sandbox = createSandbox({ checkoutBaseUrl: listening.url, ...sandboxOptions });
    const files = createStaticFiles(distDir);
    const dispatch = createDispatcher(
      [
        apiRoute(sandbox.fetch),
        // Logos are at the sandbox's address (127.0.0.1), which the page may have been opened under another name of (localhost).
        withPlainPayment(
          hostedPageRoute(builtHostedPage(files), { ...inlineHashes(...builtPages(distDir)), imageOrigin: sandboxOptions?.checkoutBaseUrl ?? listening.url }),
          // A payment without JavaScript, confirmed by this server with the in-process sandbox.
          { api: plainPaymentApi(sandbox) },
        ),
        widgetRoute(files),
        i18nRoute(files),
        stepsRoute(files),
        assetsRoute(files),
      ],
      { fallback: async () => notFoundPage() },
    );
    listening.route(getRequestListener(dispatch, { hostname: 'localhost' }));
  } catch (error) {
    await close();
    throw error;
  }
  return { url: listening.url, close };
}
