// What the packaged `momo-checkout-sandbox` serves on one port: the server without the demo shop —
// the sandbox API under /v1 and, from the package's own build, the hosted page (session urls point
// at it) and widget.js, whose API defaults to where it was loaded from. So a merchant's end-to-end
// tests can redirect to a session or load the widget and pay with the test numbers, with nothing
// but this command running.
import { type RunningServer, type ServerOptions, startServer } from './start';

export type { RunningServer };

/** `publicUrl`: the address it gives out (MOMO_PUBLIC_URL; sessions' urls), else where it listens. */
export type SandboxServerOptions = Pick<ServerOptions, 'port' | 'host' | 'distDir' | 'sandboxOptions' | 'publicUrl'>;

export function startSandboxServer(options: SandboxServerOptions): Promise<RunningServer> {
  // The API answers as the service does, uncompressed: what a merchant's client sees in its tests.
  return startServer({ ...options, compressApi: false });
}
