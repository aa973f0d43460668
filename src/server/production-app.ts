// What `momo-checkout-server` serves: the checkout alone, against the payment service at `apiBase` —
// the hosted page (and the widget's frame, and the payment without JavaScript), widget.js, its steps
// and catalogues, the hashed assets, /healthz and /readyz, a JSON line per request on stdout, HSTS
// when payers reach it over https. No /v1 (no sandbox), no demo shop. It keeps no state a second
// instance lacks: the form keys are given (shared), everything else is the service's.
import type { Hono } from 'hono';
import type { ServerEnv } from './apps/env';
import { type CheckReady, serviceAnswers } from './apps/health';
import { mountCheckout, serverApp } from './checkout-apps';
import { createFormTokens } from './form-token';
import { createReceiptTokens } from './receipt-token';
import type { ProductionConfig } from './production-config';
import { connectSource } from './security';
import { createStaticFiles } from './static';

export interface ProductionAppOptions extends Pick<ProductionConfig, 'apiBase' | 'publicUrl' | 'formKeys'> {
  /** The build output the package ships (dist/). */
  distDir: string;
  /** Told about unexpected failures while answering (default: logged to stderr, secrets redacted). */
  onError?: ((error: unknown, req: Request, route: string) => void) | undefined;
  /** Writes the access log, one JSON line per request. Default: stdout (the command's). */
  accessLog?: ((line: string) => void) | undefined;
  /** How /readyz asks the service. Default: serviceAnswers(apiBase), through the global fetch. */
  ready?: CheckReady | undefined;
}

export interface ProductionApp {
  app: Hono<ServerEnv>;
  /** Compresses the build now rather than on the first payer's request. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export function createProductionApp(options: ProductionAppOptions): ProductionApp {
  const { apiBase, publicUrl, formKeys, distDir, onError } = options;
  connectSource(apiBase); // fails now, not at the first request, on a bad address
  // The hosted page and widget.js learn, as they are served, where the API is and where payers reach this server.
  const files = createStaticFiles(distDir, { served: { apiBase, publicUrl } });
  const app = serverApp({
    publicUrl,
    onError,
    // Ready while the service answers: a load balancer sends no payer to an instance that cannot reach it.
    ready: options.ready ?? serviceAnswers(apiBase),
    accessLog: options.accessLog ?? ((line) => process.stdout.write(`${line}\n`)),
  });
  mountCheckout(app, {
    files,
    publicUrl,
    apiOrigin: apiBase,
    // Merchants' logos: the service serves them itself (docs/sandbox.md, "Merchant profile").
    imageOrigin: apiBase,
    plainApi: () => ({ baseUrl: apiBase }),
    formTokens: createFormTokens({ keys: formKeys }),
    // Derived from the same shared keys: a receipt link made by one instance opens on every other.
    receiptTokens: createReceiptTokens({ keys: formKeys }),
  });
  return { app, warm: () => files.warm(), close: async () => undefined };
}
