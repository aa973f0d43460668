// `/v1` and everything below it: the payment service — the in-process sandbox; and its OpenAPI
// document, `/openapi.json` (docs/openapi.md).
import { type Context, Hono } from 'hono';
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

export function apiApp(sandbox: Pick<Sandbox, 'fetch'>, { compress }: ApiAppOptions): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  // The sandbox needs the socket (the bindings) to tell clients apart for its confirm rate limit.
  const toSandbox = async (c: Context<ServerEnv>) => {
    const res = await sandbox.fetch(c.req.raw, c.env);
    return compress ? compressAnswer(c.req.raw, res) : res;
  };
  app.all('/v1/*', toSandbox);
  app.get('/openapi.json', toSandbox);
  return app;
}
