// A merchant's web site: a tiny HTTP server on its own port, hence another origin than the
// checkout server. The browser tests and the bench give it pages; it serves nothing else.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MerchantPage {
  html: string;
  /** Extra response headers, e.g. a Content-Security-Policy. */
  headers?: Record<string, string>;
}

export interface MerchantSite {
  /** e.g. `http://127.0.0.1:41234` */
  url: string;
  /** Serves `page` at `path` (replacing what was there) and returns its full address. */
  page(path: string, page: MerchantPage | string): string;
  close(): Promise<void>;
}

export async function startMerchantSite(): Promise<MerchantSite> {
  const pages = new Map<string, MerchantPage>();
  const server = createServer((req, res) => {
    const found = pages.get(new URL(req.url ?? '/', 'http://merchant.test').pathname);
    if (!found) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    res
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...found.headers })
      .end(found.html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    page(path, page) {
      pages.set(path, typeof page === 'string' ? { html: page } : page);
      return url + path;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
