// GET /openapi.json: the sandbox serves the document of what it answers — with its extensions or
// as a bare service, on its own address — so a merchant's tools (a client generator, a validating
// proxy, an API browser) read it from the sandbox they test against. Written once, at the first read.
import type { Handler } from 'hono';
import type { SandboxConfig } from '../config';
import type { SandboxEnv } from '../env';
import { openApiDocument } from './document';

export const OPENAPI_PATH = '/openapi.json';

export function openApiRoute(config: Pick<SandboxConfig, 'extensions' | 'checkoutBaseUrl'>): Handler<SandboxEnv> {
  let text: string | undefined;
  return () => {
    text ??= JSON.stringify(
      openApiDocument({
        extensions: config.extensions,
        servers: [{ url: config.checkoutBaseUrl, description: 'This sandbox' }],
      }),
    );
    return new Response(text, {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'X-Content-Type-Options': 'nosniff',
        // Public and the same for every reader: a tool in a page of any origin may read it.
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'no-cache',
      },
    });
  };
}
