// What the tests of the lasting receipt link share (./receipt-link.test.ts, ./receipt-page.test.ts,
// ./apps/receipt.test.ts): the checkout's receipt addresses — the link's (`/pay/<id>/receipt…`) and
// the page's (`/receipt/<token>`) — over the sandbox in process, on a fake clock.
import { Hono } from 'hono';
import { receiptApp } from '../../src/server/apps/receipt';
import { plainPaymentApi } from '../../src/server/plain-payment';
import { receiptLinkHandler } from '../../src/server/receipt-link';
import { createReceiptTokens, type ReceiptTokens } from '../../src/server/receipt-token';
import type { SandboxOptions } from '../../src/sandbox';
import { APPROVAL_MS, BASE, setup } from '../sandbox/helpers';

export function receiptSetup(receipts: ReceiptTokens = createReceiptTokens(), options: SandboxOptions = {}) {
  const s = setup({ approvalMs: APPROVAL_MS, ...options });
  const api = plainPaymentApi(s.sandbox);
  const link = receiptLinkHandler({ api, receipts, publicUrl: BASE });
  const app = new Hono();
  app.all('/pay/*', (c) => link(c.req.raw));
  app.route('/receipt', receiptApp({ api, receipts }));
  const get = (path: string, headers: Record<string, string> = {}) => app.request(`${BASE}${path}`, { headers });
  const askLink = (id: string, secret: string, lang?: string) =>
    app.request(`${BASE}/pay/${id}/receipt-link`, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: secret, ...(lang === undefined ? {} : { lang }) }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://shop.example' },
    });
  /** The receipt page's path of the page `id`, as a payer's "keep a link" gets it. */
  const receiptPath = (id: string) => `/receipt/${receipts.seal(id)}`;
  return { ...s, app, get, askLink, receiptPath, receipts };
}
