// The sandbox: a local, faithful stand-in for the mobile-money payment service, used by the dev
// server, the demo and every test. Everything lives in memory, per instance; time comes from an
// injectable clock and nothing runs in the background.
import { Hono } from 'hono';
import { resolveConfig, type SandboxOptions } from './config';
import type { Deps, SandboxEnv } from './env';
import { ApiError, notFound, redact } from './errors';
import { jsonResponse } from './http';
import { intentRoutes } from './routes/intents';
import { sessionRoutes } from './routes/sessions';
import { transferRoutes } from './routes/transfers';
import { createStore } from './store';

export interface Sandbox {
  app: Hono<SandboxEnv>;
  fetch: (request: Request) => Promise<Response>;
}

function logInternal(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  console.error(`[sandbox] internal error: ${redact(text)}`);
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const config = resolveConfig(options);
  const deps: Deps = { config, store: createStore() };
  const app = new Hono<SandboxEnv>();

  intentRoutes(app, deps);
  transferRoutes(app, deps);
  sessionRoutes(app, deps);

  app.notFound(() => {
    const error = notFound('This endpoint');
    return jsonResponse(error.status, error.toBody());
  });
  app.onError((error) => {
    if (error instanceof ApiError) return jsonResponse(error.status, error.toBody());
    logInternal(error);
    const internal = new ApiError('internal_error', 'The sandbox failed unexpectedly; the request may be retried.');
    return jsonResponse(internal.status, internal.toBody());
  });

  return { app, fetch: async (request) => app.fetch(request) };
}
