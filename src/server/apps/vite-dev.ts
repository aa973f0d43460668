// Dev mode (`npm run dev`): Vite in front of the build output, for hot reload. Only a Vite server
// made by the caller comes in here (no import of Vite itself), so the packaged sandbox command,
// built from the same modules, carries none of it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { ViteDevServer } from 'vite';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { HTML_TYPE, messagePage } from '../responses';
import type { ServerEnv } from './env';

/**
 * Vite's middlewares for every request that reaches this sub-app: its client, the page's modules,
 * its assets. Mounted after the server's own routes and before the build output's, so what Vite
 * does not know falls through to dist/ (widget.js, assets) or to the 404 page.
 */
export function viteDevApp(vite: ViteDevServer): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  app.all('*', async (c, next) => {
    const incoming = c.env?.incoming;
    const outgoing = c.env?.outgoing;
    if (!incoming || !outgoing) return next();
    const answered = await new Promise<boolean>((resolve) => {
      outgoing.once('close', () => resolve(true));
      vite.middlewares(incoming as Parameters<ViteDevServer['middlewares']>[0], outgoing, () => resolve(false));
    });
    if (!answered) return next();
    return RESPONSE_ALREADY_SENT;
  });
  return app;
}

/** Dev mode's hosted page: the project's index.html, read at each request and passed through Vite. */
export function devHostedPage(vite: ViteDevServer, root: string): (req: Request) => Promise<Response> {
  return async (req) => {
    const template = await readFile(join(root, 'index.html'), 'utf8').catch(() => null);
    if (template === null) {
      return messagePage(503, {
        lang: 'en',
        title: 'Checkout unavailable',
        text: 'index.html does not exist at the repository root yet.',
      });
    }
    const { pathname } = new URL(req.url);
    const html = await vite.transformIndexHtml(pathname, template);
    return new Response(req.method === 'HEAD' ? null : html, { headers: { 'Content-Type': HTML_TYPE } });
  };
}
