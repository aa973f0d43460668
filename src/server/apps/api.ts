// `/v1` and everything below it (mounted there): the payment service — the in-process sandbox,
// which is handed the request as it came, its full address included; and, at the root, its OpenAPI
// document, `/openapi.json` (docs/openapi.md), which the sandbox answers too.
import { type Context, Hono } from 'hono';
import { OPENAPI_PATH } from '../../sandbox/openapi/route';
import type { Sandbox } from '../../sandbox';
import { compressAnswer } from '../compress';
import type { ServerEnv } from './env';

export interface ApiAppOptions {
  /**
   * Compress the answers for the payer's data (`npm start`). The sandbox itself answers as a
   * service may, plain; the packaged sandbox command serves its answers so.
   */
  compress: boolean;
}

/** Hands the request to the sandbox, with the socket (the bindings): its confirm rate limit tells clients apart by it. */
const toSandbox =
  (sandbox: Pick<Sandbox, 'fetch'>, { compress }: ApiAppOptions) =>
  async (c: Context<ServerEnv>) => {
    const res = await sandbox.fetch(c.req.raw, c.env);
    return compress ? compressAnswer(c.req.raw, res) : res;
  };

export function apiApp(sandbox: Pick<Sandbox, 'fetch'>, options: ApiAppOptions): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  app.all('/*', toSandbox(sandbox, options));
  return app;
}

/** `/openapi.json` (mounted at the root): the sandbox's OpenAPI document, as the sandbox serves it. */
export function apiDocumentApp(sandbox: Pick<Sandbox, 'fetch'>, options: ApiAppOptions): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  app.get(OPENAPI_PATH, toSandbox(sandbox, options));
  return app;
}
